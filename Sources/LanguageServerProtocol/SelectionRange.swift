/// A selection range and the one that contains it (LSP 3.17 "SelectionRange"), innermost first.
public final class SelectionRange: Codable, Sendable, Hashable {
    /// The range, in ``Position`` units.
    public let range: LSPRange
    /// The enclosing range, which must contain `range`.
    public let parent: SelectionRange?

    /// Creates a selection range.
    public init(range: LSPRange, parent: SelectionRange? = nil) {
        self.range = range
        self.parent = parent
    }

    /// A chain from `ranges`, innermost first; nil when empty.
    public static func chain(_ ranges: [LSPRange]) -> SelectionRange? {
        var node: SelectionRange?
        for r in ranges.reversed() { node = SelectionRange(range: r, parent: node) }
        return node
    }

    /// The ranges of the chain, innermost first.
    public var ranges: [LSPRange] {
        var out: [LSPRange] = []
        var node: SelectionRange? = self
        while let n = node { out.append(n.range); node = n.parent }
        return out
    }

    /// Equal when the chains are equal.
    public static func == (a: SelectionRange, b: SelectionRange) -> Bool { a.ranges == b.ranges }
    /// Hashes the chain.
    public func hash(into hasher: inout Hasher) { hasher.combine(ranges) }
}
