/// `$/progress` (LSP 3.17 §"Progress Support"), here server to client: one step of the work-done progress
/// created for `token` (`window/workDoneProgress/create`): a begin, reports, and one end.
public enum ProgressNotification: LSPNotification {
    /// The params: ``ProgressParams``.
    public typealias Params = ProgressParams
    /// The method name.
    public static let method = LSPMethod.progress
}

/// The params of `$/progress` for work-done progress.
public struct ProgressParams: Codable, Sendable, Hashable {
    /// The token given in `window/workDoneProgress/create`.
    public var token: String
    /// The step.
    public var value: WorkDoneProgress

    /// Creates params.
    public init(token: String, value: WorkDoneProgress) {
        self.token = token
        self.value = value
    }
}

/// A work-done progress step (LSP 3.17 `WorkDoneProgressBegin`, `WorkDoneProgressReport`,
/// `WorkDoneProgressEnd`): `kind` `begin` (with a `title`), `report` or `end`; `message` and `percentage`
/// (0–100) optional. Not cancellable.
public struct WorkDoneProgress: Codable, Sendable, Hashable {
    /// `begin`, `report` or `end`.
    public var kind: String
    /// The title (begin only).
    public var title: String?
    /// A line of detail.
    public var message: String?
    /// 0–100, or nil when unknown (begin and report only).
    public var percentage: Int?

    /// Creates a step.
    public init(kind: String, title: String? = nil, message: String? = nil, percentage: Int? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.percentage = percentage
    }

    /// The first step of a progress, titled `title`.
    public static func begin(_ title: String, message: String? = nil, percentage: Int? = nil) -> WorkDoneProgress {
        WorkDoneProgress(kind: "begin", title: title, message: message, percentage: percentage)
    }

    /// A step in between.
    public static func report(_ message: String?, percentage: Int? = nil) -> WorkDoneProgress {
        WorkDoneProgress(kind: "report", message: message, percentage: percentage)
    }

    /// The last step.
    public static func end(_ message: String? = nil) -> WorkDoneProgress {
        WorkDoneProgress(kind: "end", message: message)
    }
}
