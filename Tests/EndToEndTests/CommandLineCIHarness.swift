import Foundation
import TestSupport
import XCTest

/// Runs the `pureyaml` binary that `swift test` built, optionally from a given working directory, for
/// the command-line CI tests (`CommandLineCI*Tests`). Nothing is built here.
enum CommandLineCIHarness {
    /// What one run produced, with the streams decoded as UTF-8.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
        /// `stdout` split into lines (without the empty piece after the final line break).
        var lines: [String] {
            var parts = stdout.components(separatedBy: "\n")
            if parts.last == "" { parts.removeLast() }
            return parts
        }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the pureyaml binary was not built (run `swift build` first)" }
    }

    /// Runs `pureyaml arguments` with `stdin`, from `directory` when given (through `/bin/sh`, so the
    /// working directory can be chosen: `Process` alone cannot change it on every platform).
    static func run(_ arguments: [String], stdin: String = "", in directory: URL? = nil) throws -> Output {
        guard let binary = BuiltBinary.pureyaml else { throw MissingBinary() }
        let result: (status: Int32, stdout: Data, stderr: Data)
        if let directory {
            result = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                    ["-c", "cd \"$0\" && exec \"$@\"", directory.path, binary.path] + arguments,
                                    stdin: Data(stdin.utf8))
        } else {
            result = try runProcess(binary, arguments, stdin: Data(stdin.utf8))
        }
        return Output(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                      stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// A fresh, empty folder under the temporary directory (resolved, without symbolic links).
    static func scratchFolder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("pureyaml-cli-\(UUID().uuidString)").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `relativePath` below `folder`, creating folders, and returns its URL.
    @discardableResult
    static func write(_ text: String, to relativePath: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The YAML files below `folder` the way `check` walks it (`*.yaml`, `*.yml`), sorted.
    static func yamlFiles(below folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var out: [String] = []
        while let name = enumerator?.nextObject() as? String {
            let lower = name.lowercased()
            if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { out.append(name) }
        }
        return out.sorted()
    }
}
