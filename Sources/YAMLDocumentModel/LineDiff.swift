import YAMLSyntax

/// Minimal edits between two texts: a line-based diff (Myers' O(ND) algorithm) whose changed hunks are
/// trimmed to their differing bytes, so an editor keeps cursors, folds and marks on unchanged text.
enum LineDiff {
    /// Non-overlapping replacements, sorted by position, that turn `old` into `new`. With
    /// `splittingLines`, a changed hunk that has as many old lines as new ones gives one replacement per
    /// line (so range formatting can keep some lines of a hunk and drop others).
    static func replacements(from old: [UInt8], to new: [UInt8], splittingLines: Bool = false) -> [TextReplacement] {
        let a = lines(old), b = lines(new)
        var out: [TextReplacement] = []
        var pieces: [(a: Range<Int>, b: Range<Int>)] = []
        for hunk in hunks(a.map { old[$0.start..<$0.end] }, b.map { new[$0.start..<$0.end] }) {
            if splittingLines, hunk.a.count == hunk.b.count {
                for k in 0..<hunk.a.count {
                    pieces.append((hunk.a.lowerBound + k..<hunk.a.lowerBound + k + 1, hunk.b.lowerBound + k..<hunk.b.lowerBound + k + 1))
                }
            } else {
                pieces.append(hunk)
            }
        }
        for hunk in pieces where !(hunk.a.count == 1 && hunk.b.count == 1 && old[a[hunk.a.lowerBound].start..<a[hunk.a.lowerBound].end] == new[b[hunk.b.lowerBound].start..<b[hunk.b.lowerBound].end]) {
            let oldStart = hunk.a.lowerBound < a.count ? a[hunk.a.lowerBound].start : old.count
            let oldEnd = hunk.a.isEmpty ? oldStart : a[hunk.a.upperBound - 1].end
            let newStart = hunk.b.lowerBound < b.count ? b[hunk.b.lowerBound].start : new.count
            let newEnd = hunk.b.isEmpty ? newStart : b[hunk.b.upperBound - 1].end
            var os = oldStart, oe = oldEnd, ns = newStart, ne = newEnd
            // Trim the common prefix and suffix inside the hunk.
            while os < oe && ns < ne && old[os] == new[ns] { os += 1; ns += 1 }
            while oe > os && ne > ns && old[oe - 1] == new[ne - 1] { oe -= 1; ne -= 1 }
            // Never split a UTF-8 sequence or a CRLF pair.
            while os > oldStart && os < old.count && (isContinuation(old[os]) || (old[os] == 0x0A && old[os - 1] == 0x0D)) { os -= 1; ns -= 1 }
            while oe < oldEnd && oe > os && (isContinuation(old[oe]) || (old[oe] == 0x0A && old[oe - 1] == 0x0D)) { oe += 1; ne += 1 }
            out.append(TextReplacement(range: TextRange(start: os, end: oe),
                                       newText: String(decoding: new[ns..<ne], as: UTF8.self)))
        }
        return out
    }

    private static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// Line ranges including their line breaks.
    static func lines(_ bytes: [UInt8]) -> [TextRange] {
        var out: [TextRange] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                out.append(TextRange(start: start, end: i + 1))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { out.append(TextRange(start: start, end: bytes.count)) }
        return out
    }

    /// Changed regions as pairs of line-index ranges (old, new), in order.
    static func hunks<T: Equatable>(_ a: [T], _ b: [T]) -> [(a: Range<Int>, b: Range<Int>)] {
        // Strip the common prefix and suffix first: formatting usually changes few lines.
        var lo = 0
        while lo < a.count && lo < b.count && a[lo] == b[lo] { lo += 1 }
        var ha = a.count, hb = b.count
        while ha > lo && hb > lo && a[ha - 1] == b[hb - 1] { ha -= 1; hb -= 1 }
        if lo == ha && lo == hb { return [] }
        let script = myers(Array(a[lo..<ha]), Array(b[lo..<hb]))
        var out: [(a: Range<Int>, b: Range<Int>)] = []
        var i = 0, j = 0
        var k = 0
        while k < script.count {
            if script[k] == .equal { i += 1; j += 1; k += 1; continue }
            let si = i, sj = j
            while k < script.count && script[k] != .equal {
                if script[k] == .delete { i += 1 } else { j += 1 }
                k += 1
            }
            out.append((a: (lo + si)..<(lo + i), b: (lo + sj)..<(lo + j)))
        }
        return out
    }

    enum Op { case equal, delete, insert }

    /// Myers' shortest edit script. For very different inputs (D above a bound) it falls back to
    /// replacing everything, which is still correct.
    static func myers<T: Equatable>(_ a: [T], _ b: [T]) -> [Op] {
        let n = a.count, m = b.count
        let maxD = min(n + m, 1000)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) { x = v[offset + k + 1] }
                else { x = v[offset + k - 1] + 1 }
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; trace.append(v); break outer }
                k += 2
            }
        }
        guard found else {
            return [Op](repeating: .delete, count: n) + [Op](repeating: .insert, count: m)
        }
        // Backtrack.
        var ops: [Op] = []
        var x = n, y = m
        var d = trace.count - 2
        while d >= 0 {
            let vPrev = trace[d]
            let k = x - y
            let prevK: Int
            if k == -d || (k != d && vPrev[offset + k - 1] < vPrev[offset + k + 1]) { prevK = k + 1 } else { prevK = k - 1 }
            let prevX = d == 0 ? 0 : vPrev[offset + prevK]
            let prevY = prevX - prevK
            while x > prevX && y > prevY && x > 0 && y > 0 { ops.append(.equal); x -= 1; y -= 1 }
            if d > 0 {
                if x == prevX { ops.append(.insert); y -= 1 } else { ops.append(.delete); x -= 1 }
            }
            d -= 1
        }
        while x > 0 && y > 0 { ops.append(.equal); x -= 1; y -= 1 }
        return ops.reversed()
    }
}
