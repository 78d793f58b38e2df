/// How `didChange` carries changes (LSP 3.17 "TextDocumentSyncKind").
public enum TextDocumentSyncKind: Int, Codable, Sendable, Hashable {
    /// Documents are not synced.
    case none = 0
    /// The whole text is sent each time.
    case full = 1
    /// Only the changed ranges are sent.
    case incremental = 2
}
