import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema
import YAMLSyntax

/// ``ValidationWatch``: the validation of one block mapping entry's value is recorded, and after an edit
/// inside the value, evaluating the new value alone tells whether the document's violations are the old
/// ones moved by the edit.
final class ValidationWatchTests: XCTestCase {
    static let schema = """
    {"type": "object",
     "properties": {
       "server": {"type": "object", "properties": {"port": {"type": "integer"}, "host": {"type": "string", "maxLength": 8}},
                  "additionalProperties": false},
       "pinned": {"const": {"v": "one"}},
       "extra": {"type": "string"}},
     "required": ["server", "missing"]}
    """

    /// Validates `text` watching the entry whose key is `key`, edits it by inserting `insert` at the end of
    /// `after`, and re-validates the entry alone: the watch of the new text (nil when it cannot be told that
    /// way), checked against a whole validation of the new text.
    /// With `recompiled`, the re-validation uses another compilation of the same schema than the watch.
    private func edit(_ text: String, key: String, after: String, insert: String, recompiled: Bool = false,
                      file: StaticString = #filePath, line: UInt = #line) throws -> ValidationWatch? {
        let schema = try JSONSchema(jsonText: Array(Self.schema.utf8), uri: "https://schemas.test/watch.json")
        let again = recompiled ? try JSONSchema(jsonText: Array(Self.schema.utf8), uri: "https://schemas.test/watch.json") : schema
        let bytes = Array(text.utf8)
        let keyOffset = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: key + ":")!.lowerBound)
        guard let root = Composer.compose(Parser.parse(bytes)).documents.first?.root else { XCTFail("no document"); return nil }
        let (old, watch) = schema.validate(root, watchingEntryAt: keyOffset)
        guard let watch else { return nil }
        XCTAssertEqual(watch.keyOffset, keyOffset, file: file, line: line)
        // The edit, and the entry's lines of the new text (from its line's start to the next line at most
        // as indented), composed alone.
        let at = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: after)!.upperBound)
        let new = Array(text.utf8.prefix(at)) + Array(insert.utf8) + Array(text.utf8.dropFirst(at))
        var start = keyOffset
        while start > 0 && new[start - 1] != 0x0A { start -= 1 }
        let indent = keyOffset - start
        var end = keyOffset
        while end < new.count {
            while end < new.count && new[end] != 0x0A { end += 1 }
            end = min(end + 1, new.count)
            var i = end
            while i < new.count && new[i] == 0x20 { i += 1 }
            if i < new.count && new[i] != 0x0A && i - end <= indent { break }
        }
        guard let entry = Composer.compose(Parser.parse(Array(new[start..<end]))).documents.first?.root,
              case .mapping(let pairs) = entry.content, pairs.count == 1 else { XCTFail("entry"); return nil }
        let delta = insert.utf8.count
        let next = again.revalidate(watch, value: pairs[0].value, key: pairs[0].key, offset: start) { p in
            p < at ? p : p > at ? p + delta : nil
        }
        if next != nil {
            // Then the whole new text gives the old violations moved by the edit.
            guard let newRoot = Composer.compose(Parser.parse(new)).documents.first?.root else { XCTFail("no document"); return nil }
            let moved = old.map { v in
                let s = v.range.start < at ? v.range.start : v.range.start + delta, e = v.range.end < at ? v.range.end : v.range.end + delta
                return (TextRange(start: s, end: e), v.message)
            }
            let fresh = schema.validate(newRoot).map { ($0.range, $0.message) }
            XCTAssertEqual(moved.map(\.0), fresh.map(\.0), file: file, line: line)
            XCTAssertEqual(moved.map(\.1), fresh.map(\.1), file: file, line: line)
        }
        return next
    }

    static let text = "server:\n  port: 8080\n  host: example\npinned:\n  v: one\nextra: words\n"

    func testAnUnchangedOutcomeIsToldFromTheValueAlone() throws {
        // The port stays an integer, the host a short string: the other findings (`missing`) move.
        XCTAssertNotNil(try edit(Self.text, key: "server", after: "port: 80", insert: "1"))
        XCTAssertNotNil(try edit(Self.text, key: "port", after: "port: 80", insert: "1"))
        XCTAssertNotNil(try edit(Self.text, key: "extra", after: "extra: wo", insert: "x"))
    }

    func testAnotherCompilationNeedsTheWholeDocument() throws {
        // The same edit as above, but the watch's records belong to another compilation of the schema.
        XCTAssertNotNil(try edit(Self.text, key: "port", after: "port: 80", insert: "1"))
        XCTAssertNil(try edit(Self.text, key: "port", after: "port: 80", insert: "1", recompiled: true))
    }

    func testAChangedOutcomeNeedsTheWholeDocument() throws {
        // Not an integer any more; a host too long; a key `additionalProperties` forbids.
        XCTAssertNil(try edit(Self.text, key: "port", after: "port: 80", insert: "x"))
        XCTAssertNil(try edit(Self.text, key: "server", after: "host: example", insert: "xy"))
        XCTAssertNil(try edit(Self.text, key: "server", after: "host: example\n", insert: "  other: 1\n"))
    }

    func testAValueReadWholeFromAboveIsNotWatched() throws {
        // `const` on `pinned` reads the value of its entry `v` whole.
        XCTAssertNil(try edit(Self.text, key: "v", after: "v: on", insert: "e"))
        // A merge key on the way.
        XCTAssertNil(try edit("base:\n  <<: {a: 1}\n  b: word\n", key: "b", after: "b: wo", insert: "x"))
    }
}
