import YAMLSyntax

extension DocumentSnapshot {
    /// The line break a code action writes when it adds lines at `offset` (a UTF-8 byte offset): the
    /// break that ends `offset`'s line when it has one, else the text's first break, else `fallback`.
    /// So a fix keeps a CRLF file CRLF: YAML reads `\r\n`, `\r` and `\n` as one break (YAML 1.2.2 §5.4),
    /// but editors and yamllint's `new-lines` rule (which judges a file by its first break) do not.
    func lineBreak(at offset: Int, fallback: String = "\n") -> String {
        let line = lineIndex.line(containing: offset)
        let end = lineIndex.lineContentEnd(line), next = lineIndex.lineStart(line + 1)
        if next > end { return String(decoding: bytes[end..<next], as: UTF8.self) }
        guard let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return fallback }
        if bytes[first] == 0x0A { return "\n" }
        return first + 1 < bytes.count && bytes[first + 1] == 0x0A ? "\r\n" : "\r"
    }
}
