import Foundation
import XCTest
import YAMLParser
import YAMLSyntax

final class ScratchTests: XCTestCase {
    func testScratch() throws {
        guard let path = ProcessInfo.processInfo.environment["SCRATCH"] else { return }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let r = Parser.parse(bytes)
        print(Event.testSuiteEvents(r.events))
        for e in r.events { print(e.testSuiteNotation, e.range, String(decoding: bytes[e.range.start..<e.range.end], as: UTF8.self).debugDescription) }
        let li = LineIndex(bytes)
        for e in r.errors { let p = li.position(of: e.range.start, encoding: .utf8); print("ERR \(p.line+1):\(p.column+1) \(e.code) [\(e.severity)] \(e.message)") }
        func walk(_ n: SyntaxNode, _ d: Int) {
            print(String(repeating: "  ", count: d) + "\(n.kind) \(n.range) \(n.directTokens.map { "\($0.kind)=\(String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self).debugDescription)" }.joined(separator: " "))")
            for c in n.children { walk(c, d + 1) }
        }
        walk(r.tree.root, 0)
    }
}
