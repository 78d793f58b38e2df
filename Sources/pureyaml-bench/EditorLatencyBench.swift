import Foundation

/// Editor latency through the real protocol: launches `pureyaml lsp` and drives it over pipes.
/// All figures are wall time from just before the client writes a message to the arrival of the
/// answer (a response, or the `textDocument/publishDiagnostics` for the expected version).
struct EditorLatencyBench {
    let server: URL
    /// How many times a document is opened (fresh URI each time) for the open figure.
    let opens: Int
    /// Keystrokes measured per document.
    let edits: Int
    /// Repetitions of each pull request.
    let requests: Int

    /// One measured figure.
    struct Row {
        let input: String
        let measurement: String
        let seconds: [Double]
        var serverRSS: Int? = nil
        var note: String = ""
        var median: Double { Sample.median(seconds) }
        var p95: Double { Sample.percentile(seconds, 95) }
    }

    /// What to measure on one document.
    struct Plan {
        var open = true
        var keystrokes = false
        var burst = false
        var pulls = false
        /// Lint quick fixes at a line with several findings (a separate server with lint on).
        var codeActions = false
        /// Where keystrokes go, as fractions of the line count (``editSite(in:near:)``); a site other than
        /// the middle is reported as its own input, `NAME@end` (0.995) or `NAME@F`.
        var sites: [Double] = [0.5]
        /// Keystrokes per site, when not the bench's default (fewer on large inputs, to bound the run).
        var edits: Int?
    }

    /// The name a keystroke row of `input` at `near` is reported under.
    static func siteName(_ input: String, near: Double) -> String {
        near == 0.5 ? input : near == 0.995 ? input + "@end" : input + "@\(near)"
    }

