/// The type of a log or shown message (LSP 3.17 "MessageType").
public enum MessageType: Int, Codable, Sendable, Hashable, CaseIterable {
    /// An error.
    case error = 1
    /// A warning.
    case warning = 2
    /// Information.
    case info = 3
    /// A log line.
    case log = 4
    /// A debug message (LSP 3.18; older clients may ignore it).
    case debug = 5
}
