import Foundation
import JSONRPC
import XCTest

/// The writer's text itself: separators, escapes, numbers at their limits, fixed fragments, and a buffer
/// that grows far past its first capacity and is handed over as `Data` unchanged.
final class JSONWriterTests: XCTestCase {
    func testMembersElementsEscapesAndNumbers() throws {
        var w = JSONWriter(capacity: 1)
        w.beginObject()
        w.key("a"); w.string("q\"b\\s/\n\t\u{1}é😀")
        w.key("n")
        w.beginArray()
        for n in [0, -1, 9, 10, Int.max, Int.min] { w.element(); w.int(n) }
        w.element(); w.unsigned(UInt64.max)
        w.element(); w.null()
        w.element(); w.bool(false)
        w.endArray()
        w.dynamicKey("k\"")
        w.fragment("{\"line\":"); w.int(3)
        w.fragment(",\"x\":"); w.beginArray(); w.endArray()
        w.fragment("}")
        w.key("e"); w.beginObject(); w.endObject()
        w.endObject()
        let expected = #"{"a":"q\"b\\s/\n\t\u0001é😀","n":[0,-1,9,10,9223372036854775807,-9223372036854775808,18446744073709551615,null,false],"k\"":{"line":3,"x":[]},"e":{}}"#
        let copy = w.bytes
        let count = w.byteCount
        let data = w.data()
        XCTAssertEqual(String(decoding: copy, as: UTF8.self), expected)
        XCTAssertEqual(count, expected.utf8.count)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), expected)
    }

    func testNumbersAtEveryPowerOfTenAreWrittenAsSwiftWritesThem() {
        var values: [UInt64] = [0, UInt64.max]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            var w = JSONWriter()
            w.unsigned(value)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), String(value))
            if value <= UInt64(Int.max) {
                var negative = JSONWriter()
                negative.int(-Int(value))
                XCTAssertEqual(String(decoding: negative.bytes, as: UTF8.self), String(-Int(value)))
            }
        }
    }

    func testALargeTextGrowsTheBufferAndComesBackWhole() throws {
        var w = JSONWriter(capacity: 16)
        w.beginArray()
        for i in 0..<100_000 { w.element(); w.fragment("{\"i\":"); w.int(i); w.fragment("}") }
        w.endArray()
        let data = w.data()
        let values = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Int]])
        XCTAssertEqual(values.count, 100_000)
        XCTAssertEqual(values.map { $0["i"] }, (0..<100_000).map { $0 })
    }
}
