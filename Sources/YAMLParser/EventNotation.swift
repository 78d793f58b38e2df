// Placeholder; the parser branch provides Event.testSuiteNotation.
extension Event {
    public var testSuiteNotation: String { "" }
}
