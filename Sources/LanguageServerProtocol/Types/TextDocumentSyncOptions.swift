/// How the client sends document changes (LSP 3.17 "TextDocumentSyncOptions").
public struct TextDocumentSyncOptions: Codable, Sendable, Hashable {
    /// Whether `didOpen` / `didClose` are sent.
    public var openClose: Bool?
    /// Full or incremental `didChange`.
    public var change: TextDocumentSyncKind?
    /// Whether `willSave` is sent.
    public var willSave: Bool?
    /// Whether `willSaveWaitUntil` is sent.
    public var willSaveWaitUntil: Bool?
    /// `didSave` options; nil means no `didSave`.
    public var save: SaveOptions?

    /// Creates options.
    public init(openClose: Bool? = nil, change: TextDocumentSyncKind? = nil, willSave: Bool? = nil,
                willSaveWaitUntil: Bool? = nil, save: SaveOptions? = nil) {
        self.openClose = openClose
        self.change = change
        self.willSave = willSave
        self.willSaveWaitUntil = willSaveWaitUntil
        self.save = save
    }
}
