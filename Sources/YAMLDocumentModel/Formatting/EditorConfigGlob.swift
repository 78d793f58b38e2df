import YAMLSyntax

/// Glob matching for `.editorconfig` section headers (https://spec.editorconfig.org "Glob
/// Expressions"): `*` (any characters but `/`), `**` (any characters), `?`, `[abc]`, `[!abc]`,
/// `{a,b}` alternatives and `{1..3}` number ranges. A glob without `/` matches the file name in any
/// directory; one with `/` is anchored at the `.editorconfig` file's directory.
///
/// Braces are alternatives of one program (`{}` and `{single}` are literal text), matched in time
/// linear in the glob and the path, without recursion (``GlobProgram``): no header, however written,
/// can make a match hang or overflow the stack.
enum EditorConfigGlob {
    /// True when `glob` matches `path`, the file's path relative to the `.editorconfig` directory.
    static func matches(_ glob: String, path: String) -> Bool {
        var g = glob
        if g.hasPrefix("/") { g.removeFirst() } else if !g.contains("/") { g = "**/" + g }
        return syntax.compile(Array(g)).matches(Array(path))
    }

    /// The dialect: `**/`, `**`, `*`, `?`, `[...]` (`!` negates, `[]` is empty), `\x`, `{a,b}`, `{1..3}`.
    private static let syntax = GlobSyntax<Character>(braces: true, escapes: true, negations: ["!"], emptySets: true,
                                                      symbol: { Character($0) },
                                                      braceGroup: { numberRange(String($0)).map { $0.map { Array($0) } } })

    /// `{1..3}` as `["1", "2", "3"]` (at most 1000 numbers), or nil when `s` is not a number range.
    private static func numberRange(_ s: String) -> [String]? {
        let ends = s.split(separator: ".", omittingEmptySubsequences: false)
        guard ends.count == 3, ends[1].isEmpty, let a = Int(ends[0]), let b = Int(ends[2]),
              case let (d, overflow) = b.subtractingReportingOverflow(a), !overflow, d.magnitude < 1000 else { return nil }
        return (min(a, b)...max(a, b)).map { String($0) }
    }
}
