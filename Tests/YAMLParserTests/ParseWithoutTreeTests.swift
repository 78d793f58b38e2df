import Foundation
import TestSupport
import XCTest
import YAMLParser
import YAMLSyntax

/// ``Parser/parseWithoutTree(_:)`` is ``Parser/parse(_:)`` without the lossless tree: the same events and
/// errors, and of the tree exactly the tokens ``SparseSyntax`` keeps and where its documents start. Compared
/// on edge cases (byte order marks inside and outside quoted scalars, directives, document markers, errors,
/// nesting too deep), the yaml-test-suite inputs (invalid ones included) and the corpus.
final class ParseWithoutTreeTests: XCTestCase {
    private func compare(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let full = Parser.parse(bytes)
        let sparse = Parser.parseWithoutTree(bytes)
        XCTAssertEqual(sparse.bytes, bytes, label, file: file, line: line)
        XCTAssertEqual(Array(sparse.events), Array(full.events), label, file: file, line: line)
        XCTAssertEqual(sparse.errors, full.errors, label, file: file, line: line)
        XCTAssertEqual(sparse.isValid, full.isValid, label, file: file, line: line)
        func isQuoted(_ t: Token) -> Bool { t.kind == .singleQuotedScalar || t.kind == .doubleQuotedScalar }
        // The quoted scalars are kept (all of them) only when a byte order mark may lie inside one.
        let keptQuoted = sparse.syntax.tokens.contains(where: isQuoted)
        XCTAssertEqual(sparse.syntax.tokens, full.tree.tokens.filter { SparseSyntax.keeps($0.kind, quotedScalars: keptQuoted) },
                       label, file: file, line: line)
        XCTAssertEqual(sparse.syntax.documentStarts, full.tree.root.children.filter { $0.kind == .document }.map(\.range.start),
                       label, file: file, line: line)
    }

    func testEdgeCasesParseAlike() {
        let texts = [
            "", "# only a comment\n", "a: 1\n", "\u{FEFF}a: 1\n", "a: \"x\u{FEFF}y\"\nb: 'z\u{FEFF}'\n", "a: x\u{FEFF}y\n",
            "\u{FEFF}--- a\n...\n\u{FEFF}--- b\n", "%YAML 1.2\n%TAG !e! tag:e.com,2000:\n---\na: &x !e!t 1\nb: *x\n...\n--- &y\nc: *x\n",
            "--- |\n  text\n--- >\n folded\n---\n", "a: &x 1\n---\nb: *x\n", "a: [1, 2\nb: {c: 3\n", "- a\n b: c\n  - d\n",
            "? [a, &k b]\n: *k\n", String(repeating: "[", count: 3_000) + "a" + String(repeating: "]", count: 3_000),
            "a:\n\t- b\n", "key: \"unterminated\n", "&a\n", "*\n", "!<x\n",
        ]
        for text in texts { compare(Array(text.utf8), text.debugDescription) }
    }

    /// The scanner's and the sparse builder's fast paths: trivia skipped without tokens when the text holds
    /// no byte order mark (comments, tabs, CRLF, junk, `#` after spaces), a byte order mark only inside a
    /// comment or a plain scalar, plain scalars with `:` and flow indicators inside, multi-line plain
    /// scalars, non-ASCII text, and more open nodes than the sparse builder's first stack holds.
    func testFastPathEdgeCasesParseAlike() {
        var deepBlock = "---\n"
        for depth in 0..<150 { deepBlock += String(repeating: " ", count: depth) + "- k\(depth): # c\n" }
        deepBlock += String(repeating: " ", count: 150) + "v\n"
        let texts = [
            "a: b # c\n# d\n\te: f\n", "a: b\r\nc:\r\n  - d # e\r\n  - f\r\n", "a: b#c\n", "a: b #c\n  d\n",
            "url: http://x.y:80/z\nt: 12:30:00\nm: a:b: c\n", "[a:b, c: d, {e: f}, g:, :h]\n", "{a: [b, c], d: e,}\n",
            "a: b\n  c\n\n  d\n  # e\nf: g\n", "a:\n  b\n\tc\n", "- x\t# t\n-\ty\n", "k: ✓ café\nπ: ∞ 😀\n",
            "# \u{FEFF} in a comment\na: 1\n", "a: x\u{FEFF}\n", "a: 1\n]\n} junk\n", "a: 'q' # c\nb: \"d\" junk\n",
            "--- # c\n... # d\n--- |\n  l\n# after\n", deepBlock,
            String(repeating: "{a: ", count: 100) + "b" + String(repeating: "}", count: 100) + "\n",
        ]
        for text in texts { compare(Array(text.utf8), text.debugDescription) }
    }

    func testYAMLTestSuiteInputsParseAlike() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        var count = 0
        for c in try YAMLTestSuiteTests.loadCases(root) {
            guard let data = FileManager.default.contents(atPath: c.folder.appendingPathComponent("in.yaml").path) else { continue }
            compare([UInt8](data), c.id)
            count += 1
        }
        XCTAssertGreaterThan(count, 300)
    }

    func testCorpusFilesParseAlike() throws {
        let root = try requireSharedFolder("corpus")
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix("big/") }
        for file in files {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else { continue }
            compare([UInt8](data), file)
        }
        XCTAssertGreaterThan(files.count, 5_000)
    }
}
