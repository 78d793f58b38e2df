import Foundation
import TestSupport
import XCTest

/// Runs `editors/neovim/test/e2e.lua` in a real, headless Neovim against the built `pureyaml` binary.
///
/// Which Neovim: every executable in `PUREYAML_NVIM` (a `:`-separated list, to check several versions,
/// e.g. Debian's 0.7.2 and 0.11), else `nvim` from `PATH`. Which server: `PUREYAML_BIN`, else the
/// `pureyaml` that `swift test` built (``BuiltBinary``). Nothing is built here.
struct NeovimHarness {
    /// The Neovim executables to run, in order.
    let neovims: [URL]
    /// The `pureyaml` executable (started as `pureyaml lsp` by the script).
    let server: URL
    /// The Lua script.
    let script: URL
    /// Longest time one Neovim session may take before it is killed, in seconds.
    var sessionTimeout: TimeInterval = 60

    /// Finds Neovim and the server. Throws `XCTSkip` when Neovim is absent (a failure under `CI=true`,
    /// where `.ci/run` installs it), and fails when the server binary or the script is missing.
    static func locate(file: StaticString = #filePath, line: UInt = #line) throws -> NeovimHarness {
        let env = ProcessInfo.processInfo.environment
        var neovims: [URL] = []
        if let list = env["PUREYAML_NVIM"], !list.isEmpty {
            for path in list.split(separator: ":").map(String.init) where !path.isEmpty {
                guard FileManager.default.isExecutableFile(atPath: path) else {
                    XCTFail("PUREYAML_NVIM names \(path), which is not an executable file", file: file, line: line)
                    throw HarnessError("no Neovim at \(path)")
                }
                neovims.append(URL(fileURLWithPath: path))
            }
        } else if let nvim = executableOnPath("nvim") {
            neovims.append(nvim)
        }
        if neovims.isEmpty {
            let message = "nvim not found on PATH (install neovim, or set PUREYAML_NVIM)"
            if SharedFixtures.isCI {
                XCTFail("CI=true but \(message)", file: file, line: line)
                throw HarnessError(message)
            }
            throw XCTSkip(message + "; skipping the Neovim end-to-end test")
        }

        guard let server = builtServer() else {
            let message = "the built pureyaml binary was not found (PUREYAML_BIN, next to the test bundle, "
                + "\(SharedFixtures.packageRoot.path)/.build/{debug,release}/pureyaml); run `swift build` first"
            XCTFail(message, file: file, line: line)
            throw HarnessError(message)
        }
        let script = SharedFixtures.packageRoot.appendingPathComponent("editors/neovim/test/e2e.lua")
        guard FileManager.default.fileExists(atPath: script.path) else {
            XCTFail("\(script.path) is missing", file: file, line: line)
            throw HarnessError("no e2e.lua")
        }
        return NeovimHarness(neovims: neovims, server: server, script: script)
    }

    /// The first executable named `name` in a directory of `PATH`.
    static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `PUREYAML_BIN` when set, else the binary `swift test` built (``BuiltBinary/pureyaml``).
    static func builtServer() -> URL? {
        if let env = ProcessInfo.processInfo.environment["PUREYAML_BIN"], !env.isEmpty {
            return FileManager.default.isExecutableFile(atPath: env) ? URL(fileURLWithPath: env) : nil
        }
        return BuiltBinary.pureyaml
    }

    /// What one session produced: the decoded result, and Neovim's own output for failure messages.
    struct Session {
        var neovim: URL
        var result: NeovimRunResult
        var exitStatus: Int32
        var output: String
        /// The edited file after Neovim wrote it.
        var savedText: String

        /// A line naming the Neovim version and the server, for assertion messages.
        var label: String { "Neovim \(result.nvimVersion) (\(neovim.path))" }
    }

