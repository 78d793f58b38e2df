import JSONRPC

/// `workspace/didChangeWorkspaceFolders` (LSP 3.17 §"DidChangeWorkspaceFolders Notification"): folders
/// were added to or removed from the workspace. Sent only to servers that advertise
/// `workspace.workspaceFolders.changeNotifications`.
public enum DidChangeWorkspaceFoldersNotification: LSPNotification {
    /// The params: ``DidChangeWorkspaceFoldersParams``.
    public typealias Params = DidChangeWorkspaceFoldersParams
    /// The method name.
    public static let method = LSPMethod.workspaceDidChangeWorkspaceFolders
}

/// The params of `workspace/didChangeWorkspaceFolders`.
public struct DidChangeWorkspaceFoldersParams: Codable, Sendable, Hashable {
    /// The actual change.
    public var event: WorkspaceFoldersChangeEvent

    /// Creates params.
    public init(event: WorkspaceFoldersChangeEvent) { self.event = event }
}

/// The folders added and removed by one `workspace/didChangeWorkspaceFolders`.
public struct WorkspaceFoldersChangeEvent: Codable, Sendable, Hashable {
    /// Folders added to the workspace.
    public var added: [WorkspaceFolder]
    /// Folders removed from the workspace.
    public var removed: [WorkspaceFolder]

    /// Creates an event.
    public init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
        self.added = added
        self.removed = removed
    }
}
