import XCTest
@testable import YAMLDocumentModel
import YAMLSyntax

/// A repeated mapping key (YAML 1.2.2 §3.2.1.1) is reported once: as lint's `key-duplicates` diagnostic
/// (yamllint's rule id, message and level) carrying the core `duplicate-key` quick fix when lint reports the
/// same key, else as `duplicate-key`.
final class DuplicateKeyLintTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/p/dup.yaml")
    private let text = "---\nname: a\nport: 1\nname: b\n"

    /// A model reading `.yamllint` = `configuration` in `/p` (lint off when nil), with `text` open.
    private func model(_ configuration: String?, _ text: String) -> DocumentModel {
        let files = configuration.map { ["/p/.yamllint": Array($0.utf8)] } ?? [:]
        let m = DocumentModel(environment: .inMemory(files: files))
        m.perform(.open(uri, version: 1, text: text))
        return m
    }

    private func diagnostics(_ m: DocumentModel) -> [YAMLDiagnostic] { m.diagnostics(uri)?.diagnostics ?? [] }

    /// The text with the one quick fix at `d` applied, checking the eager list and the resolved deferred one agree.
    private func applyingQuickFix(_ m: DocumentModel, at d: YAMLDiagnostic) throws -> String {
        let eager = try XCTUnwrap(m.codeActions(uri, range: d.range, only: [.quickFix]))
        XCTAssertEqual(eager.map(\.title), ["Remove this duplicate entry"])
        let fix = try XCTUnwrap(eager.first)
        XCTAssertEqual(fix.diagnostic, d, "the fix names the published diagnostic")
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: d.range, only: [.quickFix]))
        XCTAssertEqual(listed.map(\.title), ["Remove this duplicate entry"])
        XCTAssertEqual(listed.first?.diagnostic, d)
        let reference = try XCTUnwrap(listed.first?.resolveReference)
        guard case .success(let resolved) = try m.resolveCodeAction(uri, reference) else {
            XCTFail("the duplicate-entry fix resolves"); return ""
        }
        XCTAssertEqual(resolved.edits, fix.edits)
        XCTAssertEqual(resolved.diagnostic, d)
        return String(decoding: TextReplacement.apply(fix.edits, to: Array(text.utf8)), as: UTF8.self)
    }

    func testLintReportsTheKeyOnceWithTheCoreFix() throws {
        let m = model("extends: default\n", text)
        let all = diagnostics(m)
        XCTAssertFalse(all.contains { $0.code == "duplicate-key" }, "\(all)")
        let d = try XCTUnwrap(all.first { $0.code == "key-duplicates" })
        XCTAssertEqual(all.filter { $0.range.start == d.range.start }.count, 1, "one diagnostic at the key")
        XCTAssertEqual(d.source, DocumentModel.lintSource)
        XCTAssertEqual(d.severity, .error)
        XCTAssertEqual(d.message, "duplication of key \"name\" in mapping")
        XCTAssertEqual(d.range.start, Array(text.utf8).count - "name: b\n".utf8.count)
        XCTAssertEqual(try applyingQuickFix(m, at: d), "---\nname: a\nport: 1\n")
    }

    /// yamllint's level is kept: a configuration that makes the rule a warning publishes a warning.
    func testLintLevelIsKept() throws {
        let m = model("extends: default\nrules: {key-duplicates: {level: warning}}\n", text)
        let d = try XCTUnwrap(diagnostics(m).first { $0.code == "key-duplicates" })
        XCTAssertEqual(d.severity, .warning)
        XCTAssertFalse(diagnostics(m).contains { $0.code == "duplicate-key" })
    }

    func testLintOffReportsDuplicateKey() throws {
        let m = model(nil, text)
        XCTAssertEqual(diagnostics(m).map(\.code), ["duplicate-key"])
        let d = try XCTUnwrap(diagnostics(m).first)
        XCTAssertEqual(d.severity, .error)
        XCTAssertEqual(try applyingQuickFix(m, at: d), "---\nname: a\nport: 1\n")
    }

    func testKeyDuplicatesDisabledReportsDuplicateKey() throws {
        let m = model("extends: default\nrules: {key-duplicates: disable}\n", text)
        XCTAssertEqual(diagnostics(m).map(\.code), ["duplicate-key"])
        XCTAssertEqual(try applyingQuickFix(m, at: try XCTUnwrap(diagnostics(m).first)), "---\nname: a\nport: 1\n")
    }

    /// Keys that are equal as values but not as text (`1` and `0x1`, both the integer 1 in the core
    /// schema): only the core check sees the repetition, so `duplicate-key` stays.
    func testKeyOnlyTheCoreCheckSeesStaysDuplicateKey() {
        let m = model("extends: default\n", "---\n1: a\n0x1: b\n")
        XCTAssertEqual(diagnostics(m).map(\.code), ["duplicate-key"])
    }

    /// A key with properties (`&b name`): yamllint (whose rule looks only at a key token directly followed
    /// by a scalar token) does not report it, so `duplicate-key` stays. A flow mapping's repeated key is
    /// reported by both, so once.
    func testAnchoredKeyStaysAndFlowMappingKeyIsMerged() throws {
        let block = model("extends: default\nrules: {anchors: disable}\n", "---\nname: a\n&b name: b\n")
        XCTAssertEqual(diagnostics(block).map(\.code).filter { $0 != "unused-anchor" }, ["duplicate-key"])
        let flow = model("extends: default\n", "---\n{a: 1, b: 2, a: 3}\n")
        XCTAssertEqual(diagnostics(flow).map(\.code), ["key-duplicates"])
        let d = try XCTUnwrap(diagnostics(flow).first)
        let fixes = try XCTUnwrap(flow.codeActions(uri, range: d.range, only: [.quickFix]))
        XCTAssertEqual(fixes.map(\.diagnostic), [d])
    }
}
