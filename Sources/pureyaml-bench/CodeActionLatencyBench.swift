import Foundation

/// Code-action latency through the protocol: editors send `textDocument/codeAction` on nearly every cursor
/// move, so the lint quick fixes of the line under the cursor must come back as fast as a keystroke's
/// diagnostics. Measured in its own server process with lint on (`pureyaml.lint.enable: true`, yamllint's
/// `default` preset), for a client that declares `codeAction.resolveSupport` for `edit`, as VS Code does
/// (the list, then the resolve of the fix picked), and for one that does not (every fix verified in the list).
extension EditorLatencyBench {
    /// The text of a line given several lint findings: `key:  word #c  ` (too many spaces after the colon,
    /// too few spaces before the comment, no space after `#`, trailing spaces).
    static func lintedLine(_ bytes: [UInt8], at site: EditSite) -> (text: [UInt8], line: Int)? {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        guard site.line < lines.count, site.column >= 2, site.column - 2 < lines[site.line].count else { return nil }
        var line = lines[site.line]
        line.insert(0x20, at: site.column - 2)   // `key:  word`
        line += Array(" #c  ".utf8)
        lines[site.line] = line
        return (Array(lines.joined(separator: [0x0A])), site.line)
    }

    /// Code actions for the whole line holding several lint findings, with the published diagnostics of
    /// that line as `context.diagnostics`: each sample at a new version (after a keystroke elsewhere, once
    /// its diagnostics are published), and repeated at one version (cursor moves without typing).
    ///
    /// `resolving`: the client declares `codeAction.resolveSupport` for `edit` and `dataSupport`, as VS Code
    /// does, so the server lists actions without edits (nothing verified) and the first quick fix, as the
    /// user picks it, is resolved (`codeAction/resolve`: its edit computed and verified, the first
    /// verification at that version) — both timed, with the server's CPU time. Without it the server
    /// verifies every offered fix in the list (the rows are named "without resolve"; informational).
    func codeActionSession(_ input: BenchInput, resolving: Bool = true) throws -> [Row] {
        guard let target = Self.editSite(in: input.bytes, near: 0.5), let typing = Self.editSite(in: input.bytes, near: 0.25),
              typing.line != target.line, let (bytes, line) = Self.lintedLine(input.bytes, at: target) else {
            return [Row(input: input.name, measurement: "codeAction", seconds: [], note: "no `key: word` line found")]
        }
        let client = try LSPClient(executable: server)
        defer { client.stop() }
        var codeAction: [String: Any] = ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "refactor.rewrite", "source.fixAll"]]]]
        if resolving {
            codeAction["resolveSupport"] = ["properties": ["edit"]]
            codeAction["dataSupport"] = true
        }
        let capabilities = try client.initialize(textDocument: ["codeAction": codeAction], options: ["pureyaml": ["lint": ["enable": true]]])
        guard capabilities["codeActionProvider"] != nil else {
            return [Row(input: input.name, measurement: "codeAction", seconds: [], note: "not advertised by the server")]
        }
        let uri = "file:///bench/\(input.name)-codeaction.yaml"
        try client.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": String(decoding: bytes, as: UTF8.self)]]])
        var published = try client.waitFor("diagnostics of \(uri)") { Self.isPublish($0, uri: uri, version: 1) }
        let lineLength = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[line].count
        let range: [String: Any] = ["start": ["line": line, "character": 0], "end": ["line": line, "character": lineLength]]
        func params(_ diagnostics: [[String: Any]]) -> [String: Any] {
            ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": diagnostics, "triggerKind": 2]]
        }
        var version = 1
        var fresh: [Double] = [], freshCPU: [Double] = [], repeated: [Double] = [], resolves: [Double] = [], resolveCPU: [Double] = []
        var offered = 0, failedResolves = 0
        var lineDiagnostics = Self.diagnostics(published.json, onLine: line)
        for i in 0..<requests {
            // A keystroke elsewhere: the next request is the first at its version.
            version += 1
            try client.send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                             "params": Self.changeParams(uri: uri, version: version, site: typing, insert: i % 2 == 0)])
            let v = version
            published = try client.waitFor("diagnostics of version \(v)") { Self.isPublish($0, uri: uri, version: v) }
            lineDiagnostics = Self.diagnostics(published.json, onLine: line)
            let c0 = Stopwatch.processCPUSeconds(pid: client.pid)
            let (response, seconds) = try client.roundTrip("textDocument/codeAction", params(lineDiagnostics))
            fresh.append(seconds)
            if let c0, let c1 = Stopwatch.processCPUSeconds(pid: client.pid) { freshCPU.append(c1 - c0) }
            let actions = response["result"] as? [[String: Any]] ?? []
            offered = actions.count
            repeated.append(try client.roundTrip("textDocument/codeAction", params(lineDiagnostics)).seconds)
            // Picking the first quick fix: resolve it when it came without its edit.
            if let fix = actions.first(where: { $0["kind"] as? String == "quickfix" && $0["edit"] == nil && $0["data"] != nil }) {
                let r0 = Stopwatch.processCPUSeconds(pid: client.pid)
                let (answer, seconds) = try client.roundTrip("codeAction/resolve", fix)
                resolves.append(seconds)
                if let r0, let r1 = Stopwatch.processCPUSeconds(pid: client.pid) { resolveCPU.append(r1 - r0) }
                if (answer["result"] as? [String: Any])?["edit"] == nil { failedResolves += 1 }
            }
        }
        let suffix = resolving ? "" : " without resolve"
        let note = "\(lineDiagnostics.count) findings on the line, \(offered) actions" + (resolving ? ", no edits" : ", verified")
        var rows = [
            Row(input: input.name, measurement: "codeAction\(suffix) (first at a version)", seconds: fresh, note: note),
            Row(input: input.name, measurement: "server CPU time per codeAction\(suffix)", seconds: freshCPU,
                note: "first at a version; all server threads"),
            Row(input: input.name, measurement: "codeAction\(suffix) (repeated at one version)", seconds: repeated, note: "cursor moves"),
        ]
        if !resolves.isEmpty {
            let outcome = failedResolves == 0 ? "every one gave its edit" : "\(failedResolves) gave no edit"
            rows.append(Row(input: input.name, measurement: "codeAction/resolve (first quick fix)", seconds: resolves,
                            note: "the fix picked, first verification at its version; \(outcome)"))
            rows.append(Row(input: input.name, measurement: "server CPU time per codeAction/resolve", seconds: resolveCPU,
                            note: "all server threads"))
        }
        return rows
    }

    /// The diagnostics of a `publishDiagnostics` notification that touch 0-based line `line`.
    static func diagnostics(_ publish: [String: Any], onLine line: Int) -> [[String: Any]] {
        let all = (publish["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        return all.filter { d in
            guard let r = d["range"] as? [String: Any], let s = r["start"] as? [String: Any], let e = r["end"] as? [String: Any],
                  let a = s["line"] as? Int, let b = e["line"] as? Int else { return false }
            return a <= line && line <= b
        }
    }
}
