import YAMLDocumentModel
import YAMLLint
import YAMLSchema
import YAMLSyntax

/// Configuration and glob target: the readers of a stranger's repository's own files and the matchers
/// they feed. The first byte picks what the rest is read as:
/// 0 a `.yamllint` (then its `ignore` globs are asked about a few paths), 1 a `.pureyaml.yaml`,
/// 2 an `.editorconfig` (its sections' globs matched against a file), 3 a glob or regular expression and
/// a path (first line, second line) for every matcher: `yaml.schemas` globs, gitignore patterns and both
/// regex dialects with a small step budget. Nothing may crash, hang or use much memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    let text = String(decoding: rest, as: UTF8.self)
    let paths = ["a.yaml", "sub/dir/b.yml", ".yamllint", "x/.github/workflows/ci.yaml"]
    switch selector % 4 {
    case 0:
        if let configuration = try? LintConfiguration.parse(rest) {
            for path in paths { _ = configuration.isIgnored(path: path) }
        }
    case 1:
        let (_, diagnostics) = ProjectConfiguration.parse(bytes: rest)
        for d in diagnostics { require(d.range.start <= d.range.end && d.range.end <= rest.count, "range \(d.range) out of bounds") }
    case 2:
        for path in paths {
            _ = EditorConfig.properties(forFile: "/w/" + path) { $0 == "/w/.editorconfig" ? text : nil }
        }
    default:
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let pattern = String(lines[0])
        let subject = lines.count > 1 ? String(lines[1]) : "sub/dir/file.yaml"
        _ = SchemaGlob(pattern).matches(subject)
        let spec = GitIgnoreSpec(lines: [pattern])
        _ = spec.matches(subject)
        _ = spec.matchesEverything(inDirectory: subject)
        for dialect in [BoundedRegex.Dialect.ecma262, .python] {
            if let regex = try? BoundedRegex(pattern, dialect: dialect) {
                _ = regex.firstMatch(in: subject, budget: 20_000)
                _ = regex.firstMatch(in: subject, whole: true, budget: 20_000)
            }
        }
    }
    return 0
}
