import TestSupport
import XCTest
import YAMLSyntax

/// The linear glob matcher and the bounded brace expansion shared by `.editorconfig`, `yaml.schemas`
/// and yamllint's `ignore` globs.
final class GlobProgramTests: XCTestCase {
    private func program(_ glob: String) -> GlobProgram<Character> {
        var steps: [GlobProgram<Character>.Step] = []
        var chars = Array(glob)[...]
        while let c = chars.popFirst() {
            switch c {
            case "*":
                if chars.first == "*" {
                    chars.removeFirst()
                    if chars.first == "/" { chars.removeFirst(); steps.append(.folders) } else { steps.append(.globstar) }
                } else { steps.append(.star) }
            case "?": steps.append(.any)
            default: steps.append(.literal(c))
            }
        }
        return GlobProgram(steps, separator: "/")
    }

    func testSteps() {
        XCTAssertTrue(program("*.yaml").matches(Array("a.yaml")))
        XCTAssertFalse(program("*.yaml").matches(Array("d/a.yaml")))
        XCTAssertTrue(program("**/*.yaml").matches(Array("a.yaml")), "`**/` matches no folder")
        XCTAssertTrue(program("**/*.yaml").matches(Array("d/e/a.yaml")))
        XCTAssertTrue(program("d/**").matches(Array("d/e/f")))
        XCTAssertFalse(program("?").matches(Array("/")))
        XCTAssertTrue(program("d/e").matches(Array("d/"), prefix: true))
        XCTAssertFalse(program("d/e").matches(Array("x/"), prefix: true))
    }

    func testManyStarsAgainstALongNameAreLinear() {
        let name = Array(String(repeating: "a", count: 100))
        try? assertNoHang(cpuSecondsAtMost: 10, "*a*a*a*a*a*a*b against 100 characters") {
            XCTAssertFalse(program("*a*a*a*a*a*a*b").matches(name))
            XCTAssertFalse(program(String(repeating: "*a", count: 300) + "b").matches(Array(String(repeating: "a", count: 600))))
        }
    }

    private let braces = GlobSyntax<Character>(braces: true, escapes: true, negations: ["!"], emptySets: true,
                                               symbol: { Character($0) })

    private func matches(_ glob: String, _ path: String) -> Bool {
        braces.compile(Array(glob)).matches(Array(path))
    }

    func testBraceAlternatives() {
        for path in ["abde", "abdf", "acde", "acdf"] { XCTAssertTrue(matches("a{b,c}d{e,f}", path), path) }
        XCTAssertFalse(matches("a{b,c}d{e,f}", "abd"))
        for path in ["a", "b", "c"] { XCTAssertTrue(matches("{a,{b,c}}", path), path) }
        XCTAssertTrue(matches("{}x{single}", "{}x{single}"), "a group without a comma is literal")
        XCTAssertTrue(matches("\\{a,b}", "{a,b}"), "escaped braces are literal")
        XCTAssertTrue(matches("{a,b", "{a,b"), "an unclosed brace is literal")
        XCTAssertTrue(matches("x{,.bak}", "x"), "an empty alternative")
    }

    func testHugeBraceGlobsCompileAndMatchInLinearTime() {
        try? assertNoHang(cpuSecondsAtMost: 20, "150 KB globs of braces") {
            let name = String(repeating: "ab", count: 50)
            let huge = String(repeating: "{a,b}", count: 30_000)
            XCTAssertFalse(matches(huge, name))
            XCTAssertTrue(matches(String(repeating: "{a,b}", count: 100) + String(repeating: "x", count: 150_000), name + String(repeating: "x", count: 150_000)))
            let nested = String(repeating: "{a,", count: 50_000) + String(repeating: "}", count: 50_000)
            XCTAssertTrue(matches(nested, "a"))
            XCTAssertTrue(matches(nested, ""))
            let unclosed = String(repeating: "{", count: 150_000)
            XCTAssertFalse(matches(unclosed, name))
            XCTAssertTrue(matches(unclosed, unclosed))
        }
    }
}
