/// A half-open range of UTF-8 byte offsets into a document's text: `start ..< end`.
///
/// Offsets count UTF-8 bytes from the start of the text (a BOM counts as 3 bytes). Every range the
/// YAML core produces uses these units; conversion to LSP positions goes through ``LineIndex``.
public struct TextRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// First byte offset covered (inclusive).
    public var start: Int
    /// Byte offset just past the last byte covered (exclusive). `end >= start`.
    public var end: Int

    /// Creates `start ..< end`. Precondition: `start <= end`.
    @inlinable
    public init(start: Int, end: Int) {
        precondition(start <= end, "TextRange start \(start) > end \(end)")
        self.start = start
        self.end = end
    }

    /// `start ..< end` for offsets already known to be ordered (no check; for stored ranges).
    @inlinable @inline(__always) init(uncheckedStart start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// An empty range at `offset`.
    @inlinable public init(empty offset: Int) { self.init(start: offset, end: offset) }

    /// Number of bytes covered.
    @inlinable public var length: Int { end - start }
    /// True when the range covers no byte.
    @inlinable public var isEmpty: Bool { start == end }

    /// True when `offset` lies in `start ..< end`, or equals `start` for an empty range.
    public func contains(_ offset: Int) -> Bool { offset >= start && (offset < end || (isEmpty && offset == start)) }
    /// True when `offset` lies in `start ... end` (the end counts, as for a cursor after the last byte).
    public func touches(_ offset: Int) -> Bool { offset >= start && offset <= end }
    /// True when `other` lies wholly inside this range.
    public func contains(_ other: TextRange) -> Bool { other.start >= start && other.end <= end }
    /// True when the two ranges share at least one byte, or one is empty and touches the other.
    public func overlaps(_ other: TextRange) -> Bool {
        if isEmpty || other.isEmpty { return other.start <= end && start <= other.end }
        return other.start < end && start < other.end
    }
    /// The smallest range covering both.
    public func union(_ other: TextRange) -> TextRange {
        TextRange(start: Swift.min(start, other.start), end: Swift.max(end, other.end))
    }

    public static func < (lhs: TextRange, rhs: TextRange) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.end < rhs.end
    }

    public var description: String { "\(start)..<\(end)" }
}
