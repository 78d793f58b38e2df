import Foundation
import TestSupport
import XCTest

/// One Kate, under an Xvfb of its own, with a fresh `HOME` holding the setup `editors/kate/README.md`
/// tells users to write, started on one file; the `pureyaml` Kate finds on `PATH` is a wrapper that runs
/// the built server with `--record`, so every LSP message in and out is in a JSON-lines file.
///
/// Processes: Xvfb (`-displayfd`), a private `dbus-daemon` (so Kate neither reuses nor reaches a Kate or a
/// session of the user's), and Kate; each is started in a process group of its own (Foundation's
/// `Process` does that) and ``stop()`` ends the groups, with everything Kate started (the server too).
/// Keys go in with `xdotool` (XTEST, to the window holding the input focus; there is no window manager).
final class KateSession {
    /// The executables the session needs, found on `PATH`.
    struct Tools {
        var kate: URL
        var xvfb: URL
        var xdotool: URL
        var dbusDaemon: URL

        /// Finds them; throws `XCTSkip` naming what is missing (a failure under `CI=true`, where `.ci/run`
        /// installs `kate`, `xvfb`, `xdotool` and `dbus`).
        static func locate(file: StaticString = #filePath, line: UInt = #line) throws -> Tools {
            let names = ["kate", "Xvfb", "xdotool", "dbus-daemon"]
            let found = names.map { ($0, NeovimHarness.executableOnPath($0)) }
            let missing = found.filter { $0.1 == nil }.map(\.0)
            guard missing.isEmpty else {
                let message = "\(missing.joined(separator: ", ")) not found on PATH (apt-get install kate xvfb xdotool dbus)"
                if SharedFixtures.isCI {
                    XCTFail("CI=true but \(message)", file: file, line: line)
                    throw NeovimHarness.HarnessError(message)
                }
                throw XCTSkip(message + "; skipping the Kate end-to-end test")
            }
            let urls = found.compactMap(\.1)
            return Tools(kate: urls[0], xvfb: urls[1], xdotool: urls[2], dbusDaemon: urls[3])
        }
    }

    /// One LSP message as the server recorded it: `direction` is `in` (Kate to server) or `out`.
    struct Message {
        var direction: String
        var body: [String: Any]
        var method: String? { body["method"] as? String }
        var params: [String: Any] { body["params"] as? [String: Any] ?? [:] }
        /// The request id as text (ids may be numbers or strings), nil for notifications.
        var id: String? { body["id"].map { "\($0)" } }
    }

    let tools: Tools
    /// The temporary folder holding everything (removed by ``stop()``).
    let dir: URL
    /// The opened file, in `dir/work` (a folder with a `.git`, the setup's `rootIndicationFileNames`).
    let file: URL
    private var xvfb: Process?
    private var dbus: Process?
    private(set) var kate: Process?
    private var display = ""
    private var environment: [String: String] = [:]

    /// Prepares the folder: `work/<fileName>` holding `text`; `home/.config/kate/lspclient/settings.json`
    /// (a copy of `editors/kate/lspclient-settings.json`) and `home/.config/katerc` enabling the LSP Client
    /// plugin, the two files the README says to write; `bin/pureyaml`, the recording wrapper.
    init(tools: Tools, server: URL, fileName: String, text: String) throws {
        self.tools = tools
        let fm = FileManager.default
        dir = fm.temporaryDirectory.appendingPathComponent("pureyaml-kate-\(UUID().uuidString)")
        file = dir.appendingPathComponent("work/\(fileName)")
        for sub in ["home/.config/kate/lspclient", "work/.git", "bin", "rec", "run", "fb"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dir.appendingPathComponent("run").path)
        try Data(text.utf8).write(to: file)
        let settings = SharedFixtures.packageRoot.appendingPathComponent("editors/kate/lspclient-settings.json")
        try fm.copyItem(at: settings, to: dir.appendingPathComponent("home/.config/kate/lspclient/settings.json"))
        try Data("[Kate Plugins]\nlspclientplugin=true\n".utf8).write(to: dir.appendingPathComponent("home/.config/katerc"))
        let wrapper = dir.appendingPathComponent("bin/pureyaml")
        try Data("""
            #!/bin/sh
            # How Kate started the server, then the built server with its traffic recorded.
            printf '%s\\n' "$*" >> '\(dir.path)/argv'
            '\(server.path)' "$@" --record '\(dir.path)/rec'
            echo $? >> '\(dir.path)/exit-status'

            """.utf8).write(to: wrapper)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    }

    /// Starts Xvfb, the bus and Kate on ``file``. Throws when Xvfb or the bus does not come up in 30 s.
    func start() throws {
        xvfb = try launch(tools.xvfb, ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
                                       "-fbdir", dir.appendingPathComponent("fb").path],
                          output: "xvfb.display", errors: "xvfb.err", environment: testEnvironment())
        try waitUntil("Xvfb reports its display", timeout: 30) {
            let text = (try? String(contentsOf: dir.appendingPathComponent("xvfb.display"), encoding: .utf8)) ?? ""
            display = text.split(separator: "\n").first.map(String.init) ?? ""
            return Int(display) != nil
        }
        let bus = dir.appendingPathComponent("run/bus")
        dbus = try launch(tools.dbusDaemon, ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(bus.path)"],
                          output: "dbus.out", environment: testEnvironment())
        try waitUntil("dbus-daemon listens", timeout: 30) { FileManager.default.fileExists(atPath: bus.path) }

