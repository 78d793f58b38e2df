import XCTest
import YAMLComposer
import YAMLParser

/// Alias nodes as the composer makes them: outside every anchored collection they refer to their target
/// through the document's anchors, inside one they hold it (see `DocumentAnchors`). Both must resolve
/// alike, keep their target alive, and let the whole graph be freed.
final class AliasNodeTests: XCTestCase {
    private func compose(_ text: String) -> Composition {
        Composer.compose(Parser.parse(Array(text.utf8)))
    }

    private func value(_ node: YAMLNode, _ key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = node.resolved.content else { return nil }
        return pairs.first { if case .scalar(key, _) = $0.key.content { return true } else { return false } }?.value
    }

    private func items(_ node: YAMLNode?) -> [YAMLNode] {
        guard let node, case .sequence(let items) = node.resolved.content else { return [] }
        return items
    }

    func testAliasesInsideAndOutsideAnchoredCollectionsResolveAlike() throws {
        let c = compose("""
            base: &b {x: 1}
            dev: &d {<<: *b, y: *b}
            uses: [*b, *d, &s !!str 12, *s, &t !custom x, *t, &n 7, *n]
            """)
        XCTAssertEqual(c.errors.map(\.code), [])
        let root = try XCTUnwrap(c.documents.first?.root)
        let base = try XCTUnwrap(value(root, "base")), dev = try XCTUnwrap(value(root, "dev"))
        // Inside the anchored `dev`: aliases holding their target.
        let inner = try XCTUnwrap(value(dev, "y"))
        XCTAssertTrue(inner.resolved === base)
        XCTAssertEqual(inner.tag, CoreSchema.mapTag)
        // Outside: aliases through the document's anchors.
        let uses = items(value(root, "uses"))
        XCTAssertEqual(uses.count, 8)
        XCTAssertTrue(uses[0].resolved === base)
        XCTAssertTrue(uses[1].resolved === dev)
        XCTAssertTrue(uses[3].resolved === uses[2])
        XCTAssertTrue(uses[5].resolved === uses[4])
        XCTAssertTrue(uses[7].resolved === uses[6])
        // An alias carries its target's tag: core schema tags, explicit ones and other tags alike.
        XCTAssertEqual(uses.map(\.tag), [CoreSchema.mapTag, CoreSchema.mapTag, CoreSchema.strTag, CoreSchema.strTag,
                                         "!custom", "!custom", CoreSchema.intTag, CoreSchema.intTag])
        for (i, name) in [(0, "b"), (1, "d"), (3, "s"), (5, "t"), (7, "n")] {
            guard case .alias(let aliasName, let target) = uses[i].content else { return XCTFail("\(i) is not an alias") }
            XCTAssertEqual(aliasName, name)
            XCTAssertTrue(target === uses[i].resolved)
        }
        // The merge key follows the alias inside `dev`.
        let merged = try XCTUnwrap(dev.mergedMappingEntries)
        XCTAssertEqual(merged.compactMap { if case .scalar(let k, _) = $0.key.content { return k } else { return nil } },
                       ["x", "y"])
    }

    func testARedefinedAnchorIsBoundByPosition() throws {
        let c = compose("""
            - &a first
            - *a
            - &a second
            - *a
            - [&a third, *a]
            - *a
            """)
        let list = items(c.documents.first?.root)
        XCTAssertEqual(list.count, 6)
        XCTAssertTrue(list[1].resolved === list[0])
        XCTAssertTrue(list[3].resolved === list[2])
        let nested = items(list[4])
        XCTAssertTrue(nested[1].resolved === nested[0])
        XCTAssertTrue(list[5].resolved === nested[0])
    }

    func testNamesOfEveryLengthAreToldApart() throws {
        // Names of up to 7 bytes are compared in the anchor table's slots, longer ones apart: names that
        // share a prefix, differ only in length, or hold non-ASCII bytes must still bind exactly.
        let names = ["a", "ab", "abcdefg", "abcdefgh", "abcdefg1", "abcdefgh1", "é", "e\u{301}", "名前",
                     String(repeating: "x", count: 7), String(repeating: "x", count: 8), String(repeating: "x", count: 40)]
        var text = ""
        for (i, name) in names.enumerated() { text += "- &\(name) \(i)\n" }
        for name in names.reversed() { text += "- *\(name)\n" }
        let c = compose(text)
        XCTAssertEqual(c.errors.map(\.code), [])
        let list = items(c.documents.first?.root)
        XCTAssertEqual(list.count, 2 * names.count)
        for (j, name) in names.reversed().enumerated() {
            let i = names.count - 1 - j
            let alias = list[names.count + j]
            XCTAssertTrue(alias.resolved === list[i], name)
            guard case .alias(let aliasName, _) = alias.content else { return XCTFail("\(name) is not an alias") }
            XCTAssertTrue(aliasName.utf8.elementsEqual(name.utf8), name)
        }
    }

    func testTheGraphIsFreedWhenReleased() throws {
        weak var base: YAMLNode?
        weak var dev: YAMLNode?
        weak var alias: YAMLNode?
        do {
            // `dev` holds an alias (inside an anchored collection) and is named by aliases outside one:
            // no reference cycle may keep the graph alive.
            let c = compose("""
                base: &b {x: 1}
                dev: &d {y: *b, z: [*b]}
                uses: [*b, *d, *d]
                """)
            let root = try XCTUnwrap(c.documents.first?.root)
            base = value(root, "base")
            dev = value(root, "dev")
            alias = items(value(root, "uses")).first
            XCTAssertNotNil(base)
            XCTAssertNotNil(dev)
            XCTAssertNotNil(alias)
        }
        XCTAssertNil(alias)
        XCTAssertNil(dev)
        XCTAssertNil(base)
    }

    func testAnAliasNodeKeepsItsTargetAlive() throws {
        let alias: YAMLNode
        weak var target: YAMLNode?
        do {
            let c = compose("a: &x {k: v}\nb: *x\n")
            let root = try XCTUnwrap(c.documents.first?.root)
            alias = try XCTUnwrap(value(root, "b"))
            target = value(root, "a")
        }
        XCTAssertNotNil(target)
        XCTAssertTrue(alias.resolved === target)
        XCTAssertEqual(value(alias, "k").flatMap { if case .scalar(let s, _) = $0.content { return s } else { return nil } }, "v")
    }
}
