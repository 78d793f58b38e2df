/// A last-in first-out stack of plain values in memory it manages itself, for the per-token state of a
/// rule (``IndentationRule``'s open contexts, the key rules' open collections, ``KeyTable``'s slots and
/// log). Pushing, popping and
/// reading check neither uniqueness (a Swift `Array` does on every change) nor bounds: the callers
/// read only below ``count``.
///
/// Copies share the memory (it is not copied on write). That is safe as used here: a configuration's
/// rules (``LintRuleSet``) are made with empty stacks, which hold no memory, and each run works on its
/// own copy of them, whose first push allocates that run's memory; a stack is never copied while in
/// use. The memory is freed with the last copy that refers to it.
struct PlainStack<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements (`capacity` of them allocated, `count` in use); nil until the first push.
    private var base: UnsafeMutablePointer<Element>? = nil
    /// The number of elements on the stack.
    private(set) var count = 0
    private var capacity = 0
    /// Frees `base` when the last copy of the stack is gone.
    private var owner: Owner? = nil

    /// Owns one allocation.
    private final class Owner {
        let base: UnsafeMutablePointer<Element>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    /// An empty stack (no memory until the first push).
    init() {}

    /// A stack of `count` copies of `element` (with room for exactly that many): a fixed-size table
    /// when only read and written through ``subscript(_:)``.
    init(repeating element: Element, count: Int) {
        guard count > 0 else { return }
        let owner = Owner(capacity: count)
        owner.base.initialize(repeating: element, count: count)
        self.owner = owner
        base = owner.base
        self.count = count
        capacity = count
    }

    /// True when the stack holds nothing.
    var isEmpty: Bool { count == 0 }

    /// Element `i` from the bottom (`0 ..< count`).
    subscript(i: Int) -> Element {
        @inline(__always) get { base.unsafelyUnwrapped[i] }
        @inline(__always) set { base.unsafelyUnwrapped[i] = newValue }
    }

    /// The top element (the stack must not be empty).
    var top: Element {
        @inline(__always) get { base.unsafelyUnwrapped[count - 1] }
        @inline(__always) set { base.unsafelyUnwrapped[count - 1] = newValue }
    }

    /// Pushes `element`.
    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = element
        count += 1
    }

    /// Pops the top `k` elements (at most ``count``).
    @inline(__always) mutating func removeLast(_ k: Int = 1) { count -= Swift.min(k, count) }

    /// Pops every element (the memory is kept).
    mutating func removeAll() { count = 0 }

    /// Moves the elements into memory for twice as many (at least 32).
    private mutating func grow() {
        let newCapacity = Swift.max(32, capacity * 2)
        let newOwner = Owner(capacity: newCapacity)
        if let base { newOwner.base.initialize(from: base, count: count) }
        owner = newOwner
        base = newOwner.base
        capacity = newCapacity
    }
}
