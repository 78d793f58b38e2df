import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Quick fixes for schema findings: replacing a value by an allowed one, adding missing required members;
/// each applied and checked by validating the result again.
final class SchemaCodeActionTests: XCTestCase {
    static let schema = """
    {"properties": {
       "mode": {"enum": ["fast", "safe", "8080"]},
       "kind": {"const": "server"},
       "tls": {"type": "object", "required": ["cert", "port"],
               "properties": {"cert": {"type": "string"}, "port": {"type": "integer", "default": 443}}},
       "items": {"type": "array", "items": {"required": ["id"]}}
     }, "required": ["kind"]}
    """

    private func actions(_ marked: String) -> (MarkedText, DocumentModel, [CodeActionCandidate]) {
        let t = MarkedText(marked)
        let model = SchemaCompletionTests.model(t, schema: Self.schema)
        let range = TextRange(empty: t["1️⃣"])
        return (t, model, (model.codeActions(testURI, range: range) ?? []).filter { $0.diagnostic?.source == "pureyaml-schema" })
    }

    /// The text after applying `action`, and the schema findings of the edited document.
    private func apply(_ action: CodeActionCandidate, to t: MarkedText) -> (String, [String]) {
        var bytes = Array(t.text.utf8)
        for e in action.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let model = SchemaCompletionTests.model(MarkedText(text), schema: Self.schema)
        return (text, (model.diagnostics(testURI)?.diagnostics ?? []).map(\.message))
    }

    func testReplaceByAnAllowedValue() throws {
        let (t, _, list) = actions("kind: server\nmode: sl1️⃣ow\n")
        // The closest value first.
        XCTAssertEqual(list.map(\.title), ["Change to safe", "Change to fast", "Change to \"8080\""])
        XCTAssertEqual(list.first?.diagnostic?.code, "schema-enum")
        let (text, findings) = apply(try XCTUnwrap(list.dropFirst(2).first), to: t)
        XCTAssertEqual(text, "kind: server\nmode: \"8080\"\n")
        XCTAssertEqual(findings, [])
    }

    /// For a client that resolves code actions, schema fixes are listed without edits (nothing
    /// re-parsed) and resolve to the eager list's edits.
    func testDeferredSchemaFixesResolveToTheEagerEdits() throws {
        for marked in ["kind: server\nmode: sl1️⃣ow\n", "kind: server\nt1️⃣ls:\n  cert: a\nmode: fast\n"] {
            let (t, model, eager) = actions(marked)
            XCTAssertFalse(eager.isEmpty, marked)
            let listed = (try model.deferredCodeActions(testURI, range: TextRange(empty: t["1️⃣"]), only: nil) ?? [])
                .filter { $0.diagnostic?.source == "pureyaml-schema" }
            XCTAssertEqual(listed.map(\.title), eager.map(\.title))
            for (a, b) in zip(listed, eager) {
                XCTAssertTrue(a.edits.isEmpty)
                let outcome = try model.resolveCodeAction(testURI, try XCTUnwrap(a.resolveReference))
                XCTAssertEqual(try outcome.get().edits, b.edits, b.title)
            }
        }
    }

    func testReplaceAConstInAFlowMapping() throws {
        let (t, _, list) = actions("{kind: cli1️⃣ent}")
        XCTAssertEqual(list.map(\.title), ["Change to server"])
        XCTAssertEqual(list.first?.isPreferred, true)
        XCTAssertEqual(apply(try XCTUnwrap(list.first), to: t).0, "{kind: server}")
    }

