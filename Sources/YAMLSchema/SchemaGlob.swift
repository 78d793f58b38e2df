/// A file-name glob as written in `yaml.schemas` settings and SchemaStore catalog `fileMatch` lists.
///
/// Syntax: `*` matches any run of characters except `/`; `**` any run including `/` (and `**/` also
/// matches no folder at all); `?` one character except `/`; `[abc]`, `[a-z]`, `[!abc]` one character of
/// (not of) a set; `{a,b}` one of the alternatives (not nested). Everything else matches itself.
///
/// Matching follows yaml-language-server and VS Code's JSON service: a leading `/` or `./` is dropped and
/// the pattern may match any tail of the path that starts at a folder boundary, as if it began with `**/`.
/// So `docker-compose.yml` matches `/home/u/app/docker-compose.yml`, and `/.github/workflows/*` matches
/// `.github/workflows/ci.yml` below the workspace root as well as deeper copies.
public struct SchemaGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// The alternatives after `{a,b}` expansion, as UTF-8, each prefixed with `**/` when needed.
    private let alternatives: [[UInt8]]

    /// At most this many alternatives are produced by `{}` expansion; further ones are dropped.
    static let maxAlternatives = 256

    /// Compiles `pattern`. Never fails: a malformed class or brace is matched literally.
    public init(_ pattern: String) {
        self.pattern = pattern
        var body = Substring(pattern)
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        if body.hasPrefix("/") { body = body.drop { $0 == "/" } }
        var out: [[UInt8]] = []
        for alternative in Self.expandBraces(Array(body.utf8)) {
            let anchored = alternative.starts(with: Array("**".utf8))
            out.append(anchored ? alternative : Array("**/".utf8) + alternative)
        }
        alternatives = out
    }

    /// True when `path` (a `/`-separated path, absolute or relative; a leading `/` is ignored) matches.
    public func matches(_ path: String) -> Bool {
        var bytes = Array(path.utf8)
        while bytes.first == UInt8(ascii: "/") { bytes.removeFirst() }
        return alternatives.contains { Self.match(Array($0), bytes) }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// `{a,b}` expanded left to right (no nesting; an unclosed `{` is literal).
    static func expandBraces(_ p: [UInt8]) -> [[UInt8]] {
        guard let open = p.firstIndex(of: UInt8(ascii: "{")),
              let close = p[open...].firstIndex(of: UInt8(ascii: "}")) else { return [p] }
        let head = Array(p[..<open])
        let tails = expandBraces(Array(p[(close + 1)...]))
        var out: [[UInt8]] = []
        for option in p[(open + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            for tail in tails {
                guard out.count < maxAlternatives else { return out }
                out.append(head + Array(option) + tail)
            }
        }
        return out
    }

    /// Glob matching by dynamic programming over (pattern index, path index): O(|p|·|s|) time, so no
    /// pattern can make it hang.
    static func match(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        // reachable[j]: the pattern prefix consumed so far matches s[..<j].
        var reachable = [Bool](repeating: false, count: s.count + 1)
        reachable[0] = true
        var i = 0
        while i < p.count {
            var next = [Bool](repeating: false, count: s.count + 1)
            let c = p[i]
            if c == UInt8(ascii: "*") {
                let globstar = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                if globstar {
                    // `**/` may also match nothing at all.
                    let skipSlash = i + 2 < p.count && p[i + 2] == slash
                    var any = false
                    for j in 0...s.count {
                        if reachable[j] { any = true }
                        if any { next[j] = true }
                    }
                    if skipSlash {
                        // Either `**/` matched "" or `**` matched up to a `/` that the pattern's `/` eats.
                        var after = [Bool](repeating: false, count: s.count + 1)
                        for j in 0...s.count where reachable[j] { after[j] = true }
                        for j in 0..<s.count where next[j] && s[j] == slash { after[j + 1] = true }
                        reachable = after
                        i += 3
                        continue
                    }
                    reachable = next
                    i += 2
                    continue
                }
                var run = false
                for j in 0...s.count {
                    if reachable[j] { run = true }
                    if run { next[j] = true }
                    if j < s.count && s[j] == slash { run = false }
                }
                reachable = next
                i += 1
                continue
            }
            if c == UInt8(ascii: "["), let close = p[(i + 1)...].dropFirst().firstIndex(of: UInt8(ascii: "]")) {
                var set = Array(p[(i + 1)..<close])
                let negated = set.first == UInt8(ascii: "!") || set.first == UInt8(ascii: "^")
                if negated { set.removeFirst() }
                for j in 0..<s.count where reachable[j] && s[j] != slash {
                    if classContains(set, s[j]) != negated { next[j + 1] = true }
                }
                reachable = next
                i = close + 1
                continue
            }
            for j in 0..<s.count where reachable[j] {
                if c == UInt8(ascii: "?") ? s[j] != slash : s[j] == c { next[j + 1] = true }
            }
            reachable = next
            i += 1
        }
        return reachable[s.count]
    }

    private static func classContains(_ set: [UInt8], _ b: UInt8) -> Bool {
        var k = 0
        while k < set.count {
            if k + 2 < set.count, set[k + 1] == UInt8(ascii: "-") {
                if set[k] <= b && b <= set[k + 2] { return true }
                k += 3
            } else {
                if set[k] == b { return true }
                k += 1
            }
        }
        return false
    }
}
