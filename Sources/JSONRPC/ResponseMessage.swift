/// A JSON-RPC 2.0 response: `result` on success or `error` on failure (JSON-RPC 2.0 §5).
public struct ResponseMessage: Sendable, Hashable {
    /// The id of the request answered; nil (written as `"id": null`) only when it could not be read,
    /// e.g. for a parse error.
    public var id: RequestID?
    /// The result (which may be ``LSPAny/null``, written as `"result": null`) or the error.
    public var result: Result<LSPAny, ResponseError>

    /// Creates a response.
    public init(id: RequestID?, result: Result<LSPAny, ResponseError>) {
        self.id = id
        self.result = result
    }

    /// A success response. `result` `.null` is written as `"result": null` (e.g. `shutdown`, empty hover).
    public init(id: RequestID, result: LSPAny) {
        self.init(id: id, result: .success(result))
    }

    /// An error response.
    public init(id: RequestID?, error: ResponseError) {
        self.init(id: id, result: .failure(error))
    }
}
