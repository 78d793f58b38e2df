/// The top-level keys of each document in a block-style YAML stream, read line by line without any
/// YAML library, so the expectation does not share code with the server's outline.
///
/// Enough for the files the Neovim test opens (block mappings at column 0, plain or quoted keys); not a
/// YAML parser. A `---` line starts a document, `...` ends one; comments, blank lines and directives are
/// skipped; a line at column 0 whose first `: ` (or final `:`) lies outside quotes gives a key.
enum NeovimExpectedOutline {
    /// One array of key names per document, in order.
    static func topLevelKeys(_ text: String) -> [[String]] {
        var documents: [[String]] = []
        var current: [String]? = nil
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line == "---" || line.hasPrefix("--- ") {
                if let current { documents.append(current) }
                current = []
                continue
            }
            if line == "..." || line.hasPrefix("... ") {
                if let done = current { documents.append(done) }
                current = nil
                continue
            }
            guard let first = line.first, first != " ", first != "\t", first != "#", first != "%" else { continue }
            if current == nil { current = [] }
            if let key = key(in: line) { current?.append(key) }
        }
        if let current { documents.append(current) }
        return documents
    }

    /// The key of a `key: value` line, unquoted; nil when the line holds no implicit key.
    static func key(in line: Substring) -> String? {
        var quote: Character? = nil
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            let next = line.index(after: index)
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ":" && (next == line.endIndex || line[next] == " ") {
                var key = line[line.startIndex..<index]
                if let f = key.first, f == "\"" || f == "'", key.count >= 2, key.last == f {
                    key = key.dropFirst().dropLast()
                }
                return String(key)
            }
            index = next
        }
        return nil
    }
}
