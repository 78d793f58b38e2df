import Foundation
import JSONRPC
#if canImport(Glibc)
import Glibc
#endif

/// Entry point of `pureyaml lsp`: protects stdout for the protocol, starts the server on stdin/stdout,
/// and returns the process exit code when the client sends `exit` or closes stdin.
public enum LanguageServerMain {
    /// Runs the server. `arguments` may hold `--record DIR` (mirror every message as JSON lines to a
    /// file in DIR). Returns 0 after `shutdown` then `exit` (or end of input after `shutdown`), 1 when the
    /// session ended without `shutdown` (LSP 3.17 §"exit"), 2 for bad arguments.
    public static func run(arguments: [String]) -> Int32 {
        var recordDirectory: URL?
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--record" where i + 1 < arguments.count:
                recordDirectory = URL(fileURLWithPath: arguments[i + 1], isDirectory: true)
                i += 2
            case "--stdio":
                i += 1
            default:
                FileHandle.standardError.write(Data("pureyaml lsp: unknown argument '\(arguments[i])'\n".utf8))
                return 2
            }
        }
        // stdout belongs to the protocol: keep a private descriptor for it and point fd 1 at stderr, so a
        // stray print cannot corrupt the stream. A client that goes away must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let protocolDescriptor = dup(STDOUT_FILENO)
        guard protocolDescriptor >= 0 else { return 2 }
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let output = FileHandle(fileDescriptor: protocolDescriptor, closeOnDealloc: true)
        let connection: Connection
        do {
            if let recordDirectory {
                try FileManager.default.createDirectory(at: recordDirectory, withIntermediateDirectories: true)
            }
            connection = try Connection(input: FileHandle.standardInput, output: output,
                                        recordingDirectory: recordDirectory)
        } catch {
            FileHandle.standardError.write(Data("pureyaml lsp: \(error)\n".utf8))
            return 2
        }
        let server = LanguageServer(connection: connection)
        return server.runUntilExit()
    }
}
