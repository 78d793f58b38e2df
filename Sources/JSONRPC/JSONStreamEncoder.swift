import Foundation

/// Writes any `Encodable` value as compact UTF-8 JSON (RFC 8259) in one pass into a byte buffer, with
/// the same text Foundation's `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`:
/// object members sorted by the UTF-8 bytes of their keys, `/` and non-ASCII characters unescaped,
/// control characters as `\b \t \n \f \r` or `\u00XX`, integral doubles without `.0`, nil optionals omitted
/// (`encodeIfPresent`), and a value that encodes nothing written as `{}`.
///
/// Why not `JSONEncoder`: it builds a tree of boxed values and dictionaries before writing, which costs
/// tens of microseconds per small object (a `documentSymbol` reply with 100,000 symbols took seconds);
/// this writer appends bytes as the value's `encode(to:)` runs and sorts a finished object's members by
/// moving their byte ranges, only when they were written out of order.
///
/// Containers must be used in stack order, as synthesized `Codable` conformances do: once a value has
/// written into an outer container, its inner containers are finished and must not be written again.
public enum JSONStreamEncoder {
    /// The JSON text of `value`.
    /// - Throws: `EncodingError.invalidValue` for NaN or infinite numbers, or whatever `value.encode(to:)` throws.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        var bytes: [UInt8] = []
        try append(value, to: &bytes)
        return Data(bytes)
    }

    /// Appends the JSON text of `value` to `bytes` (on a throw, `bytes` may hold a partial value).
    /// - Throws: as ``encode(_:)``.
    public static func append<T: Encodable>(_ value: T, to bytes: inout [UInt8]) throws {
        let writer = JSONStreamWriter(bytes: bytes)
        bytes = []
        defer { bytes = writer.bytes }
        try writer.writeValue(value, depth: 0, parent: nil, key: nil)
        writer.close(downTo: 0)
    }
}

/// The state shared by the encoder and its containers while one value is written.
final class JSONStreamWriter {
    /// One open object or array.
    private struct OpenContainer {
        var isObject: Bool
        /// Whether an element or member has been written (a comma goes before the next one).
        var hasContent = false
        /// Index in `members` of this object's first member record.
        var firstMember: Int
    }

    /// One object member as written: the key and the byte range of `"key":value`.
    private struct Member {
        var key: String
        var start: Int
        var end: Int
    }

    // The writer is used by one thread and its accesses never overlap, so the dynamic exclusivity checks
    // (a third of the encoding time when enforced) are switched off for its state.
    @exclusivity(unchecked) var bytes: [UInt8]
    @exclusivity(unchecked) private var stack: [OpenContainer] = []
    /// Member records of the open objects, innermost last; the record being written has `end == -1`.
    @exclusivity(unchecked) private var members: [Member] = []
    /// Scratch space of ``sortMembers(from:)``, kept between objects.
    @exclusivity(unchecked) private var order: [Int] = []
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The number of open containers: a container at depth `d` is `stack[d]`.
    var depth: Int { stack.count }

    /// Finishes every container at depth `depth` or deeper (writes `}` or `]`, sorting object members).
    func close(downTo depth: Int) {
        while stack.count > depth {
            let container = stack.removeLast()
            if container.isObject {
                if members.count > container.firstMember, members[members.count - 1].end < 0 {
                    members[members.count - 1].end = bytes.count
                }
                sortMembers(from: container.firstMember)
                members.removeSubrange(container.firstMember...)
                bytes.append(UInt8(ascii: "}"))
            } else {
                bytes.append(UInt8(ascii: "]"))
            }
        }
    }

    /// Opens an object (`isObject`) or an array at `depth`.
    func open(object isObject: Bool, depth: Int) {
        close(downTo: depth)
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        stack.append(OpenContainer(isObject: isObject, firstMember: members.count))
    }

    /// Whether the container at `depth` is open and of the given kind.
    func isOpen(object isObject: Bool, at depth: Int) -> Bool {
        stack.count > depth && stack[depth].isObject == isObject
    }

