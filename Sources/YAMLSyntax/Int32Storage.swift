/// An `Int` stored in 32 bits: a byte offset, line, column or index into a text of at most 2 GiB
/// (`Int32.max` bytes, the limit of the syntax tree), so tokens that are copied often stay small.
///
/// `$name` (the projected value) is the raw `Int32`, for hot loops that compare two fields without
/// widening them. Public (not `package`) because Swift lets a public property use only a public
/// wrapper (`LintToken`'s positions are public); frozen and inlinable so that reading a field costs
/// what reading an `Int32` costs, in every module.
@propertyWrapper
@frozen
public struct Int32Storage: Hashable, Sendable {
    @usableFromInline var raw: Int32

    /// Stores `wrappedValue` truncated to 32 bits.
    @inlinable public init(wrappedValue: Int) { raw = Int32(truncatingIfNeeded: wrappedValue) }

    /// The value, widened to `Int` (written values are truncated to 32 bits).
    @inlinable public var wrappedValue: Int {
        get { Int(raw) }
        set { raw = Int32(truncatingIfNeeded: newValue) }
    }

    /// The stored 32 bits.
    @inlinable public var projectedValue: Int32 {
        get { raw }
        set { raw = newValue }
    }
}
