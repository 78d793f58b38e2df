import TestSupport
import XCTest
import YAMLComposer

/// YAML 1.1 merge keys (`<<`) through ``YAMLNode/mergedMappingEntries``.
final class MergeKeyTests: XCTestCase {
    /// The merged entries of the last mapping in the root sequence, as `key=value` strings.
    private func merged(_ notation: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let c = EventNotation(notation).compose()
        guard case .sequence(let items)? = c.documents.first?.root.content, let last = items.last,
              let entries = last.mergedMappingEntries else {
            XCTFail("no mapping", file: file, line: line)
            return []
        }
        return entries.map { e in
            let k: String
            let v: String
            if case .scalar(let s, _) = e.key.resolved.content { k = s } else { k = "?" }
            if case .scalar(let s, _) = e.value.resolved.content { v = s } else { v = "?" }
            return "\(k)=\(v)"
        }
    }

    private let anchors = """
        +DOC
        +SEQ
        +MAP &a
        =VAL :x
        =VAL :a1
        =VAL :y
        =VAL :a2
        -MAP
        +MAP &b
        =VAL :y
        =VAL :b2
        =VAL :z
        =VAL :b3
        -MAP
        """

    func testSingleMergeExplicitKeysWin() {
        XCTAssertEqual(merged(anchors + """

            +MAP
            =VAL :<<
            =ALI *a
            =VAL :x
            =VAL :own
            -MAP
            -SEQ
            -DOC
            """), ["y=a2", "x=own"])
    }

    func testListMergeEarlierWins() {
        XCTAssertEqual(merged(anchors + """

            +MAP
            =VAL :w
            =VAL :own
            =VAL :<<
            +SEQ []
            =ALI *a
            =ALI *b
            -SEQ
            -MAP
            -SEQ
            -DOC
            """), ["w=own", "x=a1", "y=a2", "z=b3"])
    }

    func testNestedMergeAndInlineMapping() {
        XCTAssertEqual(merged(anchors + """

            +MAP &c
            =VAL :<<
            =ALI *b
            =VAL :z
            =VAL :c3
            -MAP
            +MAP
            =VAL :<<
            +SEQ
            =ALI *c
            +MAP {}
            =VAL :q
            =VAL :inline
            -MAP
            =VAL :not a mapping
            -SEQ
            -MAP
            -SEQ
            -DOC
            """), ["y=b2", "z=c3", "q=inline"])
    }

    func testQuotedOrTaggedKeysAreNotMerges() {
        XCTAssertEqual(merged(anchors + """

            +MAP
            =VAL "<<
            =ALI *a
            =VAL <tag:yaml.org,2002:str> :<<
            =ALI *b
            -MAP
            -SEQ
            -DOC
            """), ["<<=?", "<<=?"])
        XCTAssertEqual(merged(anchors + """

            +MAP
            =VAL <tag:yaml.org,2002:merge> :<<
            =ALI *b
            -MAP
            -SEQ
            -DOC
            """), ["y=b2", "z=b3"])
    }

    func testNotAMapping() {
        let c = EventNotation("+DOC\n=VAL :x\n-DOC").compose()
        XCTAssertNil(c.documents[0].root.mergedMappingEntries)
    }

    func testSharedMergeChainsStayLinear() {
        // Each mapping merges the previous one twice: without memoization this would be 2^40 work.
        var lines = ["+DOC", "+SEQ", "+MAP &m0", "=VAL :k0", "=VAL :0", "-MAP"]
        for i in 1...40 {
            lines += ["+MAP &m\(i)", "=VAL :k\(i)", "=VAL :\(i)", "=VAL :<<", "+SEQ",
                      "=ALI *m\(i - 1)", "=ALI *m\(i - 1)", "-SEQ", "-MAP"]
        }
        lines += ["-SEQ", "-DOC"]
        // Hang guard (2^40 work without memoization), not a speed goal.
        let entries = assertNoHang(cpuSecondsAtMost: 30, "doubling merge chain") { merged(lines.joined(separator: "\n")) }
        XCTAssertEqual(entries.count, 41)
        XCTAssertEqual(entries.first, "k40=40")
    }
}
