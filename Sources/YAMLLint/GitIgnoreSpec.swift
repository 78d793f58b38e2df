import YAMLSyntax

/// A list of gitignore-style path patterns, as yamllint's `ignore`, `ignore-from-file` and `yaml-files`
/// use them (pathspec's `GitIgnoreSpec`): `#` comments, `!` negation (the last matching pattern wins),
/// a `/` inside the pattern anchors it to the configuration's directory, a trailing `/` matches
/// directories only, `*` and `?` do not cross `/`, `**` does, `[...]` is a character class. A pattern
/// that matches a directory also matches everything inside it.
///
/// Which matching pattern decides is pathspec's rule (its `GitIgnoreSpec`, which yamllint uses), not git's.
/// A pattern matches a path either itself (a *file match*: the glob matches the whole path) or through one
/// of its ancestor directories (a *directory match*). The last pattern with a file match decides; when no
/// pattern has one, the last pattern with a directory match does. So `*.yaml` then `!keep/` still excludes
/// `keep/a.yaml`, and, unlike git, which never re-includes a file whose parent directory is excluded,
/// `dir/` then `!dir/a.yaml` (or `!*.yaml` then `dir/`) leaves `dir/a.yaml` in: yamllint's file list is
/// the one to follow.
public struct GitIgnoreSpec: Sendable, Hashable {
    private struct Pattern: Sendable, Hashable {
        var glob: GlobProgram<UInt8>
        var negated: Bool
        var directoryOnly: Bool
    }

    private let patterns: [Pattern]

    /// Patterns from lines (blank lines and `#` comments skipped).
    public init<S: Sequence>(lines: S) where S.Element == String {
        var out: [Pattern] = []
        for raw in lines {
            var line = Substring(raw)
            while let last = line.last, last == " " || last == "\t" || last == "\r" {
                if line.dropLast().last == "\\" { break }
                line = line.dropLast()
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") { negated = true; line = line.dropFirst() }
            // A leading `\` (as in `\#x`, `\!x`, `\[x]`) stays: the glob reads it as an escape of the next character.
            var directoryOnly = false
            if line.hasSuffix("/") { directoryOnly = true; line = line.dropLast() }
            if line.isEmpty { continue }
            var glob = String(line)
            if glob.hasPrefix("/") {
                glob.removeFirst()
            } else if !glob.contains("/") || glob.hasPrefix("**/") {
                if !glob.hasPrefix("**/") { glob = "**/" + glob }
            }
            out.append(Pattern(glob: GitIgnoreSpec.compile(Array(glob.utf8)), negated: negated, directoryOnly: directoryOnly))
        }
        patterns = out
    }

    /// True when no pattern was given.
    public var isEmpty: Bool { patterns.isEmpty }

    /// True when `path` (relative, `/`-separated; a leading `./` is ignored) is matched (see the type's
    /// documentation for which matching pattern decides).
    public func matches(_ path: String) -> Bool {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        let bytes = Array(p.utf8)
        let ancestors = GitIgnoreSpec.ancestors(of: bytes)
        var fileDecision: Bool?
        var directoryDecision: Bool?
        for pattern in patterns {
            if !pattern.directoryOnly && GitIgnoreSpec.glob(pattern.glob, bytes[...]) {
                fileDecision = !pattern.negated
            } else if ancestors.contains(where: { GitIgnoreSpec.glob(pattern.glob, $0) }) {
                directoryDecision = !pattern.negated
            }
        }
        return fileDecision ?? directoryDecision ?? false
    }

    /// True when every path inside the directory `directory` (relative, `/`-separated, without a trailing
    /// `/`; a leading `./` is ignored) is matched, whatever its name, so a folder walk may skip the directory
    /// unread. That holds when a pattern excludes the directory or one of its ancestors and no negation
    /// could decide for a path inside (see the type's rule): none that could match the directory, an
    /// ancestor or a path below it, except a directory-only one (`!name/`, never a file match) placed before
    /// the last excluding pattern. Checked conservatively: a negation with a `**`, or any whose glob can
    /// start with the directory's path, keeps the directory walked.
    public func matchesEverything(inDirectory directory: String) -> Bool {
        var d = Substring(directory)
        while d.hasPrefix("./") { d = d.dropFirst(2) }
        while d.hasSuffix("/") { d = d.dropLast() }
        guard !d.isEmpty else { return false }
        let bytes = Array(d.utf8)
        var candidates = GitIgnoreSpec.ancestors(of: bytes)
        candidates.append(bytes[...])
        guard let excluding = patterns.lastIndex(where: { pattern in
            !pattern.negated && candidates.contains { GitIgnoreSpec.glob(pattern.glob, $0) }
        }) else { return false }
        let inside = (bytes + [UInt8(ascii: "/")])[...]
        return !patterns.indices.contains { i in
            let pattern = patterns[i]
            guard pattern.negated, !(pattern.directoryOnly && i < excluding) else { return false }
            return candidates.contains { GitIgnoreSpec.glob(pattern.glob, $0) }
                || GitIgnoreSpec.glob(pattern.glob, inside, partial: true)
        }
    }

    /// The ancestor directories of the relative path `bytes` (`a`, `a/b` for `a/b/c`), shortest first.
    private static func ancestors(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "/") && i > 0 {
            out.append(bytes[0..<i])
        }
        return out
    }

    /// Glob match of a whole path; `**` segments match any number of directories. With `partial`, true also
    /// when `s` is only the start of a path the glob could match (used to ask whether a pattern may match
    /// something inside a directory; it may answer true when no such path exists, never false when one does).
    /// Linear in the glob's and the path's lengths (see ``GlobProgram``).
    static func glob(_ p: GlobProgram<UInt8>, _ s: ArraySlice<UInt8>, partial: Bool = false) -> Bool {
        p.matches(s, prefix: partial)
    }

    /// Glob match of a whole path by the pattern text `p` (see ``compile(_:)``).
    static func glob(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>, partial: Bool = false) -> Bool {
        glob(compile(Array(p)), s, partial: partial)
    }

    /// A pattern read as steps: `**/` (zero or more whole directories), `**`, `*` and `?` (not across `/`),
    /// `[...]` (`!` or `^` negates; an unclosed `[` is literal), `\x` (x itself), everything else literal.
    static func compile(_ p: [UInt8]) -> GlobProgram<UInt8> {
        syntax.compile(p)
    }

    private static let syntax = GlobSyntax<UInt8>(braces: false, escapes: true, negations: ["!", "^"], emptySets: false,
                                                  symbol: { UInt8($0.value) })
}
