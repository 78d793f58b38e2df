/// The stack of states the parser returns to (``StreamParser/State``), kept in a buffer of its own.
///
/// A push and a pop happen for nearly every node, and on an `Array` each paid a uniqueness check
/// (a runtime call) and `popLast`'s optional; this stack cannot be copied, so it needs neither. It
/// grows by doubling and frees its buffer when the parser is done.
struct StateStack: ~Copyable {
    private var base: UnsafeMutablePointer<StreamParser.State>
    private var capacity: Int
    /// The number of states on the stack.
    private(set) var count = 0

    /// An empty stack with room for `capacity` states before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `state`.
    @inline(__always) mutating func append(_ state: StreamParser.State) {
        if count == capacity { grow() }
        (base + count).initialize(to: state)
        count += 1
    }

    /// Pops the last state pushed; nil when the stack is empty.
    @inline(__always) mutating func popLast() -> StreamParser.State? {
        if count == 0 { return nil }
        count -= 1
        return (base + count).move()
    }

    /// True when `state` is on the stack.
    func contains(_ state: StreamParser.State) -> Bool {
        for i in 0..<count where base[i] == state { return true }
        return false
    }

    /// Moves the states to a buffer of twice the capacity.
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<StreamParser.State>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
