import YAMLParser
import YAMLSyntax

/// Finds the links of a snapshot: the `$schema` of a `# yaml-language-server: $schema=…` modeline,
/// `$ref` values, and scalars that are `http(s)` URLs. Relative targets are resolved against the
/// document's URI (RFC 3986 §5.2, path segments `.`/`..` removed); a fragment-only `$ref` (`#/…`) and
/// relative targets of a document without a hierarchical URI (`untitled:`) are not links.
/// At most `limit` links are returned.
enum DocumentLinks {
    /// The modeline prefix (yaml-language-server's convention).
    static let modelinePrefix = "yaml-language-server:"

    /// The links of `snapshot`, at most `limit`: the first `limit` modelines and URLs, then `$ref` values while
    /// fewer, in text order. A stream read from its chunks (``DocumentSnapshot/buildsSurfacesFromChunks``) is read
    /// chunk by chunk, each parsed alone and freed before the next (the same links: a link lies in one token).
    static func links(_ snapshot: DocumentSnapshot, limit: Int) -> [DocumentLinkTarget] {
        guard snapshot.buildsSurfacesFromChunks, let chunks = snapshot.chunks else {
            return links(snapshot.tree, uri: snapshot.uri, limit: limit)
        }
        // Each chunk's links under the same limit hold what the whole text's cut keeps of that chunk: the token
        // links of the chunks before only lower the number of `$ref` links the whole text keeps.
        var tokenLinks: [DocumentLinkTarget] = [], references: [DocumentLinkTarget] = []
        for (k, start) in chunks.starts.enumerated() where tokenLinks.count < limit {
            let end = chunks.end(of: k, textCount: snapshot.bytes.count)
            for var link in links(Parser.parse(Array(snapshot.bytes[start..<end])).tree, uri: snapshot.uri, limit: limit) {
                link.range = link.range.shifted(by: start)
                if link.source == .reference { references.append(link) } else { tokenLinks.append(link) }
            }
        }
        let kept = Array(tokenLinks.prefix(limit))
        return (kept + references.prefix(Swift.max(0, limit - kept.count))).sorted { $0.range < $1.range }
    }

    /// The links of `tree`, the text of the document at `uri`, at most `limit` (see ``links(_:limit:)``).
    static func links(_ tree: SyntaxTree, uri: DocumentURI, limit: Int) -> [DocumentLinkTarget] {
        var out: [DocumentLinkTarget] = []
        let base = uri.string
        for token in tree.tokens where out.count < limit {
            switch token.kind {
            case .comment:
                if let (range, value) = modelineSchema(token, in: tree), let target = resolve(value, against: base) {
                    out.append(DocumentLinkTarget(range: range, target: target, source: .schemaModeline))
                }
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar:
                guard let (range, text) = scalarText(token, in: tree), isURL(text) else { continue }
                out.append(DocumentLinkTarget(range: range, target: text, source: .url))
            default:
                continue
            }
        }
        // `$ref: target` entries.
        for i in tree.nodes.indices where tree.nodes[i].kind == .mappingEntry && out.count < limit {
            let entry = SyntaxNode(tree: tree, index: i)
            guard let key = entry.child(.key), let value = entry.child(.value),
                  let keyToken = key.tokens.first(where: { isScalar($0.kind) }),
                  scalarText(keyToken, in: tree)?.text == "$ref",
                  let valueToken = value.tokens.first(where: { isScalar($0.kind) }),
                  let (range, text) = scalarText(valueToken, in: tree),
                  !isURL(text), !text.hasPrefix("#"),
                  let target = resolve(text, against: base) else { continue }
            out.append(DocumentLinkTarget(range: range, target: target, source: .reference))
        }
        out.sort { $0.range < $1.range }
        return out
    }

    static func isScalar(_ kind: TokenKind) -> Bool {
        kind == .plainScalar || kind == .singleQuotedScalar || kind == .doubleQuotedScalar
    }

    /// A one-line scalar's text without quotes and its range; nil for multi-line scalars and for
    /// quoted scalars with escapes.
    static func scalarText(_ token: Token, in tree: SyntaxTree) -> (range: TextRange, text: String)? {
        var r = token.range
        if token.kind != .plainScalar {
            guard r.length >= 2 else { return nil }
            r = TextRange(start: r.start + 1, end: r.end - 1)
        }
        let text = tree.text(r)
        if text.contains("\n") || text.contains("\r") || (token.kind == .doubleQuotedScalar && text.contains("\\"))
            || (token.kind == .singleQuotedScalar && text.contains("'")) { return nil }
        return (r, text)
    }

    static func isURL(_ text: String) -> Bool {
        (text.hasPrefix("http://") || text.hasPrefix("https://")) && text.count > 8
            && !text.contains(where: { $0 == " " || $0 == "\t" })
    }

    /// The value range and text of a `# yaml-language-server: $schema=<value>` comment (spaces allowed
    /// around the prefix).
    static func modelineSchema(_ token: Token, in tree: SyntaxTree) -> (TextRange, String)? {
        let bytes = tree.bytes
        var p = token.range.start + 1            // after `#`
        let end = token.range.end
        func skipBlanks() { while p < end, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 } }
        func expect(_ word: String) -> Bool {
            for b in word.utf8 {
                guard p < end, bytes[p] == b else { return false }
                p += 1
            }
            return true
        }
        skipBlanks()
        guard expect(modelinePrefix) else { return nil }
        skipBlanks()
        guard expect("$schema=") else { return nil }
        let valueStart = p
        while p < end, bytes[p] != 0x20, bytes[p] != 0x09 { p += 1 }
        guard p > valueStart else { return nil }
        let r = TextRange(start: valueStart, end: p)
        return (r, tree.text(r))
    }

    /// `reference` as an absolute URI: unchanged when it has a scheme, else resolved against `base`.
    static func resolve(_ reference: String, against base: String) -> String? {
        if hasScheme(reference) { return reference }
        guard let colon = base.firstIndex(of: ":"), base[colon...].hasPrefix("://") else { return nil }
        let authorityStart = base.index(colon, offsetBy: 3)
        let pathStart = base[authorityStart...].firstIndex(of: "/") ?? base.endIndex
        let prefix = String(base[..<pathStart])
        var basePath = String(base[pathStart...])
        if let cut = basePath.firstIndex(where: { $0 == "?" || $0 == "#" }) { basePath = String(basePath[..<cut]) }
        var fragment = ""
        var path = reference
        if let hash = path.firstIndex(of: "#") { fragment = String(path[hash...]); path = String(path[..<hash]) }
        let joined: String
        if path.hasPrefix("/") {
            joined = path
        } else {
            let folder = basePath.lastIndex(of: "/").map { String(basePath[...$0]) } ?? "/"
            joined = folder + path
        }
        var segments: [Substring] = []
        let parts = joined.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            if part == "." { if i == parts.count - 1 { segments.append("") }; continue }
            if part == ".." {
                if segments.count > 1 { segments.removeLast() }
                if i == parts.count - 1 { segments.append("") }
                continue
            }
            segments.append(part)
        }
        var result = segments.joined(separator: "/")
        if !result.hasPrefix("/") { result = "/" + result }
        return prefix + result.replacingSpaces() + fragment
    }

    /// True when `s` starts with an RFC 3986 scheme followed by `:` (at least two letters, so `C:` drive
    /// letters are paths).
    static func hasScheme(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":") else { return false }
        let scheme = s[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

extension String {
    /// The string with spaces percent-encoded, as they must be in a URI.
    fileprivate func replacingSpaces() -> String {
        var out = ""
        for c in self { out += c == " " ? "%20" : String(c) }
        return out
    }
}
