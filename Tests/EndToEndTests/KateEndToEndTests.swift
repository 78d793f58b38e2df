import Foundation
import TestSupport
import XCTest

/// Drives Kate's LSP Client under Xvfb (``KateSession``) with the setup `editors/kate/README.md` gives:
/// `editors/kate/lspclient-settings.json` as the user's server settings and the plugin enabled in
/// `katerc`, with `pureyaml` on `PATH`. Kate is started on a copy of `examples/kubernetes.yaml` made
/// untidy, with and without its final line break; the test answers Kate's "start this server?"
/// question, waits for the server's diagnostics and Kate's own outline request, presses LSP Client →
/// Find References (`Ctrl+Alt+L`), then Symbol Info and Go to Definition (from the command bar) on an
/// alias, Format (`Ctrl+T, F`) and Save (`Ctrl+S`), quits with `Ctrl+Q`, and asserts on the server's
/// recording of the traffic and on the file written.
///
/// Kate 22.12 (Debian 12) has no format on save (that option came with Kate 23.04), so formatting is
/// asked for with the menu's shortcut. Kate 22.12 sends `shutdown` without an id (a notification), so
/// the server, which never saw the request, exits with status 1 on `exit` (LSP 3.17 §"exit"); Kate
/// ignores the status and the test does not check it. Without Kate, Xvfb, xdotool or dbus-daemon the
/// test skips, except under `CI=true`, where `.ci/run` installs them and their absence fails.
final class KateEndToEndTests: XCTestCase {
    func testUntidyExampleWithoutFinalLineBreak() throws {
        try drive(keepingFinalLineBreak: false)
    }

    func testUntidyExampleWithFinalLineBreak() throws {
        try drive(keepingFinalLineBreak: true)
    }

