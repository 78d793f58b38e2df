/// One change in `textDocument/didChange` (LSP 3.17 "TextDocumentContentChangeEvent"): with a `range`
/// the text replaces that range (incremental sync); without, `text` is the whole new content.
/// Changes in one notification apply in order, each to the result of the previous one.
public struct TextDocumentContentChangeEvent: Codable, Sendable, Hashable {
    /// The replaced range in ``Position`` units, or nil for a full replacement.
    public var range: LSPRange?
    /// Deprecated length of the range (in the negotiated units); ignore in favour of `range`.
    public var rangeLength: Int?
    /// The new text of the range or of the whole document.
    public var text: String

    /// Creates a change event.
    public init(range: LSPRange? = nil, rangeLength: Int? = nil, text: String) {
        self.range = range
        self.rangeLength = rangeLength
        self.text = text
    }
}
