import Foundation
import YAMLDocumentModel

/// `check --format sarif`: a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) with one
/// run, for code-scanning services.
///
/// - `tool.driver`: name `pureyaml`, version, and one `rules` entry per diagnostic
///   code that occurs (id = the code, `shortDescription` from ``DiagnosticCatalog``), sorted by id.
/// - `results`: `ruleId`, `ruleIndex`, `level` (`error`, `warning`, or `note` for information and
///   hints), `message.text`, and one physical location whose `artifactLocation.uri` is the file's path
///   relative to the working directory (base id `%SRCROOT%`, declared in `originalUriBaseIds`), or an
///   absolute `file` URI for a file outside it.
/// - Regions are 1-based with an exclusive end column (§3.30.5); columns count UTF-16 code units, which
///   the run states with `columnKind: utf16CodeUnits` (§3.14.17).
enum SARIFReport {
    /// The `$schema` of the log: the OASIS 2.1.0 schema (errata 01).
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The base id relative artifact URIs resolve against.
    static let sourceRoot = "%SRCROOT%"

    /// The SARIF JSON text (UTF-8, pretty-printed, keys sorted, ending with a line break).
    /// `workingDirectory` is an absolute path; relative artifact URIs are relative to it. Each line of
    /// `runNotes` (a schema that could not be had, ``MissingSchema/summaryLine(workingDirectory:)``, id
    /// `missing-schema`; a `pureyaml.schema.crds` entry that cannot be used, id `unusable-crd-file`; a
    /// SchemaStore catalog that could not be consulted, id `catalog-not-consulted`)
    /// becomes a warning with its descriptor id in `invocations[0].toolExecutionNotifications`
    /// (§3.20.21), with `executionSuccessful: true`.
    static func render(_ reports: [FileReport], workingDirectory: String, runNotes: [(id: String, text: String)] = []) throws -> Data {
        let codes = Set(reports.flatMap { $0.diagnostics.map(\.diagnostic.code) }).sorted()
        var ruleIndex: [String: Int] = [:]
        for (i, code) in codes.enumerated() { ruleIndex[code] = i }
        let rules: [[String: Any]] = codes.map {
            ["id": $0, "shortDescription": ["text": DiagnosticCatalog.shortDescription(of: $0)]]
        }
        var results: [[String: Any]] = []
        for report in reports {
            let artifact = artifactLocation(report, workingDirectory: workingDirectory)
            for d in report.diagnostics {
                results.append([
                    "ruleId": d.diagnostic.code,
                    "ruleIndex": ruleIndex[d.diagnostic.code] ?? 0,
                    "level": level(d.diagnostic.severity),
                    "message": ["text": d.diagnostic.message],
                    "locations": [[
                        "physicalLocation": [
                            "artifactLocation": artifact,
                            "region": [
                                "startLine": d.start.line,
                                "startColumn": d.start.utf16Column,
                                "endLine": d.end.line,
                                "endColumn": d.end.utf16Column,
                            ],
                        ],
                    ]],
                ])
            }
        }
        let root = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        var run: [String: Any] = [
            "tool": ["driver": [
                "name": "pureyaml",
                "version": Help.version,
                "rules": rules,
            ]],
            "columnKind": "utf16CodeUnits",
            "originalUriBaseIds": [sourceRoot: ["uri": DocumentURI(filePath: root).string]],
            "results": results,
        ]
        if !runNotes.isEmpty {
            run["invocations"] = [[
                "executionSuccessful": true,
                "toolExecutionNotifications": runNotes.map { ["level": "warning", "message": ["text": $0.text],
                                                             "descriptor": ["id": $0.id]] },
            ]]
        }
        let log: [String: Any] = ["$schema": schemaURI, "version": "2.1.0", "runs": [run]]
        var data = try JSONSerialization.data(withJSONObject: log,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    /// SARIF `level` for a severity (§3.27.10).
    static func level(_ severity: YAMLDiagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "note"
        }
    }

    /// The `artifactLocation` of a report: a relative URI under `%SRCROOT%` when the file lies below the
    /// working directory, an absolute `file` URI otherwise, and the display name for unnamed stdin.
    static func artifactLocation(_ report: FileReport, workingDirectory: String) -> [String: Any] {
        guard let absolute = report.absolutePath else {
            return ["uri": relativeReference(report.path), "uriBaseId": sourceRoot]
        }
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if absolute.hasPrefix(prefix) {
            return ["uri": relativeReference(String(absolute.dropFirst(prefix.count))), "uriBaseId": sourceRoot]
        }
        return ["uri": DocumentURI(filePath: absolute).string]
    }

    /// A relative path as an RFC 3986 relative reference: every byte but unreserved characters and `/`
    /// percent-encoded (so `:` in a first segment cannot read as a scheme).
    static func relativeReference(_ path: String) -> String {
        // DocumentURI encodes exactly that set; drop its "file:///" prefix.
        let uri = DocumentURI(filePath: "/" + path).string
        return String(uri.dropFirst("file:///".count))
    }
}
