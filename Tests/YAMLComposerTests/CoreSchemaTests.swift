import TestSupport
import XCTest
import YAMLComposer

/// YAML 1.2.2 §10.3.2 tag resolution and typed values, as a table.
final class CoreSchemaTests: XCTestCase {
    private func check(_ cases: [(String, ScalarValue)], file: StaticString = #filePath, line: UInt = #line) {
        for (text, expected) in cases {
            let value = CoreSchema.value(ofPlainScalar: text)
            if case .float(let e) = expected, e.isNaN, case .float(let v) = value, v.isNaN { continue }
            XCTAssertEqual(value, expected, "plain scalar \(text.debugDescription)", file: file, line: line)
            XCTAssertEqual(CoreSchema.resolvePlainScalarTag(text), expected.tag, text, file: file, line: line)
        }
    }

    /// The tag-only path of `resolvePlainScalarTag` (integers recognised without building their value)
    /// agrees with the tag of the full value on every string of up to four characters over the characters
    /// that matter to numbers.
    func testTagAgreesWithValueOnShortNumberLikeStrings() {
        let alphabet = Array("0179aAfgoxXeE.-+_ n").map(String.init)
        var texts = [""]
        var layer = [""]
        for _ in 0..<4 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += layer
        }
        XCTAssertEqual(texts.count, 1 + 19 + 361 + 6_859 + 130_321)
        var ints = 0
        for text in texts {
            let tag = CoreSchema.value(ofPlainScalar: text).tag
            if tag == CoreSchema.intTag { ints += 1 }
            XCTAssertEqual(CoreSchema.resolvePlainScalarTag(text), tag, text.debugDescription)
        }
        XCTAssertGreaterThan(ints, 500)
    }

    func testNullAndBool() {
        check([("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
               ("nULL", .string("nULL")), ("nul", .string("nul")), ("~~", .string("~~")),
               ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)), ("tRUE", .string("tRUE")),
               ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
               ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")), ("off", .string("off")),
               ("y", .string("y"))])
    }

    func testIntegers() {
        check([("0", .integer(0)), ("-0", .integer(0)), ("+12", .integer(12)), ("007", .integer(7)),
               ("-123", .integer(-123)), ("0o17", .integer(15)), ("0x1F", .integer(31)), ("0xff", .integer(255)),
               ("0o8", .string("0o8")), ("0xg", .string("0xg")), ("0x", .string("0x")), ("-0x1", .string("-0x1")),
               ("0O17", .string("0O17")), ("0X1F", .string("0X1F")), ("1_000", .string("1_000")),
               ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
               ("9223372036854775808", .bigInteger("9223372036854775808")),
               ("-000123456789012345678901", .bigInteger("-123456789012345678901")),
               ("0x10000000000000000", .bigInteger("18446744073709551616")),
               ("0o1000000000000000000000", .bigInteger("9223372036854775808")),
               ("1:20", .string("1:20"))])
    }

    func testFloats() {
        check([("1.5", .float(1.5)), ("-1.5", .float(-1.5)), (".5", .float(0.5)), ("+.5", .float(0.5)),
               ("1.", .float(1)), ("1e3", .float(1000)), ("1E-2", .float(0.01)), ("-2.5e+2", .float(-250)),
               ("1.2.3", .string("1.2.3")), (".", .string(".")), ("-.", .string("-.")), ("1e", .string("1e")),
               ("e3", .string("e3")), (".e3", .string(".e3")),
               (".inf", .float(.infinity)), ("-.Inf", .float(-.infinity)), ("+.INF", .float(.infinity)),
               (".nan", .float(.nan)), (".NaN", .float(.nan)), (".NAN", .float(.nan)),
               ("-.nan", .string("-.nan")), (".iNf", .string(".iNf")), ("inf", .string("inf")),
               ("nan", .string("nan")), ("0x1.8p1", .string("0x1.8p1"))])
    }

    func testExplicitCoreTags() {
        XCTAssertEqual(CoreSchema.value(of: "0x1F", tag: CoreSchema.intTag), .integer(31))
        XCTAssertEqual(CoreSchema.value(of: "3", tag: CoreSchema.floatTag), .float(3))
        XCTAssertEqual(CoreSchema.value(of: "~", tag: CoreSchema.nullTag), .null)
        XCTAssertEqual(CoreSchema.value(of: "12", tag: CoreSchema.strTag), .string("12"))
        XCTAssertNil(CoreSchema.value(of: "yes", tag: CoreSchema.boolTag))
        XCTAssertNil(CoreSchema.value(of: "1.5", tag: CoreSchema.intTag))
        XCTAssertNil(CoreSchema.value(of: "1", tag: "!local"))
    }

    func testCanonicalText() {
        XCTAssertEqual(ScalarValue.float(-0.0).canonicalText, "0.0")
        XCTAssertEqual(ScalarValue.float(-.infinity).canonicalText, "-.inf")
        XCTAssertEqual(ScalarValue.float(.nan).canonicalText, ".nan")
        XCTAssertEqual(ScalarValue.float(1e20).canonicalText, "1e+20")
        XCTAssertEqual(ScalarValue.integer(-5).canonicalText, "-5")
        XCTAssertEqual(ScalarValue.null.canonicalText, "null")
    }

    func testLongHexLiteralStaysCheap() {
        let digits = String(repeating: "f", count: 100_000)
        // Hang guard (a quadratic digit-by-digit conversion), not a speed goal.
        let value = assertNoHang(cpuSecondsAtMost: 30, "long hex literal") { CoreSchema.value(ofPlainScalar: "0x" + digits) }
        XCTAssertEqual(value, .bigInteger("0x" + digits))
    }
}
