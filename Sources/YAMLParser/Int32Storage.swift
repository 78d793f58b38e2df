/// An `Int` stored in 32 bits: a byte offset or index into a text of at most 2 GiB (`Int32.max` bytes,
/// the limit of ``ParseEvents`` and the syntax tree), so the scanner's tokens stay small.
@propertyWrapper
struct Int32Storage {
    private var raw: Int32

    init(wrappedValue: Int) { raw = Int32(truncatingIfNeeded: wrappedValue) }

    /// The value, widened to `Int` (written values are truncated to 32 bits).
    var wrappedValue: Int {
        get { Int(raw) }
        set { raw = Int32(truncatingIfNeeded: newValue) }
    }
}