    /// Opens `fileName` holding `text` in a fresh temporary folder with `neovim`, runs the script, and
    /// returns what it observed. Each session gets its own `XDG_*` folders, so no user configuration is read.
    /// - Parameters:
    ///   - edit: also run the editing steps (`E2E_EDIT=1`).
    ///   - settings: the client's `settings` as a JSON object (`E2E_SETTINGS`); nil keeps the script's.
    ///   - codeAction: run the quick-fix steps (`E2E_CODE_ACTION` = `mode`, `E2E_FIX_CODE` = `code`, the
    ///     diagnostic code whose quick fix is applied); nil skips them.
    /// - Throws: `HarnessError` when Neovim times out or writes no result.
    ///   - extraFiles: more files to write beside `fileName` (paths relative to its folder), e.g. a schema.
    ///   - expectDiagnostic: text a diagnostic must come to contain without an edit (`E2E_EXPECT_DIAGNOSTIC`).
    ///   - cacheHome: the `XDG_CACHE_HOME` of the session (and so of the server: its schema download cache),
    ///     e.g. one `pureyaml schemas fetch` prepared; nil: an empty folder of the session's own.
    func run(_ neovim: URL, fileName: String, text: String, edit: Bool, settings: String? = nil,
             codeAction: (mode: String, code: String)? = nil, extraFiles: [String: String] = [:],
             expectDiagnostic: String? = nil, cacheHome: URL? = nil) throws -> Session {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("pureyaml-nvim-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let work = dir.appendingPathComponent("work")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        let file = work.appendingPathComponent(fileName)
        try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        for (path, contents) in extraFiles {
            try Data(contents.utf8).write(to: work.appendingPathComponent(path))
        }
        let resultFile = dir.appendingPathComponent("result.json")

        var env = try Self.isolatedEnvironment(under: dir)
        env["PUREYAML_BIN"] = server.path
        env["E2E_RESULT"] = resultFile.path
        env["E2E_EDIT"] = edit ? "1" : "0"
        env["E2E_SETTINGS"] = settings
        env["E2E_CODE_ACTION"] = codeAction?.mode
        env["E2E_FIX_CODE"] = codeAction?.code
        env["E2E_EXPECT_DIAGNOSTIC"] = expectDiagnostic
        if let cacheHome { env["XDG_CACHE_HOME"] = cacheHome.path }

        // runProcess throws when the time limit passes (and terminates Neovim, which stops the server).
        let run = try runProcess(neovim, ["--headless", "--clean", "-u", script.path, file.path],
                                 environment: env, timeout: sessionTimeout)
        let neovimOutput = "stdout:\n" + String(decoding: run.stdout, as: UTF8.self)
            + "\nstderr:\n" + String(decoding: run.stderr, as: UTF8.self)
        guard let data = fm.contents(atPath: resultFile.path) else {
            throw HarnessError("\(neovim.path) exited with \(run.status) and wrote no result.\n\(neovimOutput)")
        }
        let result: NeovimRunResult
        do {
            result = try NeovimRunResult.decode(data)
        } catch {
            throw HarnessError("unreadable result (\(error)):\n\(String(decoding: data, as: UTF8.self))")
        }
        let saved = fm.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var output = neovimOutput
        let serverFailed = result.exit.map { $0.code != 0 || $0.signal != 0 } ?? true
        if result.error != nil || run.status != 0 || serverFailed, let log = result.lspLog,
           let text = fm.contents(atPath: log) {
            output += "\n--- lsp.log ---\n" + Self.summarize(log: String(decoding: text, as: UTF8.self))
        }
        return Session(neovim: neovim, result: result, exitStatus: run.status, output: output, savedText: saved)
    }

    /// The tests' environment for a Neovim that reads no user configuration: `XDG_*` folders of its own
    /// below `dir`, and no `NVIM` or `VIMINIT`.
    static func isolatedEnvironment(under dir: URL) throws -> [String: String] {
        var env = testEnvironment()
        for (key, sub) in ["XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state",
                           "XDG_CACHE_HOME": "cache", "XDG_RUNTIME_DIR": "run"] {
            let url = dir.appendingPathComponent("xdg/\(sub)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            env[key] = url.path
        }
        env.removeValue(forKey: "NVIM")
        env.removeValue(forKey: "VIMINIT")
        return env
    }

    /// The lines of Neovim's `lsp.log` that tell why the server failed (fatal errors, crash headers), then
    /// the log's last 1500 characters.
    static func summarize(log: String) -> String {
        let markers = ["Fatal error", "crashed", "panic", "assertion"]
        let reasons = log.split(separator: "\n").filter { line in markers.contains { line.contains($0) } }
            .prefix(8).map { String($0.prefix(400)) }
        return (reasons + ["…", String(log.suffix(1500))]).joined(separator: "\n")
    }

    /// Formats `text` with `pureyaml format -`, the reference for format-on-save. Returns the text unchanged
    /// when the command refuses (exit status 1: the text has syntax errors and is left as it is).
    func formatWithCommandLine(_ text: String) throws -> String {
        let run = try runProcess(server, ["format", "-"], stdin: Data(text.utf8), timeout: 30)
        switch run.status {
        case 0: return String(decoding: run.stdout, as: UTF8.self)
        case 1: return text
        default:
            throw HarnessError("pureyaml format - exited with \(run.status): \(String(decoding: run.stderr, as: UTF8.self))")
        }
    }

    /// A harness problem (not an assertion about the server).
    struct HarnessError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
