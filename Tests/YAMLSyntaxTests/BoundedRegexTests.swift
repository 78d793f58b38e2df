import TestSupport
import XCTest
import YAMLSyntax

/// The bounded backtracking matcher behind schema `pattern`s and yamllint's regular expressions.
final class BoundedRegexTests: XCTestCase {
    private func ecma(_ pattern: String, _ text: String, whole: Bool = false) throws -> BoundedRegex.Outcome {
        try BoundedRegex(pattern, dialect: .ecma262).firstMatch(in: text, whole: whole)
    }

    private func python(_ pattern: String, _ text: String, whole: Bool = false) throws -> BoundedRegex.Outcome {
        try BoundedRegex(pattern, dialect: .python).firstMatch(in: text, whole: whole)
    }

    func testCatastrophicBacktrackingRunsOutOfBudgetInsteadOfHanging() throws {
        let text = String(repeating: "a", count: 22) + "b"
        try assertNoHang(cpuSecondsAtMost: 20, "^(a+)+$ against 22 a's") {
            XCTAssertEqual(try ecma("^(a+)+$", text), .budgetExceeded)
            XCTAssertEqual(try python("^(a+)+$", text), .budgetExceeded)
            XCTAssertEqual(try ecma("(a|aa)+$", String(repeating: "a", count: 60) + "!"), .budgetExceeded)
        }
        // The same pattern on text it matches quickly still answers.
        XCTAssertEqual(try ecma("^(a+)+$", String(repeating: "a", count: 22)), .match)
    }

    func testMatchingBasics() throws {
        XCTAssertEqual(try ecma("a+", "xxaay"), .match)
        XCTAssertEqual(try ecma("^a*$", "aaab"), .noMatch)
        XCTAssertEqual(try ecma("^abc$", "abc\n"), .noMatch, "ECMA-262 `$` is the end only")
        XCTAssertEqual(try python("^abc$", "abc\n"), .match, "Python `$` also before a final newline")
        XCTAssertEqual(try ecma("^(ab|cd){2}e?$", "abcd"), .match)
        XCTAssertEqual(try ecma("^[a-c]{2,3}$", "abcd"), .noMatch)
        XCTAssertEqual(try ecma("^x{2,}$", "xxxxx"), .match)
        XCTAssertEqual(try ecma("^(a)\\1$", "aa"), .match, "backreference")
        XCTAssertEqual(try ecma("^(?<q>['\"]).*\\k<q>$", "'x'"), .match, "named backreference")
        XCTAssertEqual(try ecma("^(?=.*\\d)(?!.*z)\\w+$", "ab1"), .match, "lookahead")
        XCTAssertEqual(try ecma("^(?=.*\\d)(?!.*z)\\w+$", "ab1z"), .noMatch)
        XCTAssertEqual(try ecma("(?<=\\$)\\d+", "cost $12"), .match, "lookbehind")
        XCTAssertEqual(try ecma("(?<!\\$)\\b\\d+", "$12"), .noMatch)
        XCTAssertEqual(try ecma("^(a*)*$", "aaa"), .match, "an empty iteration ends a loop instead of looping")
        XCTAssertEqual(try ecma("^a*?b", "aaab"), .match, "lazy")
        XCTAssertEqual(try ecma("[^]", "\n"), .match)
        XCTAssertEqual(try ecma("[]", "x"), .noMatch)
        XCTAssertEqual(try ecma("^.$", "\n"), .noMatch)
        XCTAssertEqual(try ecma("^.$", "🐲"), .match, "one scalar")
        XCTAssertEqual(try ecma("^\\u{1F432}\\ud83d\\udc32$", "🐲🐲"), .match)
        XCTAssertEqual(try ecma("abc", "xabcx", whole: true), .noMatch)
        XCTAssertEqual(try ecma("a.c", "abc", whole: true), .match)
    }

    func testECMAClassesAreASCIIAndPythonClassesUnicode() throws {
        XCTAssertEqual(try ecma("^\\d$", "٣"), .noMatch)
        XCTAssertEqual(try python("^\\d$", "٣"), .match)
        XCTAssertEqual(try ecma("^\\w$", "é"), .noMatch)
        XCTAssertEqual(try python("^\\w$", "é"), .match)
        XCTAssertEqual(try ecma("^\\s$", "\u{FEFF}"), .match)
        XCTAssertEqual(try ecma("^\\p{Letter}+$", "héllo"), .match)
        XCTAssertEqual(try ecma("^\\P{L}$", "1"), .match)
        XCTAssertEqual(try ecma("^\\cC$", "\u{3}"), .match)
        XCTAssertEqual(try python("(?i)^abc$", "ABC"), .match)
        XCTAssertEqual(try python("^(?P<x>a)(?P=x)$", "aa"), .match)
        XCTAssertEqual(try python("\\Aab\\Z", "ab"), .match)
    }

    func testInvalidPatternsAreRejected() {
        for pattern in ["^(abc]", "(", ")", "a**", "\\a", "[b-a]", "\\p{NoSuchProperty}", "(?P<x>a)", "*", "a{2,1}", "\\"] {
            XCTAssertThrowsError(try BoundedRegex(pattern, dialect: .ecma262), pattern)
        }
        XCTAssertThrowsError(try BoundedRegex(String(repeating: "(", count: 1_000) + String(repeating: ")", count: 1_000),
                                              dialect: .ecma262), "nesting is bounded")
        XCTAssertThrowsError(try BoundedRegex("(a{1000}){1000}", dialect: .ecma262), "program size is bounded")
    }
}
