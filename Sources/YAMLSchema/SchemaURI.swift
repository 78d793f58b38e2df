import YAMLSyntax

/// URI reference handling for `$id`, `$ref` and friends: RFC 3986 §5.2 reference resolution, fragment
/// splitting, and JSON Pointer (RFC 6901) fragments.
///
/// URIs are handled as strings; nothing here touches the network or the file system.
enum SchemaURI {
    /// The parts of a URI reference (RFC 3986 §3); absent parts are nil.
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let q = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: q)...])
                rest = rest[..<q]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
               rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        var text: String {
            var out = ""
            if let scheme { out += scheme + ":" }
            if let authority { out += "//" + authority }
            out += path
            if let query { out += "?" + query }
            if let fragment { out += "#" + fragment }
            return out
        }
    }

    /// `reference` resolved against the absolute `base` (RFC 3986 §5.2.2, strict). An empty fragment is
    /// dropped (`x#` is `x`).
    static func resolve(_ reference: String, against base: String) -> String {
        let r = Parts(reference)
        var t: Parts
        if r.scheme != nil {
            t = r
            t.path = removeDotSegments(r.path)
        } else {
            let b = Parts(base)
            t = Parts("")
            t.scheme = b.scheme
            if r.authority != nil {
                t.authority = r.authority
                t.path = removeDotSegments(r.path)
                t.query = r.query
            } else {
                t.authority = b.authority
                if r.path.isEmpty {
                    t.path = b.path
                    t.query = r.query ?? b.query
                } else {
                    if r.path.hasPrefix("/") {
                        t.path = removeDotSegments(r.path)
                    } else {
                        t.path = removeDotSegments(merge(base: b, path: r.path))
                    }
                    t.query = r.query
                }
            }
            t.fragment = r.fragment
        }
        if t.fragment?.isEmpty == true { t.fragment = nil }
        return t.text
    }

    private static func merge(base: Parts, path: String) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        // RFC 3986 §5.2.4, segment-wise.
        let absolute = input.hasPrefix("/")
        if absolute { input = input.dropFirst() }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            switch segment {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        result = (absolute ? "/" : "") + output.joined(separator: "/")
        return result
    }

    /// Splits `uri` into the part before `#` and the fragment (nil when there is no `#`).
    static func split(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// `text` with `%XX` escapes decoded (invalid escapes are kept as written).
    static func percentDecoded(_ text: String) -> String { PercentDecoding.decode(text) }

    /// The reference tokens of a JSON Pointer fragment (already percent-decoded): `~1` -> `/`, `~0` -> `~`
    /// (RFC 6901 §4). Nil when `pointer` is neither empty nor starts with `/`.
    static func pointerTokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences("~1", "/").replacingOccurrences("~0", "~")
        }
    }

    /// `token` escaped for use in a JSON Pointer (`~` -> `~0`, `/` -> `~1`).
    static func escapePointerToken(_ token: String) -> String {
        // Bytes, not Characters: no grapheme breaking for the common token that needs no escape.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
    }
}

extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement` (stdlib only; no Foundation).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}

/// Public access to URI reference resolution for schema association (which file a relative schema path
/// in a modeline or a setting names).
public enum SchemaReference {
    /// `reference` resolved against the absolute URI `base` (RFC 3986 §5.2.2, strict), e.g.
    /// `../schemas/a.json` against `file:///w/app/x.yaml` gives `file:///w/schemas/a.json`; an absolute
    /// reference is returned normalized. Strings only; nothing is read.
    public static func resolve(_ reference: String, against base: String) -> String {
        SchemaURI.resolve(reference, against: base)
    }

    /// True when `reference` has a URI scheme (`https:`, `file:`, ...). A one-letter scheme is taken as
    /// a Windows drive letter and so does not count.
    public static func hasScheme(_ reference: String) -> Bool {
        // ``SchemaURI/Parts``' rule read on UTF-8 bytes while they are ASCII (every setting a start-up
        // resolves): a letter, then letters, digits, `+`, `-` or `.` up to the first `:`, with no `/`, `?`
        // or `#` before it. Splitting into `Character`s was about 14 % of `pureyaml check`'s instructions on
        // a small file.
        var length = 0
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return length > 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return false }
                length += 1
            case 0x80...:
                // Non-ASCII letters count as letters (`Character.isLetter`): the general rule decides.
                guard let scheme = SchemaURI.Parts(reference).scheme else { return false }
                return scheme.count > 1
            default:
                return false
            }
        }
        return false
    }
}
