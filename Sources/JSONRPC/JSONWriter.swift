import Foundation

/// A value that writes its own JSON text with ``JSONWriter``, without Foundation's `JSONEncoder`.
///
/// For the results the server sends most and largest (outline, folding ranges, diagnostics, semantic
/// tokens): a measured hot path. `documentSymbol` on a 100-document Kubernetes stream spent about 79 % of its
/// server CPU time in `JSONEncoder` (issue 19). Conformers write members in sorted key order, as
/// ``LSPAny/encoder`` does, and leave out nil members; they may leave out empty arrays whose absence means
/// the same (LSP 3.17: `children`, `tags`, `relatedInformation` are optional).
public protocol JSONWritable {
    /// Appends this value's JSON text to `writer`.
    /// - Throws: `EncodingError` only for NaN or infinite numbers (in members written by `JSONEncoder`).
    func write(to writer: inout JSONWriter) throws
}

/// Appends compact JSON text (UTF-8) to a byte buffer: object members and array elements separated by
/// commas, strings escaped as RFC 8259 §7 requires (`"`, `\` and control characters; `/` and non-ASCII
/// left as they are).
///
/// The buffer is the writer's own `malloc` block, grown by `realloc` and handed over without a copy by
/// ``data()``; each write checks the room left once and copies its bytes in (a `[UInt8]` paid a
/// uniqueness and capacity check per byte: a third of the server's time per `documentSymbol` on a
/// 3,700-line stream, issue 19). Not copyable: one writer owns its buffer.
public struct JSONWriter: ~Copyable {
    /// The buffer; `capacity` bytes, the first `count` written.
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next member or element of the open container follows another (a comma goes first).
    private var followsValue = false

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 64)
        guard let block = malloc(self.capacity) else { fatalError("JSONWriter: out of memory") }
        base = block.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    /// The text written so far (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The number of bytes written so far.
    public var byteCount: Int { count }

    /// The text written, as `Data` that takes over the buffer (no copy); ends the writer.
    public consuming func data() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        discard self
        return data
    }

    /// Room for `n` more bytes; returns where they go (the caller adds them to `count`).
    @inline(__always)
    private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(count + n) }
        return base + count
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        guard let block = realloc(base, newCapacity) else { fatalError("JSONWriter: out of memory") }
        base = block.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        room(1).pointee = byte
        count += 1
    }

    private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        room(buffer.count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    /// `{`: starts an object; its members are written with ``key(_:)`` then the value.
    public mutating func beginObject() {
        put(UInt8(ascii: "{"))
        followsValue = false
    }

    /// `}`.
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        followsValue = true
    }

    /// `[`: starts an array; write ``element()`` before each element.
    public mutating func beginArray() {
        put(UInt8(ascii: "["))
        followsValue = false
    }

    /// `]`.
    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        followsValue = true
    }

    /// The separator before an array element (a comma after the first).
    public mutating func element() {
        if followsValue { put(UInt8(ascii: ",")) }
        followsValue = true
    }

    /// A member's key, `"key":` (after a comma when it is not the first); `key` needs no escaping.
    public mutating func key(_ key: StaticString) {
        guard key.hasPointerRepresentation else {
            // A literal of one Unicode scalar; never a key in practice.
            if followsValue { put(UInt8(ascii: ",")) }
            string(key.description)
            put(UInt8(ascii: ":"))
            followsValue = true
            return
        }
        let length = key.utf8CodeUnitCount
        let out = room(length + 4)
        var i = 0
        if followsValue {
            out[0] = UInt8(ascii: ",")
            i = 1
        }
        out[i] = UInt8(ascii: "\"")
        (out + i + 1).update(from: key.utf8Start, count: length)
        out[i + 1 + length] = UInt8(ascii: "\"")
        out[i + 2 + length] = UInt8(ascii: ":")
        count += i + 3 + length
        followsValue = true
    }

    /// JSON text from a literal, written as is with no separator before it (e.g. `{"line":`, the start of an
    /// object and its first key at once); the next member or element gets a comma.
    public mutating func fragment(_ text: StaticString) {
        if text.hasPointerRepresentation {
            let length = text.utf8CodeUnitCount
            room(length).update(from: text.utf8Start, count: length)
            count += length
        } else {
            text.withUTF8Buffer { put($0) }
        }
        followsValue = true
    }

    /// A member's key that may need escaping (not a literal: `key("x")` would choose this over the
    /// `StaticString` one, as a literal is a `String` first).
    public mutating func dynamicKey(_ key: String) {
        if followsValue { put(UInt8(ascii: ",")) }
        string(key)
        put(UInt8(ascii: ":"))
        followsValue = true
    }

    /// JSON text written as is (e.g. a value another encoder wrote).
    public mutating func raw<Bytes: Sequence>(_ text: Bytes) where Bytes.Element == UInt8 {
        let copied: Void? = text.withContiguousStorageIfAvailable { put($0) }
        if copied == nil {
            for byte in text { put(byte) }
        }
        followsValue = true
    }

    /// `null`.
    public mutating func null() { raw("null".utf8) }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { raw((value ? "true" : "false").utf8) }

    /// An integer in decimal.
    public mutating func int(_ value: Int) {
        if value < 0 {
            put(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
        followsValue = true
    }

    /// An unsigned integer in decimal.
    public mutating func unsigned<T: UnsignedInteger>(_ value: T) {
        var v = UInt64(value)
        if v < 10 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v))
            followsValue = true
            return
        }
        // The digits counted by comparisons (no division); 10^19 is the largest power of ten in 64 bits.
        var digits = 1
        var power: UInt64 = 10
        while v >= power {
            digits += 1
            if digits == 20 { break }
            power &*= 10
        }
        // The digits are written last to first into their room (no temporary buffer).
        let out = room(digits)
        var i = digits
        repeat {
            i -= 1
            out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        } while v > 0
        count += digits
        followsValue = true
    }

    /// A string, quoted and escaped (RFC 8259 §7).
    public mutating func string(_ value: String) {
        put(UInt8(ascii: "\""))
        // A native string's bytes in place; a bridged or small one through a copy.
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var text = value
            text.withUTF8 { escaped($0) }
        }
        put(UInt8(ascii: "\""))
        followsValue = true
    }

    /// `utf8` with `"`, `\` and control characters escaped (RFC 8259 §7), without the quotes.
    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            put(UnsafeBufferPointer(rebasing: utf8[start..<i]))
            escape(byte)
            start = i + 1
        }
        put(UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
        case 0x08: put(UInt8(ascii: "b"))
        case 0x0C: put(UInt8(ascii: "f"))
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            for b in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] { put(b) }
        }
    }

    /// Any writable value.
    public mutating func value<T: JSONWritable>(_ value: T) throws { try value.write(to: &self) }

    /// An array of writable values.
    public mutating func array<T: JSONWritable>(_ values: [T]) throws {
        beginArray()
        // By index: each element is borrowed in place, not copied out (retaining its strings and arrays).
        for i in values.indices {
            element()
            try values[i].write(to: &self)
        }
        endArray()
    }

    /// A value written by Foundation's encoder (``LSPAny/encoder``), for the rare members of a hot-path
    /// type that are not ``JSONWritable`` (e.g. a diagnostic's `data`).
    public mutating func encoded<T: Encodable>(_ value: T) throws {
        raw(try LSPAny.encoder.encode(value))
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to writer: inout JSONWriter) throws { try writer.array(self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` for nil (a result that is nil is written as `null`; members that are nil are left out by
    /// their containers).
    public func write(to writer: inout JSONWriter) throws {
        if let self { try self.write(to: &writer) } else { writer.null() }
    }
}

extension LSPAny: JSONWritable {
    /// Object members in sorted key order (Swift's `<` on strings); a double through `JSONEncoder`, which
    /// refuses NaN and infinities.
    public func write(to writer: inout JSONWriter) throws {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.int(value)
        case .double(let value): try writer.encoded(value)
        case .string(let value): writer.string(value)
        case .array(let values): try writer.array(values)
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted() {
                writer.dynamicKey(key)
                try members[key]!.write(to: &writer)
            }
            writer.endObject()
        }
    }
}

extension RequestID: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .number(let n): writer.int(n)
        case .string(let s): writer.string(s)
        }
    }
}
