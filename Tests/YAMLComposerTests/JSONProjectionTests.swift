import TestSupport
import XCTest
import YAMLComposer

/// JSON projection of composed nodes and compact JSON text.
final class JSONProjectionTests: XCTestCase {
    /// The JSON text of the first document of `notation`, or the failure's description.
    private func json(_ notation: String, nodeBudget: Int = JSONProjection.defaultNodeBudget,
                      maxDepth: Int = JSONProjection.defaultMaxDepth) -> String {
        let c = EventNotation(notation).compose()
        guard let root = c.documents.first?.root else { return "no document" }
        switch JSONProjection.project(root, nodeBudget: nodeBudget, maxDepth: maxDepth) {
        case .success(let v): return v.jsonText
        case .failure(let f): return "\(f)"
        }
    }

    func testScalarTypes() {
        XCTAssertEqual(json("""
            +DOC
            +SEQ
            =VAL :
            =VAL :~
            =VAL :True
            =VAL :0x10
            =VAL :-7
            =VAL :99999999999999999999
            =VAL :1.5
            =VAL :.inf
            =VAL :.nan
            =VAL :yes
            =VAL '12
            =VAL <tag:yaml.org,2002:int> "12
            =VAL <tag:yaml.org,2002:bool> "yes
            =VAL <!local> :12
            =VAL <!> :12
            =VAL "tab\\tquote\\"back\\\\slash\\bnl\\n\u{01}é😀
            -SEQ
            -DOC
            """), #"[null,null,true,16,-7,1e+20,1.5,null,null,"yes","12",12,"yes","12","12","tab\tquote\"back\\slash\bnl\n\u0001é😀"]"#)
    }

    func testKeysAliasesAndMerges() {
        XCTAssertEqual(json("""
            +DOC
            +MAP
            =VAL :base
            +MAP &b
            =VAL :x
            =VAL :1
            -MAP
            =VAL :1
            =VAL :int key
            =VAL :
            =VAL :null key
            =VAL :2.50
            =VAL :float key
            +SEQ []
            =VAL :a
            =VAL :1
            -SEQ
            =VAL :seq key
            =VAL :use
            +MAP
            =VAL :<<
            =ALI *b
            =VAL :y
            =VAL :2
            -MAP
            =VAL :dup
            =VAL :first
            =VAL "dup
            =VAL :second
            =VAL :undefined
            =ALI *nope
            -MAP
            -DOC
            """), #"{"base":{"x":1},"1":"int key","null":"null key","2.5":"float key","[\"a\",1]":"seq key","use":{"x":1,"y":2},"dup":"second","undefined":null}"#)
    }

    func testBillionLaughsFailsFast() {
        var lines = ["+DOC", "+MAP", "=VAL :l0", "+SEQ &l0", "=VAL :lol", "-SEQ"]
        for level in 1...9 {
            lines += ["=VAL :l\(level)", "+SEQ &l\(level)"]
            lines += Array(repeating: "=ALI *l\(level - 1)", count: 10)
            lines += ["-SEQ"]
        }
        lines += ["-MAP", "-DOC"]
        // Hang guard (2 * 10^9 nodes unbounded), not a speed goal.
        let message = assertNoHang(cpuSecondsAtMost: 30, "billion laughs events") { json(lines.joined(separator: "\n")) }
        XCTAssertEqual(message, "The document expands to more than 1000000 nodes once aliases are repeated (node budget exceeded).")
        let c = EventNotation(lines.joined(separator: "\n")).compose()
        XCTAssertEqual(JSONProjection.expandedSize(of: c.documents[0].root, limit: .max), 2_345_679_022)  // 1 + 10 keys + sum of l_k = 1 + 10 l_(k-1), l_0 = 2
    }

    func testSharedAnchorsWithinBudgetAreProjected() {
        var lines = ["+DOC", "+SEQ", "+SEQ &l0", "=VAL :lol", "-SEQ"]
        for level in 1...4 {
            lines += ["+SEQ &l\(level)"] + Array(repeating: "=ALI *l\(level - 1)", count: 10) + ["-SEQ"]
        }
        lines += ["-SEQ", "-DOC"]
        let text = json(lines.joined(separator: "\n"))
        XCTAssertEqual(text.split(separator: "lol").count - 1, 1 + 10 + 100 + 1_000 + 10_000)
        XCTAssertTrue(json(lines.joined(separator: "\n"), nodeBudget: 10_000).hasSuffix("(node budget exceeded)."))
    }

    func testDepthLimit() {
        let deep = "+DOC\n" + String(repeating: "+SEQ\n", count: 5) + String(repeating: "-SEQ\n", count: 5) + "-DOC"
        XCTAssertEqual(json(deep, maxDepth: 5), "[[[[[]]]]]")
        XCTAssertEqual(json(deep, maxDepth: 4), "The document nests collections deeper than 4 levels.")
    }

    func testJSONText() {
        let value = JSONValue.object([(key: "a\u{1F}", value: .array([.number(0.1), .number(-0.0), .number(1e-7),
                                                                       .number(.infinity), .integer(.min), .bool(false)])),
                                      (key: "", value: .object([]))])
        XCTAssertEqual(value.jsonText, #"{"a\u001f":[0.1,-0.0,1e-07,null,-9223372036854775808,false],"":{}}"#)
        XCTAssertEqual(JSONValue.string("\r\u{0C}/").jsonText, #""\r\f/""#)
        var deep = JSONValue.null
        for _ in 0..<10_000 { deep = .array([deep]) }
        XCTAssertEqual(deep.jsonText.count, 20_004)
    }
}

extension JSONProjectionTests {
    func testEqualValuesHashAlike() {
        XCTAssertEqual(Set<JSONValue>([.integer(0), .number(-0.0), .number(0), .integer(3), .number(3.0)]).count, 2)
        XCTAssertEqual(JSONValue.object([(key: "a", value: .integer(1)), (key: "b", value: .null)]),
                       JSONValue.object([(key: "b", value: .null), (key: "a", value: .number(1))]))
    }
}
