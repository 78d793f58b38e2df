import Foundation

/// Entry point of `pureyaml lsp`. Placeholder until the server lands.
public enum LanguageServerMain {
    /// Runs the server until `exit` or end of input; returns the process exit code.
    public static func run(arguments: [String]) -> Int32 { 0 }
}
