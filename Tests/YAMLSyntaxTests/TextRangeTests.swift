import Testing
@testable import YAMLSyntax

/// `TextRange` rules that every range in the core relies on (Swift Testing).
@Suite("TextRange")
struct TextRangeTests {
    @Test("contains and touches treat the end differently")
    func containsAndTouches() {
        let r = TextRange(start: 2, end: 5)
        #expect(r.contains(2) && r.contains(4))
        #expect(!r.contains(5))
        #expect(r.touches(5))
        #expect(!r.touches(6))
        #expect(TextRange(empty: 3).contains(3))
    }

    @Test("overlap needs a shared byte unless one range is empty")
    func overlaps() {
        let a = TextRange(start: 0, end: 3), b = TextRange(start: 3, end: 6)
        #expect(!a.overlaps(b))
        #expect(a.overlaps(TextRange(start: 2, end: 4)))
        #expect(a.overlaps(TextRange(empty: 3)), "an empty range at the end touches")
        #expect(a.union(b) == TextRange(start: 0, end: 6))
    }

    @Test("ranges order by start, then end", arguments: [
        (TextRange(start: 0, end: 9), TextRange(start: 1, end: 2)),
        (TextRange(start: 1, end: 2), TextRange(start: 1, end: 3)),
    ])
    func ordering(_ pair: (TextRange, TextRange)) {
        #expect(pair.0 < pair.1)
        #expect(!(pair.1 < pair.0))
    }
}
