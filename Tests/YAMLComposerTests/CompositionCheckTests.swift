import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSyntax

/// ``Composer/check(_:lineOffset:byteOffset:rootKeys:)`` is a second reading of the events that must stay
/// equal to composing them: on every input it accepts, the same documents' ranges, the same errors (codes,
/// ranges, messages, order), and roots that answer what the named root keys read of the composed roots;
/// it declines (nil) exactly where a key is compared by its structure (a collection key, an alias to a
/// collection as a key). Compared on the yaml-test-suite inputs (invalid ones included: recovered event
/// streams), every corpus file, randomly edited texts and the edge cases of key equality (YAML 1.2.2
/// §3.2.1.1), aliases and anchors (§7.1).
final class CompositionCheckTests: XCTestCase {
    static let keys: Set<String> = ["apiVersion", "kind", "metadata"]

    /// Checks `bytes` both ways; true when the check accepted it (false: it declined, and must have had to).
    @discardableResult
    private func compare(_ bytes: [UInt8], _ label: String, lineOffset: Int = 0, byteOffset: Int = 0,
                         file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let parse = Parser.parse(bytes)
        let composition = Composer.compose(parse, lineOffset: lineOffset, byteOffset: byteOffset)
        guard let checked = Composer.check(parse, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: Self.keys) else {
            XCTAssertTrue(composition.documents.contains { Self.hasStructuredKey($0.root) }, "\(label): declined without a structured key",
                          file: file, line: line)
            return false
        }
        XCTAssertEqual(checked.errors, composition.errors, label, file: file, line: line)
        XCTAssertEqual(checked.documentRanges, composition.documents.map(\.range), label, file: file, line: line)
        XCTAssertEqual(checked.roots.map(Self.reduced), composition.documents.map { Self.reduced($0.root) }, label, file: file, line: line)
        // A checked root mapping keeps the entries asked for only.
        for root in checked.roots {
            guard case .mapping(let pairs) = root.content else { continue }
            XCTAssertTrue(pairs.allSatisfy { if case .scalar(let key, _) = $0.key.content { Self.keys.contains(key) } else { false } },
                          label, file: file, line: line)
        }
        return true
    }

    /// A root as the keys read it: its own description, and for a mapping the entries whose key is a scalar
    /// whose content is one of ``keys`` (the key as composed, the value with aliases followed: a scalar as
    /// composed, a collection by kind and tag).
    static func reduced(_ root: YAMLNode) -> String {
        var out = node(root, collections: true)
        if case .mapping(let pairs) = root.content {
            for p in pairs {
                guard case .scalar(let key, _) = p.key.content, keys.contains(key) else { continue }
                out += " | " + node(p.key, collections: false) + " => " + node(p.value.resolved, collections: false)
            }
        }
        return out
    }

    /// One node without its children: tag, explicit, anchor, range, style, and a scalar's content or a
    /// collection's kind (with `collections`, its range too).
    static func node(_ n: YAMLNode, collections: Bool) -> String {
        let head = "\(n.tag) \(n.hasExplicitTag) \(n.anchor ?? "-") \(n.collectionStyle)"
        switch n.content {
        case .scalar(let value, let style): return "\(head) \(n.range.start)-\(n.range.end) \(style) \(value.debugDescription)"
        case .alias(let name, let target): return "\(head) \(n.range.start)-\(n.range.end) *\(name) \(target == nil)"
        case .sequence: return "\(head) seq" + (collections ? " \(n.range.start)-\(n.range.end)" : "")
        case .mapping: return "\(head) map" + (collections ? " \(n.range.start)-\(n.range.end)" : "")
        }
    }

    /// True when a mapping of the graph has a key that is a collection or an alias to one.
    static func hasStructuredKey(_ root: YAMLNode) -> Bool {
        var pending = [root]
        var seen = Set<ObjectIdentifier>()
        while let n = pending.popLast() {
            guard seen.insert(ObjectIdentifier(n)).inserted else { continue }
            switch n.content {
            case .scalar: break
            case .alias(_, let target): if let target { pending.append(target) }
            case .sequence(let items): pending += items
            case .mapping(let pairs):
                for p in pairs {
                    switch p.key.resolved.content {
                    case .sequence, .mapping: return true
                    case .scalar, .alias: break
                    }
                    pending.append(p.key)
                    pending.append(p.value)
                }
            }
        }
        return false
    }