    /// Runs `plan` on `input` in a fresh server process.
    func session(_ input: BenchInput, plan: Plan) throws -> [Row] {
        let client = try LSPClient(executable: server)
        defer { client.stop() }
        let capabilities = try client.initialize()
        var rows: [Row] = []
        let text = String(decoding: input.bytes, as: UTF8.self)
        var uri = ""
        var openTimes: [Double] = []
        var openCPU: [Double] = []
        var rss: Int?
        let openCount = plan.open ? opens : 1
        for k in 0..<openCount {
            uri = "file:///bench/\(input.name)-\(k).yaml"
            let frame = try client.notificationFrame("textDocument/didOpen", [
                "textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
            let c0 = Stopwatch.processCPUSeconds(pid: client.pid)
            let t0 = client.clock.now
            client.write(frame)
            let target = uri
            let arrival = try client.waitFor("diagnostics of \(uri)") { Self.isPublish($0, uri: target, version: 1) }
            openTimes.append(LSPClient.seconds(t0, arrival.at))
            // A request the server does not know is answered after it has finished with didOpen.
            _ = try client.roundTrip("pureyaml-bench/sync", [:])
            if let c0, let c1 = Stopwatch.processCPUSeconds(pid: client.pid) { openCPU.append(c1 - c0) }
            if k == 0 { rss = Stopwatch.residentBytes(pid: client.pid) }
            if k + 1 < openCount {
                try client.send(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
            }
        }
        if plan.open {
            rows.append(Row(input: input.name, measurement: "didOpen → publishDiagnostics", seconds: openTimes, serverRSS: rss))
            if !openCPU.isEmpty {
                rows.append(Row(input: input.name, measurement: "server CPU time per didOpen", seconds: openCPU,
                                note: "all server threads, until it has finished with it"))
            }
        }
        var version = 1
        let site = Self.editSite(in: input.bytes)
        for near in plan.keystrokes ? plan.sites : [] {
            guard let site = Self.editSite(in: input.bytes, near: near) else { continue }
            let name = Self.siteName(input.name, near: near)
            var times: [Double] = []
            var cpu: [Double] = []
            for i in 0..<(plan.edits ?? edits) {
                version += 1
                let frame = try client.notificationFrame("textDocument/didChange", Self.changeParams(uri: uri, version: version, site: site, insert: i % 2 == 0))
                let c0 = Stopwatch.processCPUSeconds(pid: client.pid)
                let t0 = client.clock.now
                client.write(frame)
                let (target, v) = (uri, version)
                let arrival = try client.waitFor("diagnostics of version \(version)") { Self.isPublish($0, uri: target, version: v) }
                times.append(LSPClient.seconds(t0, arrival.at))
                if let c0, let c1 = Stopwatch.processCPUSeconds(pid: client.pid) { cpu.append(c1 - c0) }
            }
            rows.append(Row(input: name, measurement: "didChange (1 char) → publishDiagnostics", seconds: times))
            if !cpu.isEmpty {
                rows.append(Row(input: name, measurement: "server CPU time per keystroke", seconds: cpu,
                                note: "all server threads; independent of machine load"))
            }
        }
        if plan.burst, let site {
            // 20 keystrokes written back to back, as fast typing does: time to the final version's diagnostics.
            var frames = Data()
            let first = version + 1
            for i in 0..<20 {
                version += 1
                frames.append(try client.notificationFrame("textDocument/didChange", Self.changeParams(uri: uri, version: version, site: site, insert: i % 2 == 0)))
            }
            _ = client.drain()
            let t0 = client.clock.now
            client.write(frames)
            let (target, v) = (uri, version)
            let arrival = try client.waitFor("diagnostics of version \(version)") { Self.isPublish($0, uri: target, version: v) }
            let earlier = client.drain() // nothing should come after the final version
            _ = earlier
            rows.append(Row(input: input.name, measurement: "burst of 20 didChange → final publishDiagnostics",
                            seconds: [LSPClient.seconds(t0, arrival.at)], note: "versions \(first)…\(version)"))
        }
        if plan.pulls {
            let document: [String: Any] = ["uri": uri]
            var pulls: [(String, String, [String: Any])] = [
                ("documentSymbol", "textDocument/documentSymbol", ["textDocument": document]),
                ("formatting", "textDocument/formatting", ["textDocument": document, "options": ["tabSize": 2, "insertSpaces": true]]),
            ]
            if capabilities["foldingRangeProvider"] != nil {
                pulls.append(("foldingRange", "textDocument/foldingRange", ["textDocument": document]))
            }
            if capabilities["completionProvider"] != nil, let site {
                pulls.append(("completion", "textDocument/completion",
                              ["textDocument": document, "position": ["line": site.line, "character": site.column]]))
            }
            for (name, method, params) in pulls {
                var times: [Double] = []
                var cpu: [Double] = []
                for _ in 0..<requests {
                    let c0 = Stopwatch.processCPUSeconds(pid: client.pid)
                    times.append(try client.roundTrip(method, params).seconds)
                    if let c0, let c1 = Stopwatch.processCPUSeconds(pid: client.pid) { cpu.append(c1 - c0) }
                }
                rows.append(Row(input: input.name, measurement: name, seconds: times))
                if !cpu.isEmpty {
                    rows.append(Row(input: input.name, measurement: "server CPU time per \(name)", seconds: cpu,
                                    note: "all server threads; independent of machine load"))
                }
            }
            for (name, key) in [("foldingRange", "foldingRangeProvider"), ("completion", "completionProvider")]
            where capabilities[key] == nil {
                rows.append(Row(input: input.name, measurement: name, seconds: [], note: "not advertised by the server"))
            }
        }
        return rows
    }

    static func isPublish(_ json: [String: Any], uri: String, version: Int) -> Bool {
        guard json["method"] as? String == "textDocument/publishDiagnostics",
              let p = json["params"] as? [String: Any], p["uri"] as? String == uri else { return false }
        return p["version"] as? Int == version
    }

    /// Where keystrokes go: just after the first letter of a plain word value (`key: word`) on an ASCII
    /// line near the middle of the text, so inserting and deleting a letter keeps the document's shape.
    /// In a text without such a line (flow collections, JSON), inside the first word of a value in a flow
    /// mapping or a quoted string (`{name: word, ...}`, `"key": "word ..."`).
    struct EditSite { let line: Int; let column: Int }

    /// `near` is where the search starts, as a fraction of the line count (0.5: the middle; it goes on
    /// forward, then from the start).
    static func editSite(in bytes: [UInt8], near: Double = 0.5) -> EditSite? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let middle = min(lines.count - 1, Int(Double(lines.count) * near))
        func isLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
        for loose in [false, true] {
            for offset in 0..<lines.count {
                let index = (middle + offset) % lines.count
                let line = Array(lines[index])
                guard line.allSatisfy({ $0 < 0x80 }) else { continue }
                if !loose {
                    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon + 3 < line.count, line[colon + 1] == 0x20 else { continue }
                    let value = line[(colon + 2)...]
                    if value.allSatisfy({ isLetter($0) || $0 == UInt8(ascii: "-") }), let f = value.first, isLetter(f) {
                        return EditSite(line: index, column: colon + 3)
                    }
                    continue
                }
                // `: word,` / `: word}` in a flow mapping, or `: "word` in a quoted value.
                var i = 0
                while i + 4 < line.count {
                    defer { i += 1 }
                    guard line[i] == UInt8(ascii: ":"), line[i + 1] == 0x20 else { continue }
                    let start = line[i + 2] == UInt8(ascii: "\"") ? i + 3 : i + 2
                    var end = start
                    while end < line.count && isLetter(line[end]) { end += 1 }
                    let stop = end < line.count ? line[end] : UInt8(ascii: ",")
                    if end - start >= 2, [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "\""), 0x20].contains(stop) {
                        return EditSite(line: index, column: start + 1)
                    }
                }
            }
        }
        return nil
    }

    /// An incremental change inserting `x` at `site`, or deleting it again.
    static func changeParams(uri: String, version: Int, site: EditSite, insert: Bool) -> [String: Any] {
        let start: [String: Any] = ["line": site.line, "character": site.column]
        let end: [String: Any] = ["line": site.line, "character": site.column + (insert ? 0 : 1)]
        return ["textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": start, "end": end], "text": insert ? "x" : ""]]]
    }
}
