/// The scanner's queue of tokens not yet consumed by the parser, in a buffer of its own.
///
/// Tokens are appended at the end, inserted a few places back (a `key` or block start found when a
/// `:` arrives), read by index and dropped from the front in bulk. On an `Array` every append and
/// insert paid a uniqueness check (a runtime call); this queue cannot be copied, so it needs none.
/// It grows by doubling and frees its buffer with the scanner.
struct TokenQueue: ~Copyable {
    private var base: UnsafeMutablePointer<ScannerToken>
    private var capacity: Int
    /// The number of tokens in the queue.
    private(set) var count = 0

    /// An empty queue with room for `capacity` tokens before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        // `ScannerToken` is plain data: nothing to deinitialize.
        base.deallocate()
    }

    /// Token `index` (0 ..< count).
    @inline(__always) subscript(index: Int) -> ScannerToken {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "token queue index out of range")
        return base[index]
    }

    /// The last token, nil when the queue is empty.
    var last: ScannerToken? { count > 0 ? base[count - 1] : nil }

    /// Appends `token`.
    @inline(__always) mutating func append(_ token: ScannerToken) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    /// Inserts `token` at `index` (0 ... count), moving the tokens from there one place on.
    mutating func insert(_ token: ScannerToken, at index: Int) {
        precondition(index >= 0 && index <= count, "token queue index out of range")
        if count == capacity { grow() }
        (base + index + 1).moveInitialize(from: base + index, count: count - index)
        (base + index).initialize(to: token)
        count += 1
    }

    /// Drops the first `k` tokens (0 ... count).
    mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "token queue index out of range")
        base.moveInitialize(from: base + k, count: count - k)
        count -= k
    }

    /// Moves the tokens to a buffer of twice the capacity.
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<ScannerToken>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
