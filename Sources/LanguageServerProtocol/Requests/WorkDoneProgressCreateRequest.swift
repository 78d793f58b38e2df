/// `window/workDoneProgress/create` (LSP 3.17 §3.18 "Work Done Progress", "Creating Work Done Progress"),
/// server to client: asks the client to create a progress indicator for `token`, which the server then
/// drives with `$/progress` (``ProgressNotification``). Send it only to a client that declares
/// `window.workDoneProgress`. The result is `null`; after an error answer no progress is sent with the token.
public enum WorkDoneProgressCreateRequest: LSPRequest {
    /// The params: ``WorkDoneProgressCreateParams``.
    public typealias Params = WorkDoneProgressCreateParams
    /// The result: `null`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.windowWorkDoneProgressCreate
}

/// The params of `window/workDoneProgress/create`.
public struct WorkDoneProgressCreateParams: Codable, Sendable, Hashable {
    /// The token (LSP `ProgressToken`: an integer or a string; the server uses strings).
    public var token: String

    /// Creates params.
    public init(token: String) { self.token = token }
}
