import JSONRPC

/// `client/registerCapability` (LSP 3.17 §"Register Capability"), server to client: registers features
/// dynamically, e.g. the files a client watches for `workspace/didChangeWatchedFiles`. Send it only for a
/// feature whose client capability says `dynamicRegistration: true`. The result is `null`; a client that
/// cannot register answers with an error.
public enum RegistrationRequest: LSPRequest {
    /// The params: ``RegistrationParams``.
    public typealias Params = RegistrationParams
    /// The result: `null`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.clientRegisterCapability
}

/// The params of `client/registerCapability`.
public struct RegistrationParams: Codable, Sendable, Hashable {
    /// The features to register.
    public var registrations: [Registration]

    /// Creates params.
    public init(registrations: [Registration]) { self.registrations = registrations }
}

/// One dynamically registered feature (LSP 3.17 "Registration").
public struct Registration: Codable, Sendable, Hashable {
    /// The id of this registration, for a later `client/unregisterCapability`.
    public var id: String
    /// The method the registration is for, e.g. `workspace/didChangeWatchedFiles`.
    public var method: String
    /// The method's registration options (for `workspace/didChangeWatchedFiles`,
    /// ``DidChangeWatchedFilesRegistrationOptions``), raw.
    public var registerOptions: LSPAny?

    /// Creates a registration.
    public init(id: String, method: String, registerOptions: LSPAny? = nil) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}
