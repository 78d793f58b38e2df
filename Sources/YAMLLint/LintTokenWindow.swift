/// The part of a lint run's token stream that is in memory: a ring the tokenizer's walk writes into
/// while the rules read (see ``LintStream/ensure(_:)``). Indices are the tokens' numbers in the whole
/// stream; only the token being checked, the one before it and the two after it are guaranteed to be
/// held.
struct LintTokenWindow {
    /// Tokens the ring holds (a power of two: 16 KiB of tokens, which stay in the first-level cache).
    static let size = 512
    /// The ring (``size`` tokens).
    let ring: UnsafeMutablePointer<LintToken>
    /// The number of tokens written so far (shared with the stream, which updates it).
    let written: UnsafeMutablePointer<Int>

    /// Token number `i` (which must be held).
    subscript(i: Int) -> LintToken { ring[i & (LintTokenWindow.size - 1)] }

    /// The number of tokens written so far: while token `i` is checked, this is more than `i + 2` or
    /// the whole stream's count, so `i + 1 < count` and `i + 2 < count` say whether those tokens exist.
    var count: Int { written.pointee }

    /// `0 ..< count`.
    var indices: Range<Int> { 0..<count }
}
