import Foundation
import YAMLDocumentModel

/// `check --format json`: one JSON array with an object per reported file,
/// `{"path": ..., "diagnostics": [{"line", "column", "endLine", "endColumn", "severity", "code",
/// "message", "source"}]}`. Lines and columns are 1-based, columns count Unicode scalars, and the end is
/// exclusive (the position just after the range). Keys are sorted; serialized by `JSONSerialization`.
enum JSONReport {
    /// The JSON text (UTF-8, pretty-printed, ending with a line break).
    static func render(_ reports: [FileReport]) throws -> Data {
        let files: [[String: Any]] = reports.map { report in
            [
                "path": report.path,
                "diagnostics": report.diagnostics.map { d -> [String: Any] in
                    [
                        "line": d.start.line,
                        "column": d.start.column,
                        "endLine": d.end.line,
                        "endColumn": d.end.column,
                        "severity": d.diagnostic.severity.label,
                        "code": d.diagnostic.code,
                        "message": d.diagnostic.message,
                        "source": d.diagnostic.source,
                    ]
                },
            ]
        }
        var data = try JSONSerialization.data(withJSONObject: files,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }
}
