import JSONRPC

/// `workspace/didChangeWatchedFiles` (LSP 3.17), client to server: files the client watches were created,
/// changed or deleted. Most clients (Neovim, Helix) watch only what the server registered with
/// ``RegistrationRequest`` and ``DidChangeWatchedFilesRegistrationOptions``.
public enum DidChangeWatchedFilesNotification: LSPNotification {
    /// The params: ``DidChangeWatchedFilesParams``.
    public typealias Params = DidChangeWatchedFilesParams
    /// The method name.
    public static let method = LSPMethod.workspaceDidChangeWatchedFiles
}

/// The params of `workspace/didChangeWatchedFiles`.
public struct DidChangeWatchedFilesParams: Codable, Sendable, Hashable {
    /// The changes, in the order they happened.
    public var changes: [FileEvent]

    /// Creates params.
    public init(changes: [FileEvent]) { self.changes = changes }
}

/// One watched file that changed (LSP 3.17 "FileEvent").
public struct FileEvent: Codable, Sendable, Hashable {
    /// The file's URI.
    public var uri: String
    /// What happened to it.
    public var type: FileChangeType

    /// Creates an event.
    public init(uri: String, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }
}

/// What happened to a watched file (LSP 3.17 "FileChangeType"): 1 created, 2 changed, 3 deleted.
/// Unknown numbers are kept, not rejected.
/// Coded as the bare number (the standard library's `RawRepresentable` coding).
public struct FileChangeType: RawRepresentable, Codable, Sendable, Hashable {
    /// The wire number.
    public var rawValue: Int

    /// Wraps any number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The file was created.
    public static let created = FileChangeType(rawValue: 1)
    /// The file was changed.
    public static let changed = FileChangeType(rawValue: 2)
    /// The file was deleted.
    public static let deleted = FileChangeType(rawValue: 3)
}
