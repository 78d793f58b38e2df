import YAMLSyntax

/// The difference between two texts in the unified format of GNU `diff -u` and `git diff`, which
/// `patch` and `git apply` accept: `--- a/PATH` and `+++ b/PATH` headers, then hunks
/// `@@ -start,count +start,count @@` (1-based line numbers; a count of 1 is left out, and an empty
/// range names the line before it) with `context` unchanged lines around each change, ` ` / `-` / `+`
/// line prefixes, and `\ No newline at end of file` after a last line without a line break.
///
/// Lines are what diff tools take them to be: text up to and including a `\n` (so `\r\n` ends a line
/// and a lone `\r` is an ordinary byte inside one; a file broken by lone `\r`s is a single line, without
/// a final newline). They are compared with their `\r`s, so a change of line break shows, and applying the
/// diff gives exactly `new`. YAML's own line breaks (YAML 1.2.2 §5.4, which counts a lone `\r`) are not
/// used here because `patch` and `git apply` would not accept hunks counted in them.
/// Hunks whose context would touch or overlap are merged. Bytes that are not UTF-8 are shown as U+FFFD.
public enum UnifiedDiff {
    /// The unified diff turning `old` into `new`, or the empty string when they are equal.
    ///
    /// - Parameters:
    ///   - oldName: the text after `--- ` (e.g. `a/config/app.yaml`).
    ///   - newName: the text after `+++ `.
    ///   - context: unchanged lines shown before and after each change (3, like `diff -u`).
    public static func text(from old: [UInt8], to new: [UInt8], oldName: String, newName: String,
                            context: Int = 3) -> String {
        let a = diffLines(old)
        let b = diffLines(new)
        let changes = LineDiff.hunks(a, b)
        guard !changes.isEmpty else { return "" }
        let context = max(0, context)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var first = 0
        while first < changes.count {
            // Gather the changes whose context ranges touch.
            var last = first
            while last + 1 < changes.count,
                  changes[last + 1].a.lowerBound - changes[last].a.upperBound <= 2 * context { last += 1 }
            let aStart = max(0, changes[first].a.lowerBound - context)
            let aEnd = min(a.count, changes[last].a.upperBound + context)
            let bStart = changes[first].b.lowerBound - (changes[first].a.lowerBound - aStart)
            let bEnd = changes[last].b.upperBound + (aEnd - changes[last].a.upperBound)
            out += "@@ -\(range(aStart, aEnd - aStart)) +\(range(bStart, bEnd - bStart)) @@\n"
            var at = aStart
            for change in changes[first...last] {
                for i in at..<change.a.lowerBound { out += line(" ", a[i]) }
                for i in change.a { out += line("-", a[i]) }
                for i in change.b { out += line("+", b[i]) }
                at = change.a.upperBound
            }
            for i in at..<aEnd { out += line(" ", a[i]) }
            first = last + 1
        }
        return out
    }

    /// `start,count` with a 1-based start; `start` alone for one line; the line before for none.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(count)"
        }
    }

    /// `bytes` cut after each `\n` (the last piece may have none), the way `diff` and `patch` count lines.
    static func diffLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Array(bytes[start...i]))
            start = i + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    /// One output line: the prefix, the line as it is (with its `\n`), or a `\n` and the no-newline
    /// marker when it has none.
    private static func line(_ prefix: String, _ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.last == 0x0A { return prefix + text }
        return prefix + text + "\n\\ No newline at end of file\n"
    }
}
