import Foundation
import JSONRPC
#if canImport(Glibc)
import Glibc
#endif

/// Entry point of `pureyaml lsp`: protects stdout for the protocol, starts the server on stdin/stdout,
/// and returns the process exit code when the client sends `exit` or closes stdin.
public enum LanguageServerMain {
    /// Runs the server. `arguments` may hold `--record DIR` (mirror every message as JSON lines to a
    /// file in DIR, a folder created when missing; a missing or empty DIR, or a path that exists and is
    /// not a folder, is reported in a sentence on stderr). Returns 0 after `shutdown` then `exit` (or end of input after `shutdown`), 1 when the
    /// session ended without `shutdown` (LSP 3.17 §"exit"), 2 for bad arguments.
    public static func run(arguments: [String]) -> Int32 {
        var recordDirectory: URL?
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--record":
                guard i + 1 < arguments.count, !arguments[i + 1].isEmpty else {
                    return usageError("--record needs a folder to record the session into: pureyaml lsp --record DIR")
                }
                if let problem = recordingFolderProblem(arguments[i + 1]) {
                    return usageError("cannot record into '\(arguments[i + 1])': \(problem)")
                }
                recordDirectory = URL(fileURLWithPath: arguments[i + 1], isDirectory: true)
                i += 2
            case "--stdio":
                i += 1
            default:
                return usageError("unknown argument '\(arguments[i])'")
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
            let path = recordDirectory?.path ?? ""
            let existing = nearestExisting(URL(fileURLWithPath: path)).path
            let why = FileManager.default.isWritableFile(atPath: existing)
                ? (error as NSError).localizedDescription
                : "no permission to create a folder in '\(existing)'"
            return usageError("cannot record into '\(path)': \(why)")
        }
        return LanguageServerSession(connection: connection).runUntilExit()
    }

    /// Serves the protocol over `input` and `output` in this process until `exit` or end of input, and
    /// returns the exit code (0 after `shutdown`). For tests: an in-process client drives the server over
    /// pipes exactly as an editor drives `pureyaml lsp`.
    public static func serve(input: FileHandle, output: FileHandle) throws -> Int32 {
        LanguageServerSession(connection: try Connection(input: input, output: output)).runUntilExit()
    }

    /// The methods the server's handler table registers: requests and notifications, sorted.
    public static var handledMethods: (requests: [String], notifications: [String]) {
        (LanguageServer.table.requestMethods, LanguageServer.table.notificationMethods)
    }

    /// Writes `pureyaml lsp: message` to stderr and returns 2 (wrong usage).
    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("pureyaml lsp: \(message)\n".utf8))
        return 2
    }

    /// Why `path` cannot be the recording folder, checked before anything is created: the path, or the
    /// nearest of its ancestors that exists, is not a folder. Nil when it can be (or could be created;
    /// other failures, such as permissions, are reported when it is created).
    static func recordingFolderProblem(_ path: String) -> String? {
        let requested = URL(fileURLWithPath: path).standardizedFileURL
        let existing = nearestExisting(requested)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return existing.path == requested.path ? "it exists and is not a folder" : "'\(existing.path)' exists and is not a folder"
    }

    /// `url` or the nearest of its ancestors that exists (`/` at the latest).
    private static func nearestExisting(_ url: URL) -> URL {
        var url = url.standardizedFileURL
        // Each step drops one path component, so the walk ends at `/` at the latest.
        while !FileManager.default.fileExists(atPath: url.path) {
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { break }
            url = parent
        }
        return url
    }
}
