/// Why a JSON-RPC message could not be decoded, in the form of the error response to send back.
///
/// Per JSON-RPC 2.0 §5: bytes that are not JSON give ``ErrorCode/parseError`` with `id: null`;
/// JSON that is not a request, notification or response gives ``ErrorCode/invalidRequest`` with the id
/// kept when it could be read.
public struct InvalidMessage: Error, Sendable, Hashable {
    /// The id read from the message, or nil when there was none or it was unreadable.
    public var id: RequestID?
    /// The error object to answer with.
    public var error: ResponseError

    /// Creates the description of an undecodable message.
    public init(id: RequestID?, error: ResponseError) {
        self.id = id
        self.error = error
    }

    /// The error response to send for this message.
    public var response: ResponseMessage { ResponseMessage(id: id, error: error) }
}