    /// Texts the check accepts: key equality, aliases and anchors, tags, documents, recovered streams.
    static let acceptedEdgeCases = [
        "a: 1\na: 2\n",
        "\"a\": 1\na: 2\n'a': 3\n",
        "1: a\n\"1\": b\n0x1: c\n+1: d\n1.0: e\n!!str 1: f\n",
        "~: a\nnull: b\n: c\n? \n: d\nNull: e\n",
        "true: a\nTrue: b\n!!bool true: c\n\"true\": d\n",
        "<<: {a: 1}\n<<: {b: 2}\na: 3\n",
        "base: &b {x: 1}\nm:\n  <<: *b\n  x: 2\n  <<: *b\n",
        "&k a: 1\n*k : 2\n",
        "x: &k a\ny: {*k : 1, a: 2}\n",
        "a: *undefined\n*undefined : 1\n*undefined : 2\n",
        "a: &x 1\na: &x 2\nb: *x\nc: *x\n",
        "&r [a, *r]\n",
        "a: &m {b: *m}\n",
        "{a: 1, a: 2, \"a\": 3}\n",
        "[a: 1, a: 2]\n",
        "!foo a: 1\n!foo a: 2\n!bar a: 3\na: 4\n",
        "! a: 1\na: 2\n!!str a: 3\n",
        "%TAG !e! tag:example.com,2000:\n---\n!e!x a: 1\n!<tag:example.com,2000:x> a: 2\n",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\napiVersion: v2\n",
        "apiVersion: &v apps/v1\nkind: *v\nmetadata: &m [1]\nother: *m\n",
        "&a apiVersion: v1\nkind: !!int 1\nmetadata:\n",
        "kind:\n- a\n",
        "metadata: *nothing\nkind: Pod\n",
        "--- &root\napiVersion: v1\nkind: Pod\n--- !!map\nkind: x\n--- [a]\n--- *x\n--- text\n---\n",
        "a: 1\n---\na: 1\n---\na: 1\na: 2\n",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: 1\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: 2\n",
        "\"a\\tb\\nc\": 1\n\"a\\tb\\nc\": 2\n",
        "é: 1\ne\u{301}: 2\né: 3\n",
        String(repeating: "k: v\n", count: 3) + (0..<40).map { "k\($0): \($0)\n" }.joined() + "k7: again\n",
        "a: [1, 2\nb: 3\n",
        "a: {b: 1\nb: 2\n",
        "- a: 1\n  a: 2\n- ]\n",
        "a: 1\n  a: 2\nb: 1\nb:\n",
        "? a\n? a\n",
        "a: 1\n...\n---\na: 2\n...\n",
    ]

    /// Texts the check declines (a key compared by its structure).
    static let declinedEdgeCases = [
        "? [a, b]\n: 1\n? [a, b]\n: 2\n",
        "{[a]: 1}\n",
        "? {a: 1}\n: x\n",
        "x: &c [1]\n*c : 2\n",
        "x: &c {a: 1}\ny: {*c : 2}\n",
    ]

    func testEdgeCasesCheckAlike() {
        let accepted = Self.acceptedEdgeCases
        for text in accepted { XCTAssertTrue(compare(Array(text.utf8), text.debugDescription), text.debugDescription) }
        let declined = Self.declinedEdgeCases
        for text in declined { XCTAssertFalse(compare(Array(text.utf8), text.debugDescription), text.debugDescription) }
        // A part of a larger text: ranges and line numbers moved.
        compare(Array("a: 1\nb: 2\na: 3\n".utf8), "offset", lineOffset: 10, byteOffset: 200)
    }

