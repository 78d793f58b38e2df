/// A list of gitignore-style path patterns, as yamllint's `ignore`, `ignore-from-file` and `yaml-files`
/// use them (pathspec's `GitIgnoreSpec`): `#` comments, `!` negation (the last matching pattern wins),
/// a `/` inside the pattern anchors it to the configuration's directory, a trailing `/` matches
/// directories only, `*` and `?` do not cross `/`, `**` does, `[...]` is a character class. A pattern
/// that matches a directory also matches everything inside it.
public struct GitIgnoreSpec: Sendable, Hashable {
    private struct Pattern: Sendable, Hashable {
        var glob: [UInt8]
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
            out.append(Pattern(glob: Array(glob.utf8), negated: negated, directoryOnly: directoryOnly))
        }
        patterns = out
    }

    /// True when no pattern was given.
    public var isEmpty: Bool { patterns.isEmpty }

    /// True when `path` (relative, `/`-separated; a leading `./` is ignored) is matched.
    public func matches(_ path: String) -> Bool {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        let bytes = Array(p.utf8)
        // The path itself and each of its ancestor directories.
        var prefixes: [(ArraySlice<UInt8>, isDirectory: Bool)] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "/") && i > 0 {
            prefixes.append((bytes[0..<i], true))
        }
        prefixes.append((bytes[...], false))
        var matched = false
        for pattern in patterns {
            let hit = prefixes.contains { candidate in
                (!pattern.directoryOnly || candidate.isDirectory)
                    && GitIgnoreSpec.glob(pattern.glob[...], candidate.0)
            }
            if hit { matched = !pattern.negated }
        }
        return matched
    }

    /// Glob match of a whole path; `**` segments match any number of directories.
    static func glob(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        var p = p
        var s = s
        while let c = p.first {
            if c == UInt8(ascii: "*") {
                let doubleStar = p.dropFirst().first == UInt8(ascii: "*")
                if doubleStar {
                    var rest = p.dropFirst(2)
                    let leadingSlash = rest.first == slash
                    if leadingSlash { rest = rest.dropFirst() }
                    if rest.isEmpty { return true }
                    // `**/` matches zero or more whole directories.
                    if glob(rest, s) { return true }
                    var t = s
                    while !t.isEmpty {
                        let skipped = t.removeFirst()
                        if (skipped == slash || !leadingSlash) && glob(rest, t) { return true }
                    }
                    return false
                }
                let rest = p.dropFirst()
                var t = s
                while true {
                    if glob(rest, t) { return true }
                    guard let first = t.first, first != slash else { return false }
                    t = t.dropFirst()
                }
            }
            guard let sc = s.first else { return false }
            if c == UInt8(ascii: "?") {
                if sc == slash { return false }
            } else if c == UInt8(ascii: "[") {
                guard let close = p.dropFirst(2).firstIndex(of: UInt8(ascii: "]")) else {
                    if sc != c { return false }
                    p = p.dropFirst(); s = s.dropFirst(); continue
                }
                var set = p[(p.startIndex + 1)..<close]
                var negate = false
                if let f = set.first, f == UInt8(ascii: "!") || f == UInt8(ascii: "^") { negate = true; set = set.dropFirst() }
                var inSet = false
                var k = set.startIndex
                while k < set.endIndex {
                    if k + 2 < set.endIndex && set[k + 1] == UInt8(ascii: "-") {
                        if sc >= set[k] && sc <= set[k + 2] { inSet = true }
                        k += 3
                    } else {
                        if sc == set[k] { inSet = true }
                        k += 1
                    }
                }
                if inSet == negate || sc == slash { return false }
                p = p[(close + 1)...]
                s = s.dropFirst()
                continue
            } else if c == UInt8(ascii: "\\"), let escaped = p.dropFirst().first {
                if sc != escaped { return false }
                p = p.dropFirst(2); s = s.dropFirst(); continue
            } else if c != sc {
                return false
            }
            p = p.dropFirst()
            s = s.dropFirst()
        }
        return s.isEmpty
    }
}
