/// Glob matching for `.editorconfig` section headers (https://spec.editorconfig.org "Glob
/// Expressions"): `*` (any characters but `/`), `**` (any characters), `?`, `[abc]`, `[!abc]`,
/// `{a,b}` alternatives and `{1..3}` number ranges. A glob without `/` matches the file name in any
/// directory; one with `/` is anchored at the `.editorconfig` file's directory.
enum EditorConfigGlob {
    /// True when `glob` matches `path`, the file's path relative to the `.editorconfig` directory.
    static func matches(_ glob: String, path: String) -> Bool {
        var g = glob
        if g.hasPrefix("/") { g.removeFirst() } else if !g.contains("/") { g = "**/" + g }
        var budget = 100_000   // backtracking bound: a pathological glob fails rather than hangs
        return match(Array(g), 0, Array(path), 0, budget: &budget)
    }

    private static func match(_ g: [Character], _ gi: Int, _ p: [Character], _ pi: Int, budget: inout Int) -> Bool {
        budget -= 1
        if budget < 0 { return false }
        if gi == g.count { return pi == p.count }
        let c = g[gi]
        switch c {
        case "*":
            if gi + 1 < g.count, g[gi + 1] == "*" {
                var next = gi + 2
                // `**/` also matches no directory at all.
                if next < g.count, g[next] == "/", match(g, next + 1, p, pi, budget: &budget) { return true }
                if next > g.count { next = g.count }
                for k in pi...p.count where match(g, next, p, k, budget: &budget) { return true }
                return false
            }
            var k = pi
            while true {
                if match(g, gi + 1, p, k, budget: &budget) { return true }
                if k == p.count || p[k] == "/" { return false }
                k += 1
            }
        case "?":
            return pi < p.count && p[pi] != "/" && match(g, gi + 1, p, pi + 1, budget: &budget)
        case "[":
            guard let close = g[(gi + 1)...].firstIndex(of: "]"), pi < p.count else {
                return pi < p.count && p[pi] == "[" && match(g, gi + 1, p, pi + 1, budget: &budget)
            }
            var set = Array(g[(gi + 1)..<close])
            let negated = set.first == "!"
            if negated { set.removeFirst() }
            var hit = false
            var k = 0
            while k < set.count {
                if k + 2 < set.count, set[k + 1] == "-" {
                    if set[k] <= p[pi] && p[pi] <= set[k + 2] { hit = true }
                    k += 3
                } else {
                    if set[k] == p[pi] { hit = true }
                    k += 1
                }
            }
            return hit != negated && p[pi] != "/" && match(g, close + 1, p, pi + 1, budget: &budget)
        case "{":
            guard let close = closingBrace(g, gi) else {
                return pi < p.count && p[pi] == "{" && match(g, gi + 1, p, pi + 1, budget: &budget)
            }
            let inner = String(g[(gi + 1)..<close])
            let rest = Array(g[(close + 1)...])
            let parts = inner.contains(",") ? splitTopLevel(inner) : numberRange(inner) ?? ["{" + inner + "}"]
            for part in parts where match(Array(part) + rest, 0, p, pi, budget: &budget) { return true }
            return false
        case "\\":
            guard gi + 1 < g.count else { return false }
            return pi < p.count && p[pi] == g[gi + 1] && match(g, gi + 2, p, pi + 1, budget: &budget)
        default:
            return pi < p.count && p[pi] == c && match(g, gi + 1, p, pi + 1, budget: &budget)
        }
    }

    /// The index of the `}` closing the `{` at `open`, counting nesting.
    private static func closingBrace(_ g: [Character], _ open: Int) -> Int? {
        var depth = 0
        for k in open..<g.count {
            if g[k] == "{" { depth += 1 } else if g[k] == "}" { depth -= 1; if depth == 0 { return k } }
        }
        return nil
    }

    /// `a,{b,c},d` split at its top-level commas.
    private static func splitTopLevel(_ s: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for ch in s {
            if ch == "{" { depth += 1 } else if ch == "}" { depth -= 1 }
            if ch == ",", depth == 0 { parts.append(current); current = "" } else { current.append(ch) }
        }
        parts.append(current)
        return parts
    }

    /// `{1..3}` as `["1", "2", "3"]` (at most 1000 numbers), or nil when `s` is not a number range.
    private static func numberRange(_ s: String) -> [String]? {
        let ends = s.split(separator: ".", omittingEmptySubsequences: false)
        guard ends.count == 3, ends[1].isEmpty, let a = Int(ends[0]), let b = Int(ends[2]), abs(b - a) < 1000 else { return nil }
        return (min(a, b)...max(a, b)).map { String($0) }
    }
}