    /// The check compares keys as bytes while a mapping's keys are ASCII and as the composer does (Swift
    /// `String`s: canonical equivalence) once one is not; the findings are the composer's either way. Each
    /// text is given with the duplicate keys the composer finds in it (their lines), so that a change of that
    /// behaviour shows here too.
    func testKeysCompareAsTheComposerComparesThem() {
        let many = (0..<12).map { "k\($0): \($0)\n" }.joined()
        let cases: [(String, [Int])] = [
            // Quoting styles and escapes: the same content, one str key.
            ("a: 1\n'a': 2\n\"a\": 3\n\"\\x61\": 4\n? |-\n  a\n: 5\n", [2, 3, 4, 5]),
            ("\"a\\tb\": 1\n'a\tb': 2\n\"a\\u0009b\": 3\n", [2, 3]),
            // Folded lines in a flow key, and a plain key that resolves to another tag.
            ("{a\n b: 1, a b: 2, \"a\n b\": 3}\n", [2, 2]),
            ("1: a\n01: b\n'1': c\n0o1: d\n1.0: e\n", [2, 4]),
            ("true: a\nTrue: b\ntru: c\nnull: d\n~: e\nname: f\nNULL: g\n", [2, 5, 7]),
            // NFC and NFD forms of one key, and the Kelvin sign U+212A, canonically equivalent to `K`.
            ("é: 1\ne\u{301}: 2\n", [2]),
            ("K: 1\n\u{212A}: 2\n", [2]),
            ("\u{212A}: 1\nK: 2\n", [2]),
            // The same after the mapping's keys were hashed (more than eight), and in a nested mapping.
            (many + "K: 1\nk3: 2\n\u{212A}: 3\nk4: 4\nb: 5\n", [14, 15, 16]),
            ("m:\n" + many.split(separator: "\n").map { "  \($0)\n" }.joined() + "  e\u{301}: 1\n  é: 2\n  k1: 3\nk1: 4\n", [15, 16]),
            ("[{\u{212A}: 1, K: 2}, {K: 1, k: 2}]\n", [1]),
        ]
        for (text, lines) in cases {
            XCTAssertTrue(compare(Array(text.utf8), text.debugDescription), text.debugDescription)
            let errors = Composer.compose(Parser.parse(Array(text.utf8))).errors
            XCTAssertEqual(errors.map(\.code), lines.map { _ in "duplicate-key" }, text.debugDescription)
            let index = LineIndex(Array(text.utf8))
            XCTAssertEqual(errors.map { index.line(containing: $0.range.start) + 1 }, lines, text.debugDescription)
        }
        // Invalid UTF-8: two different bytes, each read as U+FFFD by a `String`.
        compare([0x78, 0xFF, 0x3A, 0x20, 0x31, 0x0A, 0x78, 0xFE, 0x3A, 0x20, 0x32, 0x0A], "invalid UTF-8")
    }

    /// Checks that reuse one ``EventCheckBuffers`` (the documents of a stream checked one by one) answer as
    /// checks with fresh ones, whatever came before: texts left with open mappings, anchors and key sets
    /// (declined part-way, or cut off), non-ASCII keys (their sets turned into identities) and tags, in two
    /// orders, at moved offsets.
    func testChecksReusingBuffersAnswerAsFreshOnes() {
        let texts = Self.acceptedEdgeCases + Self.declinedEdgeCases + [
            "a:\n  b:\n    c: &x 1\n    c: 2\n  é: 3\n", "x: *x\nc: 1\nc: 2\n", "m: {é: 1, e\u{301}: 2\n", "!t a: 1\n!u a: 2\n",
        ]
        var buffers = EventCheckBuffers()
        for (round, order) in [texts, texts.reversed()].enumerated() {
            for (i, text) in order.enumerated() {
                let parse = Parser.parseWithoutTree(Array(text.utf8))
                let label = "round \(round): \(text.debugDescription)"
                let fresh = Composer.check(parse, lineOffset: i, byteOffset: 7 * i, rootKeys: Self.keys)
                let reused = Composer.check(parse, lineOffset: i, byteOffset: 7 * i, rootKeys: Self.keys, reusing: &buffers)
                XCTAssertEqual(reused == nil, fresh == nil, label)
                guard let fresh, let reused else { continue }
                XCTAssertEqual(reused.errors, fresh.errors, label)
                XCTAssertEqual(reused.documentRanges, fresh.documentRanges, label)
                XCTAssertEqual(reused.roots.map(Self.reduced), fresh.roots.map(Self.reduced), label)
            }
        }
    }

