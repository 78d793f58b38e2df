import YAMLSyntax

/// A comment that names the schema of its document, as yaml-language-server reads it:
/// `# yaml-language-server: $schema=<url or path>` (other options may sit beside it on the line), or the
/// shorter `# $schema: <url or path>`. The value `none` turns schema validation off for the document.
public struct SchemaModeline: Sendable, Hashable {
    /// The schema reference as written (a URL, or a path relative to the document's folder), or `none`.
    public let reference: String
    /// The comment, from `#` to the end of its line, in UTF-8 byte offsets.
    public let range: TextRange

    /// Creates a modeline; `range` in UTF-8 byte offsets.
    public init(reference: String, range: TextRange) {
        self.reference = reference
        self.range = range
    }

    /// True for `$schema=none`: the document is not validated even if settings or the catalog name a schema.
    public var disablesValidation: Bool { reference.lowercased() == "none" }

    /// The first modeline in the comment lines of `bytes[range]` (lines whose first non-blank character is
    /// `#`), or nil. Lines are split at `\n`, `\r\n` and `\r`. `isComment` tells whether the `#` at a
    /// byte offset starts a real comment (not a line of a block scalar); every such line counts when absent.
    public static func first(in bytes: [UInt8], range: TextRange,
                             isComment: (Int) -> Bool = { _ in true }) -> SchemaModeline? {
        var lineStart = max(0, range.start)
        let end = min(bytes.count, range.end)
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var i = lineStart
            while i < lineEnd, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            if i < lineEnd, bytes[i] == UInt8(ascii: "#"), isComment(i),
               let reference = parse(comment: String(decoding: bytes[(i + 1)..<lineEnd], as: UTF8.self)) {
                return SchemaModeline(reference: reference, range: TextRange(start: i, end: lineEnd))
            }
            lineStart = lineEnd + 1
            if lineEnd < end, bytes[lineEnd] == 0x0D, lineEnd + 1 < end, bytes[lineEnd + 1] == 0x0A { lineStart += 1 }
        }
        return nil
    }

    /// The schema reference in the text of one comment after its `#`, or nil when it is no modeline.
    static func parse(comment: String) -> String? {
        let text = comment.drop { $0 == " " || $0 == "\t" }
        if text.hasPrefix("yaml-language-server") {
            let rest = text.dropFirst("yaml-language-server".count).drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix(":"), let r = rest.firstRange(of: "$schema=") else { return nil }
            let value = rest[r.upperBound...].prefix { $0 != " " && $0 != "\t" }
            return value.isEmpty ? nil : String(value)
        }
        if text.hasPrefix("$schema") {
            let rest = text.dropFirst("$schema".count).drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix(":") else { return nil }
            let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}
