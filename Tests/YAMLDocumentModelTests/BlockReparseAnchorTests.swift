import TestSupport
import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// ``BlockReparseTests`` for texts with anchors, aliases and merge keys (``AnchorSpans``): after every
/// random edit the incremental snapshot gives what a fresh analysis gives, and an edit inside an anchored
/// value re-checks one entry when none of its aliases is a key.
extension BlockReparseTests {
    /// A generated text with anchored scalars, flow and block mappings, aliases as values, as sequence items,
    /// as keys and inside keys, merge keys, anchors redefined later, unused anchors and undefined aliases.
    static func generatedWithAnchors(seed: UInt64, entries: Int) -> String {
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var out = "# anchors \(seed)\ndefaults: &base\n  name: base\n  port: 80\n"
        var names = ["base"]
        for i in 0..<entries {
            let target = names[below(names.count)]
            switch below(12) {
            case 0:
                out += "def\(i): &a\(i) {name: word\(i), port: \(i), enabled: true}\n"; names.append("a\(i)")
            case 1:
                out += "block\(i): &b\(i)\n  key: value \(i)\n  other: [x, y]\n"; names.append("b\(i)")
            case 2:
                out += "scalar\(i): &s\(i) plain words \(i)\n"; names.append("s\(i)")
            case 3:
                out += "ref\(i): *\(target)\n"
            case 4:
                out += "uses\(i):\n  - ref: *\(target)\n    copy: *\(target)\n  - item\n"
            case 5:
                out += "merged\(i):\n  <<: *\(target)\n  port: \(i)\n"
            case 6:
                out += "flowmerge\(i): {<<: *\(target), port: 1}\n"
            case 7:
                out += "keyed\(i):\n  *\(target) : as a key\n  other: v\n"
            case 8:
                out += "redefined\(i): &\(target) {name: again\(i)}\n"
            case 9:
                out += "nested\(i): &n\(i)\n  inner: *\(target)\n  text: word\n"; names.append("n\(i)")
            case 10:
                out += "undefined\(i): *missing\(i)\n"
            default:
                out += "plain\(i):\n  name: value \(i)\n  list:\n    - one\n    - two\n"
            }
        }
        return out
    }

    func testRandomEditsOfTextsWithAnchorsGiveWhatAFullAnalysisGives() {
        var reparsed = 0, total = 0
        for seed in UInt64(21)...26 {
            reparsed += differential(Self.generatedWithAnchors(seed: seed, entries: 100), name: "anchors-\(seed).yaml",
                                     seed: seed, count: 250)
            total += 250
        }
        print("texts with anchors: \(reparsed) of \(total) edits re-checked one entry")
        XCTAssertGreaterThan(reparsed * 10, total, "a tenth of random edits re-check one entry")
    }

    func testTypingInTextsWithAnchorsGivesWhatAFullAnalysisGives() {
        var reparsed = 0
        for seed in UInt64(31)...34 {
            reparsed += differential(Self.generatedWithAnchors(seed: seed, entries: 100), name: "typed-anchors-\(seed).yaml",
                                     seed: seed, count: 200, insideWords: true)
        }
        print("typing with anchors: \(reparsed) of 800 edits re-checked one entry")
        XCTAssertGreaterThan(reparsed, 180, "typing in texts with anchors re-checks one entry")
    }

    /// At the model: the published diagnostics, schema info and surfaces of a fresh model after each edit.
    func testModelAnswersAsAFreshModelAfterEditsOfATextWithAnchors() {
        let (reparsed, _) = modelDifferential(Self.generatedWithAnchors(seed: 7, entries: 80), seed: 7)
        print("model with anchors: \(reparsed) of 150 edits re-checked one entry")
        XCTAssertGreaterThan(reparsed, 10)
    }

    /// Which edits re-check one entry in a text with anchors, and which analyse the whole text.
    func testAnEditInsideAnAnchoredValueIsRecheckedAloneUnlessAnAliasOfItIsAKey() {
        let uri = DocumentURI(filePath: "/w/anchors.yaml")
        func check(_ text: String, _ from: String, _ to: String) -> DocumentSnapshot {
            let first = DocumentSnapshot(uri: uri, version: 0, bytes: Array(text.utf8))
            XCTAssertNotNil(first.blockEntries, text)
            let bytes = Array(text.replacingOccurrences(of: from, with: to).utf8)
            let next = DocumentSnapshot(uri: uri, version: 1, bytes: bytes, after: first)
            let fresh = DocumentSnapshot(uri: uri, version: 1, bytes: bytes)
            XCTAssertEqual(next.diagnostics, fresh.diagnostics, "\(from) -> \(to)")
            if next.blockRecheck != nil, let kept = next.blockEntries?.anchors, let made = fresh.blockEntries?.anchors {
                XCTAssertTrue(kept.covers(made), "\(from) -> \(to)")
            }
            return next
        }
        let text = "d: &a {name: word, port: 1}\ne: plain\nuses:\n  - ref: *a\n  - {<<: *a, port: 2}\n"
        // Elsewhere in a text with anchors: one entry.
        XCTAssertNotNil(check(text, "plain", "plainx").blockRecheck)
        // Inside the anchored value: its aliases are a value and a merge; one entry, no check following it alone.
        let inside = check(text, "word", "wordx")
        XCTAssertNotNil(inside.blockRecheck)
        XCTAssertNil(inside.blockEdit)
        // The anchor's name edited, an alias or an anchor made: the whole text.
        XCTAssertNil(check(text, "&a {", "&ab {").blockRecheck)
        XCTAssertNil(check(text, "e: plain", "e: *a").blockRecheck)
        XCTAssertNil(check(text, "e: plain", "e: &c plain").blockRecheck)
        // An alias of the edited node used as a key: a duplicate key may come or go.
        let keyed = "d: &a x\nm:\n  *a : 1\n  y: 2\n"
        XCTAssertNil(check(keyed, "d: &a x", "d: &a y").blockRecheck)
        XCTAssertEqual(check(keyed, "d: &a x", "d: &a y").diagnostics.filter { $0.code == "duplicate-key" }.count, 1)
        // An anchor redefined later: the alias after the redefinition is not the edited node's.
        let redefined = "d: &a x\nr: &a k\nm:\n  *a : 1\n  y: 2\n"
        XCTAssertNotNil(check(redefined, "d: &a x", "d: &a y").blockRecheck)
        XCTAssertNil(check(redefined, "r: &a k", "r: &a y").blockRecheck)
        // An unused anchor in the edited entry stays unused.
        let unused = "d: &u {name: word}\ne: 1\n"
        XCTAssertEqual(check(unused, "word", "words").diagnostics.map(\.code), ["unused-anchor"])
    }
}
