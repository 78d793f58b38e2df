/// A place related to a diagnostic (LSP 3.17 "DiagnosticRelatedInformation").
public struct DiagnosticRelatedInformation: Codable, Sendable, Hashable {
    /// The related place.
    public var location: Location
    /// What it has to do with the diagnostic.
    public var message: String

    /// Creates related information.
    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}
