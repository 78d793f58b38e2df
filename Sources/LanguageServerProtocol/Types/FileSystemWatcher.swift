/// The registration options of `workspace/didChangeWatchedFiles` (LSP 3.17
/// "DidChangeWatchedFilesRegistrationOptions"), sent in a ``Registration``: which files the client watches.
public struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable, Hashable {
    /// The watchers.
    public var watchers: [FileSystemWatcher]

    /// Creates options.
    public init(watchers: [FileSystemWatcher]) { self.watchers = watchers }
}

/// One file pattern the client watches (LSP 3.17 "FileSystemWatcher").
public struct FileSystemWatcher: Codable, Sendable, Hashable {
    /// A glob pattern (LSP 3.17 "Pattern": `*` within a path segment, `**` across segments, `{a,b}`
    /// alternatives), relative to the workspace folders, e.g. `**/.yamllint`.
    public var globPattern: String
    /// The kinds of events wanted; absent means all three.
    public var kind: WatchKind?

    /// Creates a watcher.
    public init(globPattern: String, kind: WatchKind? = nil) {
        self.globPattern = globPattern
        self.kind = kind
    }
}

/// The events a ``FileSystemWatcher`` asks for (LSP 3.17 "WatchKind"), a bit set: 1 create, 2 change,
/// 4 delete. Coded as the bare number (the standard library's `RawRepresentable` coding).
public struct WatchKind: OptionSet, Codable, Sendable, Hashable {
    /// The wire number.
    public var rawValue: Int

    /// Wraps any number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// File creation.
    public static let create = WatchKind(rawValue: 1)
    /// File change.
    public static let change = WatchKind(rawValue: 2)
    /// File deletion.
    public static let delete = WatchKind(rawValue: 4)
    /// All three events (the default when `kind` is absent).
    public static let all: WatchKind = [.create, .change, .delete]
}
