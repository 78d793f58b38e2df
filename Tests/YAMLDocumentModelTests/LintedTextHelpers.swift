import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// A model with lint on (yamllint's `default` preset through `pureyaml.lint.enable`) and `text` open as
/// `uri` at `version`: what the code-action tests start from.
func lintModel(_ uri: DocumentURI, _ text: String, version: Int = 1) -> DocumentModel {
    let m = DocumentModel(settings: Settings(json: .object([("pureyaml.lint.enable", .bool(true))])))
    m.perform(.open(uri, version: version, text: text))
    return m
}

/// The UTF-8 byte range of the line of `text` holding `needle` (without its line break).
func lineRange(_ text: String, containing needle: String) throws -> TextRange {
    let bytes = Array(text.utf8)
    let at = try XCTUnwrap(text.range(of: needle)).lowerBound.utf16Offset(in: text)
    var start = at, end = at
    while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
    while end < bytes.count && bytes[end] != 0x0A { end += 1 }
    return TextRange(start: start, end: end)
}
