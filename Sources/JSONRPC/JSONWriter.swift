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
public struct JSONWriter {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element of the open container follows another (a comma goes first).
    private var followsValue = false

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// `{`: starts an object; its members are written with ``key(_:)`` then the value.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        followsValue = false
    }

    /// `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        followsValue = true
    }

    /// `[`: starts an array; write ``element()`` before each element.
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        followsValue = false
    }

    /// `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        followsValue = true
    }

    /// The separator before an array element (a comma after the first).
    public mutating func element() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
        followsValue = true
    }

    /// A member's key, `"key":` (after a comma when it is not the first); `key` needs no escaping.
    public mutating func key(_ key: StaticString) {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        followsValue = true
    }

    /// A member's key that may need escaping (not a literal: `key("x")` would choose this over the
    /// `StaticString` one, as a literal is a `String` first).
    public mutating func dynamicKey(_ key: String) {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
        followsValue = true
    }

    /// JSON text written as is (e.g. a value another encoder wrote).
    public mutating func raw<Bytes: Sequence>(_ text: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: text)
        followsValue = true
    }

    /// `null`.
    public mutating func null() { raw("null".utf8) }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { raw((value ? "true" : "false").utf8) }

    /// An integer in decimal.
    public mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
        followsValue = true
    }

    /// An unsigned integer in decimal.
    public mutating func unsigned<T: UnsignedInteger>(_ value: T) {
        var v = UInt64(value)
        var count = 1
        var rest = v / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        // The digits are written last to first into room made at the end (no temporary buffer).
        var i = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        bytes.withUnsafeMutableBufferPointer { out in
            repeat {
                i -= 1
                out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
        }
        followsValue = true
    }

    /// A string, quoted and escaped (RFC 8259 §7).
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                escape(byte)
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
        followsValue = true
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// Any writable value.
    public mutating func value<T: JSONWritable>(_ value: T) throws { try value.write(to: &self) }

    /// An array of writable values.
    public mutating func array<T: JSONWritable>(_ values: [T]) throws {
        beginArray()
        for v in values {
            element()
            try v.write(to: &self)
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
