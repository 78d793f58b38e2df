import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel

/// The "Re-indent this block (indentation)" quick fix over the shared corpus, as a client that resolves
/// code actions sees it: for every `indentation` finding, whether the list offers the fix and whether
/// resolving it is refused. Run with `PUREYAML_REINDENT_SURVEY=1` (files of at most
/// `PUREYAML_REINDENT_SURVEY_KB` KiB, default 8; `PUREYAML_REINDENT_SURVEY_BOTH=1` adds a second
/// configuration, `indentation: {spaces: 2}`): prints the counts and the refusal reasons, and fails when
/// more than one listed fix in twenty is refused (the list's pre-check leaves out the obvious failures;
/// the verification on resolve stays the safety net). Minutes in a debug build.
final class ReindentCorpusSurveyTests: XCTestCase {
    struct Tally {
        var files = 0, findings = 0, listed = 0, refused = 0
        var reasons: [String: Int] = [:]
        var examples: [String: String] = [:]
    }

    func testSurvey() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["PUREYAML_REINDENT_SURVEY"] == "1" else { throw XCTSkip("set PUREYAML_REINDENT_SURVEY=1") }
        let corpus = try requireSharedFolder("corpus")
        let limit = (Int(environment["PUREYAML_REINDENT_SURVEY_KB"] ?? "") ?? 8) * 1024
        for configuration in ["extends: default\n", "extends: default\nrules: {indentation: {spaces: 2, indent-sequences: true}}\n"].prefix(environment["PUREYAML_REINDENT_SURVEY_BOTH"] == "1" ? 2 : 1) {
            var tally = Tally()
            let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])
            var files: [URL] = []
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "yaml" || url.pathExtension == "yml",
                      (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 <= limit else { continue }
                files.append(url)
            }
            for url in files.sorted(by: { $0.path < $1.path }) {
                let bytes = Array(try Data(contentsOf: url))
                survey(bytes, name: String(url.path.dropFirst(corpus.path.count + 1)), configuration: configuration, &tally)
            }
            print("re-indent survey [\(configuration.replacingOccurrences(of: "\n", with: " "))]: \(tally.files) files, "
                  + "\(tally.findings) indentation findings, \(tally.listed) with a listed re-indent fix, \(tally.refused) refused on resolve")
            for (reason, n) in tally.reasons.sorted(by: { $0.value > $1.value }) {
                print("  \(n)  \(reason)  e.g. \(tally.examples[reason] ?? "")")
            }
            XCTAssertGreaterThan(tally.listed, 0)
            XCTAssertLessThanOrEqual(tally.refused * 20, tally.listed, "more than one listed re-indent fix in twenty is refused")
        }
    }

    private func survey(_ bytes: [UInt8], name: String, configuration: String, _ tally: inout Tally) {
        let model = DocumentModel(environment: .inMemory(texts: ["/survey/.yamllint": configuration]))
        let uri = DocumentURI(filePath: "/survey/" + name)
        model.perform(.open(uri, version: 1, text: String(decoding: bytes, as: UTF8.self)))
        tally.files += 1
        let findings = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.code == "indentation" }
        for d in findings {
            tally.findings += 1
            let listed = (try? model.deferredCodeActions(uri, range: d.range, only: [.quickFix])) ?? nil
            guard let fix = listed?.first(where: { $0.title.hasPrefix("Re-indent this block") && $0.diagnostic == d }),
                  let reference = fix.resolveReference else { continue }
            tally.listed += 1
            let outcome = try? model.resolveCodeAction(uri, reference)
            guard case .failure(let failure)? = outcome else { continue }
            tally.refused += 1
            var reason = "\(failure)"
            if case .refused(_, let why) = failure { reason = why }
            tally.reasons[reason, default: 0] += 1
            if tally.examples[reason] == nil { tally.examples[reason] = "\(name):\(d.range.start)" }
        }
    }
}
