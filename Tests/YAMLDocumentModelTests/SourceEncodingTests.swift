import XCTest
@testable import YAMLDocumentModel

/// YAML 1.2.2 §5.2: UTF-16 and UTF-32 streams are read (as UTF-8 transcodings) and never rewritten.
final class SourceEncodingTests: XCTestCase {
    private func encode(_ text: String, _ encoding: SourceEncoding, bom: Bool = true) -> [UInt8] {
        var scalars = Array(text.unicodeScalars)
        if bom { scalars.insert("\u{FEFF}", at: 0) }
        var out: [UInt8] = []
        for s in scalars {
            switch encoding {
            case .utf8: out += Array(String(s).utf8)
            case .utf16BigEndian, .utf16LittleEndian:
                for u in String(s).utf16 {
                    let pair = [UInt8(u >> 8), UInt8(u & 0xFF)]
                    out += encoding == .utf16BigEndian ? pair : pair.reversed()
                }
            case .utf32BigEndian, .utf32LittleEndian:
                let v = s.value
                let quad = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
                out += encoding == .utf32BigEndian ? quad : quad.reversed()
            }
        }
        return out
    }

    func testDetectionFollowsTheSpecTable() {
        for e in [SourceEncoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
            XCTAssertEqual(SourceEncoding.detect(encode("a: 1\n", e)), e, "with BOM")
            XCTAssertEqual(SourceEncoding.detect(encode("a: 1\n", e, bom: false)), e, "by null pattern")
        }
        XCTAssertEqual(SourceEncoding.detect(Array("a: 1\n".utf8)), .utf8)
        XCTAssertEqual(SourceEncoding.detect([0xEF, 0xBB, 0xBF, 0x61]), .utf8)
        XCTAssertEqual(SourceEncoding.detect([]), .utf8)
    }

    func testForeignEncodingsAreCheckedButNotFormatted() {
        let uri = DocumentURI("file:///u16.yaml")
        for e in [SourceEncoding.utf16LittleEndian, .utf32BigEndian] {
            let model = DocumentModel()
            model.perform(.openFile(uri, bytes: encode("a:    é😀\nb: [1\n", e)))
            XCTAssertEqual(model.foreignEncoding(uri), e)
            XCTAssertEqual(model.snapshot(uri)?.text, "\u{FEFF}a:    é😀\nb: [1\n")
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["unclosed-flow-sequence"])
            let surface = model.formatting(uri)
            XCTAssertEqual(surface?.edits, [])
            XCTAssertNotNil(surface?.refusal)
        }
    }
}