    func testAddMissingRequiredMembersWithDefaults() throws {
        let (t, _, list) = actions("kind: server\nt1️⃣ls:\n  cert: a\n  # note\n  extra:\n    deep: 1\nmode: fast\n")
        XCTAssertEqual(list.map(\.title), [#"Add missing property "port""#])
        let (text, findings) = apply(try XCTUnwrap(list.first), to: t)
        XCTAssertEqual(text, "kind: server\ntls:\n  cert: a\n  # note\n  extra:\n    deep: 1\n  port: 443\nmode: fast\n")
        XCTAssertEqual(findings, [])
    }

    func testAddSeveralAtTheRootAndInSequenceItems() throws {
        let (t, _, list) = actions("mo1️⃣de: fast\ntls:\n  x: 1\n")
        XCTAssertEqual(list.map(\.title), [#"Add missing property "kind""#])
        XCTAssertEqual(apply(try XCTUnwrap(list.first), to: t).0, "mode: fast\ntls:\n  x: 1\nkind: server\n")
        let (t2, _, list2) = actions("kind: server\n1️⃣tls:\n  x: 1\n")
        XCTAssertEqual(list2.map(\.title), [#"Add missing properties "cert", "port""#])
        XCTAssertEqual(apply(try XCTUnwrap(list2.first), to: t2).0, "kind: server\ntls:\n  x: 1\n  cert:\n  port: 443\n")
        let (t3, _, list3) = actions("kind: server\nitems:\n  - id: 1\n  - 1️⃣name: b\n")
        XCTAssertEqual(list3.map(\.title), [#"Add missing property "id""#])
        XCTAssertEqual(apply(try XCTUnwrap(list3.first), to: t3).0, "kind: server\nitems:\n  - id: 1\n  - name: b\n    id:\n")
    }

    /// In a CRLF file the added lines end in `\r\n` too, not in a lone `\n` (a mixed file).
    func testAddedMembersKeepTheFilesLineBreaks() throws {
        let (t, _, list) = actions("kind: server\r\n1️⃣tls:\r\n  x: 1\r\n")
        XCTAssertEqual(apply(try XCTUnwrap(list.first), to: t).0, "kind: server\r\ntls:\r\n  x: 1\r\n  cert:\r\n  port: 443\r\n")
    }

    func testAddInAFlowMapping() throws {
        let (t, _, list) = actions("kind: server\ntl1️⃣s: {cert: a}\n")
        XCTAssertEqual(list.map(\.title), [#"Add missing property "port""#])
        let (text, findings) = apply(try XCTUnwrap(list.first), to: t)
        XCTAssertEqual(text, "kind: server\ntls: {cert: a, port: 443}\n")
        XCTAssertEqual(findings, [])
    }

    func testOnlyForTheFindingsInTheRange() {
        let (_, model, list) = actions("kind: server\nmode: slow\n1️⃣")
        XCTAssertEqual(list, [])
        XCTAssertEqual(model.codeActions(testURI, range: TextRange(empty: 0), only: [.refactorRewrite])?.filter { $0.kind == .quickFix }, [])
    }

    func testUnionsOfRequiredMembersAndOfValues() throws {
        let schema = """
        {"properties": {
           "step": {"properties": {"uses": {"type": "string"}, "run": {"type": "string"}, "name": {}},
                    "oneOf": [{"required": ["uses"]}, {"required": ["run"]}]},
           "on": {"anyOf": [{"$ref": "#/$defs/event"}, {"type": "array"}]}
         }, "$defs": {"event": {"enum": ["push", "pull_request", "schedule"]}}}
        """
        let t = MarkedText("st1️⃣ep:\n  name: a\non: pul2️⃣_request_x\n")
        let model = SchemaCompletionTests.model(t, schema: schema)
        let members = (model.codeActions(testURI, range: TextRange(empty: t["1️⃣"])) ?? []).filter { $0.diagnostic?.source == "pureyaml-schema" }
        XCTAssertEqual(members.map(\.title), [#"Add missing property "uses""#, #"Add missing property "run""#])
        XCTAssertEqual(members.first?.edits.map(\.newText), ["\n  uses:"])
        let values = (model.codeActions(testURI, range: TextRange(empty: t["2️⃣"])) ?? []).filter { $0.diagnostic?.source == "pureyaml-schema" }
        XCTAssertEqual(values.map(\.title), ["Change to pull_request", "Change to push", "Change to schedule"])
        XCTAssertEqual(values.first?.diagnostic?.code, "schema-anyOf")
    }
}