    /// Starts member `key` of the object at `depth`: writes the separator and `"key":`.
    func beginMember(_ key: String, in depth: Int) {
        close(downTo: depth + 1)
        if stack[depth].hasContent {
            members[members.count - 1].end = bytes.count
            bytes.append(UInt8(ascii: ","))
        }
        stack[depth].hasContent = true
        members.append(Member(key: key, start: bytes.count, end: -1))
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts the next element of the array at `depth`: writes the separator.
    func beginElement(in depth: Int) {
        close(downTo: depth + 1)
        if stack[depth].hasContent { bytes.append(UInt8(ascii: ",")) }
        stack[depth].hasContent = true
    }

    /// Rewrites the members recorded from `first` in key order when they are not in it already
    /// (keys compared by their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys`).
    private func sortMembers(from first: Int) {
        let count = members.count - first
        guard count > 1 else { return }
        var ordered = true
        for index in (first + 1)..<members.count where !Self.precedes(members[index - 1].key, members[index].key) {
            ordered = false
            break
        }
        guard !ordered else { return }
        // Insertion sort of the member order (objects have few members), then one copy of the region.
        order.removeAll(keepingCapacity: true)
        for index in first..<members.count {
            var position = order.count
            while position > 0 && Self.precedes(members[index].key, members[order[position - 1]].key) { position -= 1 }
            order.insert(index, at: position)
        }
        let regionStart = members[first].start
        let regionEnd = members[members.count - 1].end
        scratch.removeAll(keepingCapacity: true)
        for (position, index) in order.enumerated() {
            if position > 0 { scratch.append(UInt8(ascii: ",")) }
            scratch.append(contentsOf: bytes[members[index].start..<members[index].end])
        }
        bytes.withUnsafeMutableBufferPointer { target in
            scratch.withUnsafeBufferPointer { source in
                (target.baseAddress! + regionStart).update(from: source.baseAddress!, count: regionEnd - regionStart)
            }
        }
    }

    /// Byte order of two keys (the common ASCII keys compare without decoding).
    private static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = Swift.min(x.count, y.count)
                if common > 0 {
                    let order = memcmp(x.baseAddress!, y.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
    }

    // MARK: Values

    /// Writes `value` where a value is expected (after `"key":`, an array separator, or at the top).
    /// `parent` and `key` locate the value for `codingPath` (nil at the top).
    func writeValue<T: Encodable>(_ value: T, depth: Int, parent: JSONStreamValueEncoder?, key: (any CodingKey)?) throws {
        // Common leaf types skip the `Encoder` round trip (arrays of them arrive here generically).
        if T.self == String.self { return writeString(value as! String) }
        if T.self == Int.self { return writeInteger(value as! Int) }
        if T.self == Bool.self { return writeBool(value as! Bool) }
        let before = bytes.count
        let encoder = JSONStreamValueEncoder(writer: self, depth: depth, parent: parent, key: key)
        try value.encode(to: encoder)
        if bytes.count == before && stack.count <= depth {
            // Nothing was encoded: JSONEncoder writes an empty object for such a value.
            bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        }
    }

    func writeNull() {
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) // null
    }

    func writeBool(_ value: Bool) {
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) // true
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) // false
        }
    }

    func writeInteger<I: BinaryInteger>(_ value: I) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else if let small = Int64(exactly: value), small > Int64.min {
            // Digits written from the end of a small buffer: no String is made.
            var magnitude = small.magnitude
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var position = 20
                repeat {
                    position -= 1
                    digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                if small < 0 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
            }
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Writes a finite double as `JSONEncoder` does (`1` for 1.0, `1e+21`, `1.5e-07`).
    /// - Throws: `EncodingError.invalidValue` for NaN and infinity, which JSON cannot hold.
    func writeDouble(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(),
                                                          debugDescription: "\(value) cannot be written as JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a JSON string: `"` and `\` escaped, control characters as short escapes or `\u00XX`,
    /// everything else (including `/` and non-ASCII) as its UTF-8 bytes.
    func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The `Encoder` handed to one value's `encode(to:)`; its containers write at `depth`. The coding path
/// is kept as a link to the parent encoder and built only when asked for.
final class JSONStreamValueEncoder: Encoder {
    let writer: JSONStreamWriter
    let depth: Int
    private let parent: JSONStreamValueEncoder?
    private let key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Whether this encoder has opened a container (a second request, e.g. after `encode(to:)` of a
    /// wrapped value with the same encoder, continues that container, as `JSONEncoder` merges them).
    @exclusivity(unchecked) private var opened = false

    init(writer: JSONStreamWriter, depth: Int, parent: JSONStreamValueEncoder?, key: (any CodingKey)?) {
        self.writer = writer
        self.depth = depth
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: JSONStreamValueEncoder? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }


    /// Opens the container of this value, or continues the one it opened.
    private func openContainer(object isObject: Bool) {
        if opened && writer.isOpen(object: isObject, at: depth) {
            writer.close(downTo: depth + 1)
        } else {
            writer.open(object: isObject, depth: depth)
            opened = true
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        openContainer(object: true)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        openContainer(object: false)
        return JSONStreamUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONStreamSingleValueContainer(encoder: self)
    }
}

/// The members of one object.
private struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONStreamValueEncoder
    private var writer: JSONStreamWriter { encoder.writer }
    private var depth: Int { encoder.depth }
    var codingPath: [any CodingKey] { encoder.codingPath }

    init(encoder: JSONStreamValueEncoder) {
        self.encoder = encoder
    }

    /// Starts member `key` and returns the encoder for its value.
    private func member(_ key: Key) -> JSONStreamValueEncoder {
        writer.beginMember(key.stringValue, in: depth)
        return JSONStreamValueEncoder(writer: writer, depth: depth + 1, parent: encoder, key: key)
    }

    mutating func encodeNil(forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        try writer.writeDouble(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        try writer.writeDouble(Double(value.description) ?? Double(value), codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encodeInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encodeInteger(value, key) }

    private func encodeInteger<I: BinaryInteger>(_ value: I, _ key: Key) {
        writer.beginMember(key.stringValue, in: depth)
        writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        writer.beginMember(key.stringValue, in: depth)
        try writer.writeValue(value, depth: depth + 1, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        member(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        member(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginMember("super", in: depth)
        return JSONStreamValueEncoder(writer: writer, depth: depth + 1, parent: encoder, key: JSONStreamIndexKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        member(key)
    }
}

/// The elements of one array.
private struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONStreamValueEncoder
    private var writer: JSONStreamWriter { encoder.writer }
    private var depth: Int { encoder.depth }
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0

    init(encoder: JSONStreamValueEncoder) {
        self.encoder = encoder
    }

    /// Starts the next element and returns its coding key.
    private mutating func next() -> JSONStreamIndexKey {
        writer.beginElement(in: depth)
        defer { count += 1 }
        return JSONStreamIndexKey(intValue: count)
    }

    mutating func encodeNil() throws {
        _ = next()
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        _ = next()
        writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        _ = next()
        writer.writeString(value)
    }

    mutating func encode(_ value: Int) throws {
        _ = next()
        writer.writeInteger(value)
    }

    mutating func encode(_ value: Double) throws {
        let key = next()
        try writer.writeDouble(value, codingPath: codingPath + [key])
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = next()
        try writer.writeValue(value, depth: depth + 1, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        JSONStreamValueEncoder(writer: writer, depth: depth + 1, parent: encoder, key: next()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONStreamValueEncoder(writer: writer, depth: depth + 1, parent: encoder, key: next()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONStreamValueEncoder(writer: writer, depth: depth + 1, parent: encoder, key: next())
    }
}

/// A single value written in place (after a key, an array separator, or at the top).
private struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONStreamValueEncoder
    private var writer: JSONStreamWriter { encoder.writer }
    var codingPath: [any CodingKey] { encoder.codingPath }

    init(encoder: JSONStreamValueEncoder) {
        self.encoder = encoder
    }

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeDouble(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws {
        try writer.writeDouble(Double(value.description) ?? Double(value), codingPath: codingPath)
    }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.writeValue(value, depth: encoder.depth, parent: encoder, key: nil)
    }
}

/// The coding key of an array element (or of `super`); its text is made only when asked for.
private struct JSONStreamIndexKey: CodingKey {
    private let index: Int
    private let name: String?
    var stringValue: String { name ?? "Index \(index)" }
    var intValue: Int? { name == nil ? index : nil }

    init(intValue: Int) {
        index = intValue
        name = nil
    }

    init(stringValue: String) {
        index = 0
        name = stringValue
    }
}