    func testYAMLTestSuiteInputsCheckAlike() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        var accepted = 0, total = 0
        for input in try Self.suiteInputs(root) {
            total += 1
            if compare(input.bytes, input.id) { accepted += 1 }
        }
        print("yaml-test-suite: \(accepted) of \(total) inputs checked without a graph")
        XCTAssertGreaterThan(total, 300)
        XCTAssertGreaterThan(accepted, total * 9 / 10)
    }

    func testCorpusFilesCheckAlike() throws {
        let root = try requireSharedFolder("corpus")
        var accepted = 0, total = 0
        for file in try Self.corpusFiles(root) {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else { continue }
            total += 1
            if compare([UInt8](data), file) { accepted += 1 }
        }
        print("corpus: \(accepted) of \(total) files checked without a graph")
        XCTAssertGreaterThan(total, 2_000)
        XCTAssertGreaterThan(accepted, total * 99 / 100)
    }

    /// Texts of the yaml-test-suite and small corpus files with one to four random edits (indicators, anchors,
    /// aliases, tags, quotes, merge keys, line breaks, deletions): valid or not, alike.
    func testRandomlyEditedTextsCheckAlike() throws {
        let suite = try Self.suiteInputs(try requireSharedFolder("yaml-test-suite")).map(\.bytes)
        let corpusRoot = try requireSharedFolder("corpus")
        let corpus = try Self.corpusFiles(corpusRoot).compactMap { file -> [UInt8]? in
            guard let data = FileManager.default.contents(atPath: corpusRoot.appendingPathComponent(file).path), data.count < 4_000 else { return nil }
            return [UInt8](data)
        }
        let texts = suite + corpus
        let pieces = [": ", "- ", "? ", "&a ", "&b ", "*a", "*b", " *a : x", "!!int ", "!!str ", "!x ", "! ", "<<: *a\n", "\"", "'",
                      "[", "]", "{", "}", ",", "\n", "\n  ", "\t", "#", "---\n", "...\n", "a: 1\n", "a: 1\na: 2\n", "1", "0x1",
                      "~", "null", "\"a\"", "? [a]\n: 1\n", "%YAML 1.2\n"].map { Array($0.utf8) }
        var rng = SeededGenerator(seed: 1919)
        var accepted = 0
        let rounds = 3_000
        for round in 0..<rounds {
            var text = texts[Int(rng.next() % UInt64(texts.count))]
            for _ in 0...(rng.next() % 4) {
                let at = Int(rng.next() % UInt64(text.count + 1))
                if rng.next() % 4 == 0, at < text.count {
                    text.removeSubrange(at..<min(text.count, at + 1 + Int(rng.next() % 8)))
                } else {
                    text.insert(contentsOf: pieces[Int(rng.next() % UInt64(pieces.count))], at: at)
                }
            }
            if compare(text, "round \(round): \(String(decoding: text, as: UTF8.self).debugDescription)") { accepted += 1 }
        }
        print("edited texts: \(accepted) of \(rounds) checked without a graph")
        XCTAssertGreaterThan(accepted, rounds * 8 / 10)
    }

    /// Every `in.yaml` of the suite (valid and invalid cases), by id.
    static func suiteInputs(_ root: URL) throws -> [(id: String, bytes: [UInt8])] {
        try YAMLTestSuiteJSONTests.allCases(in: root).compactMap { id, dir in
            FileManager.default.contents(atPath: dir.appendingPathComponent("in.yaml").path).map { (id, [UInt8]($0)) }
        }
    }

    /// The corpus's YAML files (relative paths), sorted.
    static func corpusFiles(_ root: URL) throws -> [String] {
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }
}
