/// A range in a text document (LSP 3.17 "Range"): `start` inclusive, `end` exclusive, in ``Position`` units.
/// Named `LSPRange` to avoid shadowing `Swift.Range`; encoded as `{"start":…,"end":…}`.
public struct LSPRange: Codable, Sendable, Hashable {
    /// The first position covered.
    public var start: Position
    /// The position just after the range.
    public var end: Position

    /// Creates a range.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}
