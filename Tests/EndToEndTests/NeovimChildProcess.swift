import Foundation

/// Runs a child process to completion with a time limit, collecting its output through files (no pipe
/// can fill up and block it).
enum NeovimChildProcess {
    /// The outcome of ``run(_:arguments:environment:currentDirectory:input:timeout:)``.
    struct Outcome {
        /// Exit status, or the terminating signal's number when killed.
        var status: Int32
        /// True when the time limit passed and the process was killed.
        var timedOut: Bool
        var stdout: String
        var stderr: String

        /// stdout and stderr together, for failure messages.
        var output: String {
            [stdout.isEmpty ? nil : "stdout:\n" + stdout, stderr.isEmpty ? nil : "stderr:\n" + stderr]
                .compactMap { $0 }.joined(separator: "\n")
        }
    }

    /// Runs `executable` with `arguments`; after `timeout` seconds sends SIGTERM, and SIGKILL 2 s later.
    /// - Throws: when the process cannot be started or its output cannot be read.
    static func run(_ executable: URL, arguments: [String], environment: [String: String]? = nil,
                    currentDirectory: URL? = nil, input: Data? = nil, timeout: TimeInterval) throws -> Outcome {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("pureyaml-child-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        let inURL = dir.appendingPathComponent("stdin")
        fm.createFile(atPath: outURL.path, contents: nil)
        fm.createFile(atPath: errURL.path, contents: nil)
        fm.createFile(atPath: inURL.path, contents: input ?? Data())

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdout = try FileHandle(forWritingTo: outURL), stderr = try FileHandle(forWritingTo: errURL)
        let stdin = try FileHandle(forReadingFrom: inURL)
        defer { try? stdout.close(); try? stderr.close(); try? stdin.close() }
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        let out = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let err = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return Outcome(status: process.terminationStatus, timedOut: timedOut, stdout: out, stderr: err)
    }
}
