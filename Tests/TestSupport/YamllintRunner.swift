import Foundation

/// Runs the real yamllint (the reference the lint tests compare against): found on `PATH` or as
/// `python3 -m yamllint` (`.ci/run` installs 1.38.0 from PyPI).
public enum YamllintRunner {
    /// The command that runs yamllint, nil when it is not installed.
    public static func command() -> [String]? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/yamllint"
            if FileManager.default.isExecutableFile(atPath: candidate) { return [candidate] }
        }
        if let out = try? run(["/usr/bin/env", "python3", "-c", "import yamllint"]), out.status == 0 {
            return ["/usr/bin/env", "python3", "-m", "yamllint"]
        }
        return nil
    }

    /// Runs `arguments` (an executable path and its arguments); standard error is dropped.
    /// - Returns: the exit status and standard output.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: arguments[0])
        p.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// yamllint's standard output for `paths`, run as `command + options + batch` over batches of 100
    /// paths, two processes at a time (the CI machine has two cores); outputs in batch order.
    public static func outputs(_ command: [String], options: [String], paths: [String]) -> [String] {
        let batches = stride(from: 0, to: paths.count, by: 100).map { Array(paths[$0..<min(paths.count, $0 + 100)]) }
        let outputs = Outputs(count: batches.count)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for b in stride(from: worker, to: batches.count, by: 2) {
                outputs.set(b, (try? run(command + options + batches[b]))?.output ?? "")
            }
        }
        return outputs.all
    }

    /// Outputs per batch, filled from two threads.
    private final class Outputs: @unchecked Sendable {
        private var items: [String]
        private let lock = NSLock()
        init(count: Int) { items = Array(repeating: "", count: count) }
        func set(_ i: Int, _ s: String) { lock.lock(); items[i] = s; lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }
}
