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

    /// The longest chain ``chain(_:)`` builds. Each `parent` is one more level of JSON nesting, and
    /// Foundation's `JSONEncoder` refuses a result nested deeper than 512 levels (the whole answer failed
    /// with -32603 at a position about 500 collections deep, which YAML allows up to the parser's limit).
    public static let maximumChainLength = 256

    /// A chain from `ranges`, innermost first; nil when empty. Longer than ``maximumChainLength``, the
    /// innermost ranges and the outermost one are kept, so selection still grows step by step from the
    /// cursor and can reach the whole document.
    public static func chain(_ ranges: [LSPRange]) -> SelectionRange? {
        var kept = ranges
        if kept.count > maximumChainLength, let outermost = kept.last {
            kept = Array(kept.prefix(maximumChainLength - 1)) + [outermost]
        }
        var node: SelectionRange?
        for r in kept.reversed() { node = SelectionRange(range: r, parent: node) }
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
