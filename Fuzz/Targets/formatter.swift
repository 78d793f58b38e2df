import YAMLComposer
import YAMLDocumentModel
import YAMLParser

/// Formatter target, through the model's formatting surface (what an editor gets). When the model
/// returns edits: applying them to the input gives the surface's formatted text; that text parses
/// without errors, loads to the same data (JSON projection of every document) and formats to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let uri = DocumentURI("file:///fuzz.yaml")
    let model = DocumentModel()
    model.perform(.openFile(uri, bytes: bytes))
    guard let surface = model.formatting(uri), !surface.edits.isEmpty else { return 0 }

    var applied = bytes
    var previousStart = Int.max
    for edit in surface.edits.reversed() {
        require(edit.range.end <= previousStart && edit.range.start <= edit.range.end && edit.range.end <= bytes.count,
                "edits overlap, are unsorted or out of bounds")
        previousStart = edit.range.start
        applied.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    require(applied == surface.formattedText, "the edits do not produce the formatted text")

    let before = Parser.parse(bytes), after = Parser.parse(applied)
    require(after.isValid, "formatted text does not parse: \(after.errors.first.map { "\($0.code) \($0.message)" } ?? "")")
    let docsBefore = Composer.compose(before).documents, docsAfter = Composer.compose(after).documents
    require(docsBefore.count == docsAfter.count, "document count changed")
    for (a, b) in zip(docsBefore, docsAfter) {
        if case .success(let x) = JSONProjection.project(a.root, nodeBudget: 100_000),
           case .success(let y) = JSONProjection.project(b.root, nodeBudget: 100_000) {
            require(x.jsonText == y.jsonText, "formatting changed the data: \(x.jsonText) -> \(y.jsonText)")
        }
    }

    let again = DocumentModel()
    again.perform(.openFile(uri, bytes: applied))
    let second = again.formatting(uri)
    require(second?.edits.isEmpty == true,
            "not idempotent: \(String(decoding: applied, as: UTF8.self).debugDescription) -> \(String(decoding: second?.formattedText ?? [], as: UTF8.self).debugDescription)")
    return 0
}