    /// The whole session on an untidy `examples/kubernetes.yaml`, with or without its final line break.
    private func drive(keepingFinalLineBreak: Bool) throws {
        let tools = try KateSession.Tools.locate()
        let server = try XCTUnwrap(NeovimHarness.builtServer(), "the built pureyaml binary was not found")
        let root = SharedFixtures.packageRoot
        let example = try String(contentsOf: root.appendingPathComponent("examples/kubernetes.yaml"), encoding: .utf8)
        // Untidy: spaces after a colon and at a line's end, and the Deployment's metadata indented by 4
        // (Kate asks for formatting with its `tabSize`, 4; the setup's `indentWidth: 2` must win).
        var text = example.replacingOccurrences(of: "  replicas: 3\n", with: "  replicas:    3   \n")
            .replacingOccurrences(of: "metadata:\n  name: web\n  labels: &app-labels\n    app.kubernetes.io/name: web\n",
                                  with: "metadata:\n    name: web\n    labels: &app-labels\n        app.kubernetes.io/name: web\n")
            .replacingOccurrences(of: "\n    app.kubernetes.io/part-of: shop\n", with: "\n        app.kubernetes.io/part-of: shop\n")
        while !keepingFinalLineBreak && text.hasSuffix("\n") { text.removeLast() }
        XCTAssertEqual(text.components(separatedBy: "        app.kubernetes.io/").count, 3,
                       "the example still has the lines this test untidies")
        let shipped = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent("editors/kate/lspclient-settings.json"))) as? [String: Any])
        let yamlServer = try XCTUnwrap((shipped["servers"] as? [String: Any])?["yaml"] as? [String: Any])

        let session = try KateSession(tools: tools, server: server, fileName: "kubernetes.yaml", text: text)
        // The folder (Kate's output, the recording, the last screen) is kept when the test fails.
        let failuresBefore = testRun?.totalFailureCount ?? 0
        var finished = false
        defer { session.stop(keep: !finished || (testRun?.totalFailureCount ?? 0) > failuresBefore) }
        let expected = try formatted(text, server: server, as: session.file)
        XCTAssertEqual(expected, example, "`pureyaml format -` tidies the untidied example back to the example")
        try session.start()
        let uri = session.file.absoluteString

        // Kate (22.12 and later) asks once whether to start a server command line it has not seen; Yes is
        // the default button. Pressed again if the dialog is still there after 5 s.
        var lastAnswer = Date.distantPast
        try session.waitUntil("Kate starts the server and opens the file in it", timeout: 120) {
            if session.messages().contains(where: { $0.method == "textDocument/didOpen" }) { return true }
            if Date().timeIntervalSince(lastAnswer) > 5, let dialog = session.windows(named: "LSP server start requested").first {
                try session.press(["Return"], in: dialog)
                lastAnswer = Date()
            }
            return false
        }
        try session.waitUntil("the example's two mistakes are published for the file", timeout: 60) {
            Self.diagnostics(in: session.messages(), for: uri).contains { $0.code == "duplicate-key" }
        }
        try session.waitUntil("Kate's outline asks for the document symbols and is answered", timeout: 60) {
            let all = session.messages()
            return all.contains { $0.method == "textDocument/documentSymbol" && session.response(to: $0, in: all) != nil }
        }

        // LSP Client → Find References (Ctrl+Alt+L) on the alias `*app-labels` ending line 14: Go to Line
        // (Ctrl+G, 14, Enter), then End and one character back onto the alias.
        try pressUntil(session, ["ctrl+g", "1", "4", "Return", "End", "Left", "ctrl+alt+l"], "the references request is answered") {
            let all = session.messages()
            return all.contains { $0.method == "textDocument/references" && session.response(to: $0, in: all) != nil }
        }
        // LSP Client → Symbol Info (a hover) and Go to Definition on the same alias. Neither has a default
        // shortcut in Kate 22.12, so they are run from Kate's command bar (Ctrl+Alt+I, the action's name,
        // Enter), as a user without a shortcut would; Escape first closes the hover's tooltip.
        try pressUntil(session, Self.commandBar("symbol info"), "the hover request is answered") {
            let all = session.messages()
            return all.contains { $0.method == "textDocument/hover" && session.response(to: $0, in: all) != nil }
        }
        try pressUntil(session, ["Escape"] + Self.commandBar("go to definition"), "the definition request is answered") {
            let all = session.messages()
            return all.contains { $0.method == "textDocument/definition" && session.response(to: $0, in: all) != nil }
        }
        // LSP Client → Format (default shortcut Ctrl+T, F), then File → Save.
        // Saved only once Kate has applied the edits (its didChange after the answer), so that a save
        // racing the answer cannot write the untidy text.
        try pressUntil(session, ["ctrl+t", "f"], "the formatting request is answered and its edits applied") {
            let all = session.messages()
            guard let request = all.first(where: { $0.method == "textDocument/formatting" }),
                  let answer = all.firstIndex(where: { $0.direction == "out" && $0.method == nil && $0.id == request.id })
            else { return false }
            return all[answer...].contains { $0.method == "textDocument/didChange" }
        }
        try pressUntil(session, ["ctrl+s"], "Kate saves the file and says so") {
            session.messages().contains { $0.method == "textDocument/didSave" }
        }
        let saved = try String(contentsOf: session.file, encoding: .utf8)
        try pressUntil(session, ["ctrl+q"], "Kate quits") { !(session.kate?.isRunning ?? false) }
        // Nothing Kate started outlives it: the server ends on `exit` (or Kate ends it). (A child that keeps
        // the descriptors it inherited already keeps `isRunning` true above: Foundation's `Process` on Linux
        // sees the end only when its inherited socket closes; this catches one that closed them.)
        let quitAt = Date()
        while !session.processesStartedByKate().isEmpty && Date().timeIntervalSince(quitAt) < 30 {
            Thread.sleep(forTimeInterval: 0.25)
        }
        XCTAssertEqual(session.processesStartedByKate(), [], "no server or helper of Kate's is left running 30 s after it quit")

        let all = session.messages()
        let incoming = all.filter { $0.direction == "in" }
        XCTAssertEqual(session.wrapperLog("argv"), ["lsp"], "Kate ran the setup's command, `pureyaml lsp`, once")
        let initialize = try XCTUnwrap(incoming.first { $0.method == "initialize" }, session.report())
        XCTAssertEqual((initialize.params["rootUri"] as? String).flatMap(URL.init(string:))?.resolvingSymlinksInPath().path,
                       session.file.deletingLastPathComponent().resolvingSymlinksInPath().path,
                       "the root is the folder holding `.git` (rootIndicationFileNames)")
        XCTAssertTrue(NSDictionary(dictionary: initialize.params["initializationOptions"] as? [String: Any] ?? [:])
                        .isEqual(to: yamlServer["initializationOptions"] as? [String: Any] ?? [:]),
                      "initializationOptions as in the setup: \(initialize.params)")
        let lifecycle = incoming.compactMap(\.method).filter { ["initialize", "initialized"].contains($0) }
        XCTAssertEqual(lifecycle, ["initialize", "initialized"])
        let configuration = incoming.first { $0.method == "workspace/didChangeConfiguration" }
        XCTAssertTrue(NSDictionary(dictionary: configuration?.params["settings"] as? [String: Any] ?? [:])
                        .isEqual(to: yamlServer["settings"] as? [String: Any] ?? [:]),
                      "the setup's settings reach the server: \(configuration?.params ?? [:])")
        let open = incoming.first { $0.method == "textDocument/didOpen" }?.params["textDocument"] as? [String: Any]
        XCTAssertEqual(open?["uri"] as? String, uri)
        XCTAssertEqual(open?["languageId"] as? String, "yaml")
        XCTAssertEqual(open?["text"] as? String, text, "Kate sends the file as it is on disk")

        let published = Self.diagnostics(in: all, for: uri)
        XCTAssertTrue(published.contains { $0.code == "undefined-alias" && $0.line == 27 }, "\(published)")
        XCTAssertTrue(published.contains { $0.code == "duplicate-key" && $0.line == 51 }, "\(published)")

        let symbolRequest = try XCTUnwrap(incoming.first { $0.method == "textDocument/documentSymbol" })
        let symbols = session.response(to: symbolRequest, in: all)?.body["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["Deployment web", "Service web", "ConfigMap web-config"],
                       "one outline entry per document of the stream, named by kind and name (docs/outline.md)")

        let references = try XCTUnwrap(incoming.first { $0.method == "textDocument/references" })
        XCTAssertEqual(Self.position(of: references), [13, "    matchLabels: *app-labels".utf16.count - 1],
                       "Kate asks on line 14, on the alias: \(references.params)")
        let locations = session.response(to: references, in: all)?.body["result"] as? [[String: Any]] ?? []
        let lines = locations.compactMap { (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int }
        XCTAssertEqual(lines.sorted(), [7, 13, 16], "the anchor `&app-labels` and its two aliases: \(locations)")

        let aliasEnd = "    matchLabels: *app-labels".utf16.count - 1
        let hover = try XCTUnwrap(incoming.first { $0.method == "textDocument/hover" })
        XCTAssertEqual(Self.position(of: hover), [13, aliasEnd], "Symbol Info asks about the alias: \(hover.params)")
        let hoverText = ((session.response(to: hover, in: all)?.body["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(hoverText.contains("`&app-labels` (line 8)") && hoverText.contains("app.kubernetes.io/part-of: shop"),
                      "the hover names the anchor and shows the node the alias stands for: \(hoverText)")
        let definition = try XCTUnwrap(incoming.first { $0.method == "textDocument/definition" })
        XCTAssertEqual(Self.position(of: definition), [13, aliasEnd], "Go to Definition asks about the alias: \(definition.params)")
        let target = session.response(to: definition, in: all)?.body["result"]
        let targets = (target as? [[String: Any]]) ?? (target as? [String: Any]).map { [$0] } ?? []
        XCTAssertEqual(targets.map { $0["uri"] as? String }, [uri], "\(targets)")
        XCTAssertEqual(targets.compactMap { (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int }, [7],
                       "the definition of `*app-labels` is the anchor `&app-labels` on line 8")

        let formatting = try XCTUnwrap(incoming.first { $0.method == "textDocument/formatting" })
        let edits = session.response(to: formatting, in: all)?.body["result"] as? [Any] ?? []
        XCTAssertFalse(edits.isEmpty, "formatting the untidy file returns edits")
        let savedURIs = incoming.filter { $0.method == "textDocument/didSave" }
            .map { ($0.params["textDocument"] as? [String: Any])?["uri"] as? String }
        XCTAssertEqual(Set(savedURIs), [uri], "Kate says it saved the file, and no other")
        XCTAssertEqual(saved, expected, "the saved file is what `pureyaml format -` prints, with exactly one final line break")

        XCTAssertEqual(incoming.suffix(2).map(\.method), ["shutdown", "exit"], "Kate ends the server when it quits")
        finished = true
    }

    /// Presses `keys` in Kate's main window (found by the file's name in its title) until `condition`
    /// holds, again every 10 s (a key can be lost while Kate is busy), for up to 60 s.
    private func pressUntil(_ session: KateSession, _ keys: [String], _ what: String, _ condition: () -> Bool) throws {
        var lastPress = Date.distantPast
        let title = NSRegularExpression.escapedPattern(for: session.file.lastPathComponent)
        try session.waitUntil(what + " (after \(keys.joined(separator: " ")))", timeout: 60) {
            if condition() { return true }
            if Date().timeIntervalSince(lastPress) > 10, let window = session.windows(named: title).first {
                try session.press(keys, in: window)
                lastPress = Date()
            }
            return false
        }
    }

    /// The keys that run the Kate action named `name` from the command bar: `Ctrl+Alt+I`, the name, Enter.
    private static func commandBar(_ name: String) -> [String] {
        ["ctrl+alt+i"] + name.map { $0 == " " ? "space" : String($0) } + ["Return"]
    }

    /// A request's `position` as [line, character] (0-based, UTF-16 units), empty when it has none.
    private static func position(of request: KateSession.Message) -> [Int] {
        let position = request.params["position"] as? [String: Any]
        return [position?["line"], position?["character"]].compactMap { $0 as? Int }
    }

    /// The code and 0-based start line of each diagnostic in the first `publishDiagnostics` for `uri` (the
    /// one for the file as opened).
    private static func diagnostics(in messages: [KateSession.Message], for uri: String) -> [(code: String, line: Int)] {
        let first = messages.first { $0.method == "textDocument/publishDiagnostics" && $0.params["uri"] as? String == uri }
        return (first?.params["diagnostics"] as? [[String: Any]] ?? []).map { d in
            let start = (d["range"] as? [String: Any])?["start"] as? [String: Any]
            return ("\(d["code"] ?? "")", start?["line"] as? Int ?? -1)
        }
    }

    /// `pureyaml format -` on `text`, with the settings the server uses for `file`.
    private func formatted(_ text: String, server: URL, as file: URL) throws -> String {
        let run = try runProcess(server, ["format", "--stdin-filename", file.path, "-"], stdin: Data(text.utf8), timeout: 60)
        XCTAssertEqual(run.status, 0, String(decoding: run.stderr, as: UTF8.self))
        return String(decoding: run.stdout, as: UTF8.self)
    }
}
