/// A position in a text document (LSP 3.17 "Position"): zero-based `line`, and `character` counted in
/// the negotiated position encoding (UTF-16 code units unless `utf-8` or `utf-32` was agreed in
/// `initialize`, see ``PositionEncodingKind``). A character past the line end means the line end.
public struct Position: Codable, Sendable, Hashable, Comparable {
    /// Zero-based line number.
    public var line: Int
    /// Zero-based offset in the line, in units of the negotiated encoding.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Decodes `{"line": ..., "character": ...}`; both are LSP `uinteger`s.
    /// - Throws: `DecodingError.dataCorrupted` ("expected a non-negative integer, found -1") for a
    ///   negative one, and the decoder's error for a missing or non-integer one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func unsigned(_ key: CodingKeys) throws -> Int {
            let n = try container.decode(Int.self, forKey: key)
            guard n >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "expected a non-negative integer, found \(n)")
            }
            return n
        }
        line = try unsigned(.line)
        character = try unsigned(.character)
    }

    private enum CodingKeys: String, CodingKey { case line, character }

    /// Document order.
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}
