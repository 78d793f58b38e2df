/// A growable buffer of plain values that cannot be copied: the parser's stack of states
/// (``StateStack``) and open collections, the scanner's token queue (``TokenQueue``) and its implicit
/// key candidates.
///
/// These take a push or a pop for nearly every token and node, and on an `Array` each paid a
/// uniqueness check (a runtime call; `popLast` an optional too); a buffer that cannot be copied needs
/// neither. It grows by doubling and frees its memory when its owner is done.
struct ParserBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Element `index` (0 ..< count).
    @inline(__always) subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "parser buffer index out of range")
            return base[index]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "parser buffer index out of range")
            base[index] = newValue
        }
    }

    /// True when the buffer holds no element.
    var isEmpty: Bool { count == 0 }

    /// The valid indices, `0 ..< count`.
    var indices: Range<Int> { 0..<count }

    /// Removes every element but the first `k` (0 ... count).
    mutating func removeAll(keepingFirst k: Int = 0) {
        precondition(k >= 0 && k <= count, "parser buffer index out of range")
        (base + k).deinitialize(count: count - k)
        count = k
    }

    /// The last element, nil when the buffer is empty.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// Appends `element`.
    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the last element; nil when the buffer is empty.
    @inline(__always) mutating func popLast() -> Element? {
        if count == 0 { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Inserts `element` at `index` (0 ... count), moving the elements from there one place on.
    ///
    /// A measured hot path (a `key` token inserted one or two places back for nearly every mapping entry):
    /// the elements are moved one by one, which for so few costs less than a call to move memory.
    @inline(__always) mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "parser buffer index out of range")
        if count == capacity { grow() }
        var i = count
        while i > index {
            (base + i).initialize(to: (base + i - 1).move())
            i -= 1
        }
        (base + index).initialize(to: element)
        count += 1
    }

    /// Drops the first `k` elements (0 ... count).
    mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "parser buffer index out of range")
        base.deinitialize(count: k)
        base.moveInitialize(from: base + k, count: count - k)
        count -= k
    }

    /// Moves the elements to a buffer of twice the capacity.
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}

extension ParserBuffer where Element: Equatable {
    /// True when `element` is in the buffer.
    func contains(_ element: Element) -> Bool {
        for i in 0..<count where base[i] == element { return true }
        return false
    }
}

/// The stack of states the parser returns to (see ``StreamParser``).
typealias StateStack = ParserBuffer<StreamParser.State>

/// The scanner's queue of tokens not yet consumed by the parser: appended at the end, inserted a few
/// places back (a `key` or block start found when a `:` arrives), read by index and dropped from the
/// front in bulk (see ``Scanner``).
typealias TokenQueue = ParserBuffer<ScannerToken>
