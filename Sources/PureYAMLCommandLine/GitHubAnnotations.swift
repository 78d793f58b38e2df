import Foundation
import YAMLDocumentModel

/// `check --format github`: GitHub Actions workflow commands that turn findings into annotations,
/// `::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=CODE::MESSAGE`.
///
/// Errors become `error`, warnings `warning`, information and hints `notice`. Columns count Unicode
/// scalars, 1-based; the end is exclusive. `col` and `endColumn` are left out when the finding spans
/// several lines, since GitHub accepts columns only for single-line annotations. Escaping follows the
/// Actions toolkit: in the message `%`, CR and LF become `%25`, `%0D`, `%0A`; in property values `:` and
/// `,` also become `%3A` and `%2C`.
enum GitHubAnnotations {
    /// One workflow command per finding, each ending with a line break.
    static func render(_ reports: [FileReport]) -> String {
        var out = ""
        for report in reports {
            for d in report.diagnostics { out += command(d, path: report.path) }
        }
        return out
    }

    /// The workflow command for one finding.
    static func command(_ d: LocatedDiagnostic, path: String) -> String {
        let name: String
        switch d.diagnostic.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .information, .hint: name = "notice"
        }
        var properties = [("file", path), ("line", "\(d.start.line)")]
        if d.start.line == d.end.line { properties.append(("col", "\(d.start.column)")) }
        properties.append(("endLine", "\(d.end.line)"))
        if d.start.line == d.end.line { properties.append(("endColumn", "\(d.end.column)")) }
        properties.append(("title", d.diagnostic.code))
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(d.diagnostic.message))\n"
    }

    /// A warning about the run rather than a file (a schema that could not be had, id `missing-schema`; a
    /// `pureyaml.schema.crds` entry that cannot be used, `unusable-crd-file`; a SchemaStore catalog that could
    /// not be consulted, `catalog-not-consulted`): `::warning title=ID::TEXT`,
    /// shown in the job's summary without a file.
    static func runNotice(_ note: (id: String, text: String)) -> String {
        "::warning title=\(note.id)::\(escapeData(note.text))\n"
    }

    /// Escapes a command's data (the message): `%`, CR, LF.
    static func escapeData(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