        var env = testEnvironment()
        for key in env.keys where key.hasPrefix("XDG_") || key.hasPrefix("KDE") || key.hasPrefix("QT_")
            || ["WAYLAND_DISPLAY", "SESSION_MANAGER", "DESKTOP_SESSION"].contains(key) {
            env.removeValue(forKey: key)
        }
        env["HOME"] = dir.appendingPathComponent("home").path
        env["XDG_RUNTIME_DIR"] = dir.appendingPathComponent("run").path
        env["DISPLAY"] = ":" + display
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bus.path)"
        env["QT_QPA_PLATFORM"] = "xcb"
        env["PATH"] = dir.appendingPathComponent("bin").path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        environment = env
        kate = try launch(tools.kate, [file.path], output: "kate.out", environment: env,
                          directory: file.deletingLastPathComponent())
    }

    /// Ends Kate, the bus and Xvfb (their whole process groups: SIGTERM, then SIGKILL after 5 s) and
    /// removes the folder unless `keep` (then its path is in failure messages).
    func stop(keep: Bool = false) {
        for process in [kate, dbus, xvfb].compactMap({ $0 }) where process.isRunning {
            kill(-process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        killLeftovers()
        if !keep { try? FileManager.default.removeItem(at: dir) }
    }

    /// Kills what Kate started and left running after it exited (a server, a KDE helper).
    private func killLeftovers() {
        for pid in processesStartedByKate() { kill(pid, SIGKILL) }
    }

    /// The running processes whose environment has this session's `HOME`: Kate and what it started (the
    /// server, its wrapper, KDE helpers), and nothing of anyone else's. Linux (`/proc`) only.
    func processesStartedByKate() -> [Int32] {
        let marker = Data("HOME=\(dir.appendingPathComponent("home").path)\0".utf8)
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.filter { pid in
            guard pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environ.range(of: marker) != nil else { return false }
            // A zombie (state Z in /proc/PID/stat, after the command's closing parenthesis) has ended.
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return !(stat.range(of: ") ", options: .backwards).map { stat[$0.upperBound...].hasPrefix("Z") } ?? false)
        }
    }

    /// Every recorded message so far, in order, over all server sessions (Kate may restart a server).
    func messages() -> [Message] {
        let rec = dir.appendingPathComponent("rec")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: rec.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        return files.flatMap { name -> [Message] in
            let text = (try? String(contentsOf: rec.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let direction = object["direction"] as? String,
                      let body = object["message"] as? [String: Any] else { return nil }
                return Message(direction: direction, body: body)
            }
        }
    }

    /// The response (from the server) to the request `request` sent by Kate, if it came.
    func response(to request: Message, in all: [Message]) -> Message? {
        all.first { $0.direction == "out" && $0.method == nil && $0.id == request.id }
    }

    /// The lines the wrapper wrote: the arguments of each start, and each server's exit status.
    func wrapperLog(_ name: String) -> [String] {
        ((try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The ids of the visible windows whose title matches `pattern` (a regular expression).
    func windows(named pattern: String) -> [String] {
        guard let run = try? runProcess(tools.xdotool, ["search", "--onlyvisible", "--name", pattern],
                                        environment: environment, timeout: 30) else { return [] }
        return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Gives `window` the input focus, then presses `keys` (xdotool key names, e.g. `ctrl+s`) in turn.
    func press(_ keys: [String], in window: String) throws {
        _ = try runProcess(tools.xdotool, ["windowfocus", window], environment: environment, timeout: 30)
        _ = try runProcess(tools.xdotool, ["key", "--clearmodifiers", "--delay", "100"] + keys,
                           environment: environment, timeout: 30)
    }

    /// Polls `condition` every 0.25 s until it holds; fails with `what` and ``report()`` after `timeout`
    /// seconds, or as soon as Kate has exited.
    func waitUntil(_ what: String, timeout: TimeInterval, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            if let kate, !kate.isRunning {
                throw NeovimHarness.HarnessError("Kate exited (status \(kate.terminationStatus)) before: \(what)\n\(report())")
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw NeovimHarness.HarnessError("timed out after \(Int(timeout)) s waiting until: \(what)\n\(report())")
    }

    /// What a failure message needs: the recorded methods, the wrapper's log, the end of Kate's output,
    /// and where the screen's last image is (an XWD file, kept with the folder).
    func report() -> String {
        let traffic = messages().map { "\($0.direction) \($0.method ?? "response \($0.id ?? "?")")" }
        // Kate's own lines, without the KDE frameworks' routine complaints (`kf.*`, continued on indented lines).
        let kateOutput = ((try? String(contentsOf: dir.appendingPathComponent("kate.out"), encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { !$0.hasPrefix("kf.") && !$0.hasPrefix(" ") }.joined(separator: "\n")
        return """
            LSP traffic: \(traffic.joined(separator: ", "))
            server starts: \(wrapperLog("argv")), exits: \(wrapperLog("exit-status"))
            Kate's output (end): \(kateOutput.suffix(1500))
            screen: \(dir.appendingPathComponent("fb/Xvfb_screen0").path) (XWD)
            """
    }

    /// Starts `executable` with stdout going to `dir/output`, stderr to `dir/errors` (default: the same file).
    private func launch(_ executable: URL, _ arguments: [String], output: String, errors: String? = nil,
                        environment: [String: String], directory: URL? = nil) throws -> Process {
        func logFile(_ name: String) throws -> FileHandle {
            let log = dir.appendingPathComponent(name)
            FileManager.default.createFile(atPath: log.path, contents: nil)
            return try FileHandle(forWritingTo: log)
        }
        let handle = try logFile(output)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = try errors.map(logFile) ?? handle
        try process.run()
        return process
    }
}
