import YAMLSyntax

/// Minimal edits between two texts: a line-based diff whose changed lines and hunks are trimmed to their
/// differing bytes, so an editor keeps cursors, folds and marks on unchanged text.
///
/// Lines are compared ignoring blanks and line breaks (like `diff -w`), then each matched pair whose
/// bytes differ gives its own edit: formatting and lint fixes mostly change white space, and a re-indented
/// line stays paired with itself instead of being matched, as an exact line diff would, with an equal
/// short line (`type: string`) pages away, which turns a re-indentation into large deletions and
/// insertions.
///
/// The diff scales to large, very different texts (fix-all re-indenting 70,000 lines of a 90,000-line
/// stream): lines are numbered (equal lines get equal numbers), the common prefix and suffix are matched,
/// then lines that occur exactly once on each side are matched in order (their longest increasing run,
/// found by patience sorting, as in Bram Cohen's patience diff) and split the texts into gaps, which are
/// diffed the same way. A gap without such lines is diffed with the standard library's
/// `difference(from:)` (Myers' O(ND) algorithm), in windows of at most ``exactGapLines`` lines. Measured
/// on that stream (release build, exact line comparison): `difference(from:)` over the whole texts takes
/// 0.6 s of CPU for 8,000 lines, 2.8 s for 16,000 and 30 s for 32,000 (it grows with the number of
/// changed lines times the length); this diff takes about 0.5 s for all 89,000 lines.
enum LineDiff {
    /// Longest window (old plus new lines) of a gap without lines unique on both sides that is diffed
    /// exactly with `difference(from:)`: about 40 ms of CPU at worst (release build).
    static let exactGapLines = 2_048

    /// Non-overlapping replacements, sorted by position, that turn `old` into `new` (UTF-8 byte ranges of
    /// `old`), no two touching: one per matched line whose bytes differ, and one per changed hunk (edits
    /// that would touch are merged). With `splittingLines`, a
    /// hunk that has as many old lines as new ones gives one replacement per line too (minimal per-line
    /// edits; range formatting keeps some lines and drops others). A replacement never splits a UTF-8
    /// sequence or a CRLF pair.
    static func replacements(from old: [UInt8], to new: [UInt8], splittingLines: Bool = false) -> [TextReplacement] {
        let a = lines(old), b = lines(new)
        var pieces: [(a: Range<Int>, b: Range<Int>)] = []
        func piece(_ i: Int, _ j: Int) -> (a: Range<Int>, b: Range<Int>) { (i..<i + 1, j..<j + 1) }
        var i = 0, j = 0
        for (mi, mj) in matchedLines(a.map { key(old, $0) }, b.map { key(new, $0) }) + [(a.count, b.count)] {
            if mi > i || mj > j {
                if splittingLines, mi - i == mj - j {
                    for k in 0..<(mi - i) { pieces.append(piece(i + k, j + k)) }
                } else {
                    pieces.append((a: i..<mi, b: j..<mj))
                }
            }
            if mi < a.count, old[a[mi].start..<a[mi].end] != new[b[mj].start..<b[mj].end] { pieces.append(piece(mi, mj)) }
            i = mi + 1
            j = mj + 1
        }
        var out: [TextReplacement] = []
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
            let text = String(decoding: new[ns..<ne], as: UTF8.self)
            // Edits that touch become one: LSP 3.17 leaves the order of an insertion and a replacement at
            // one offset to the client.
            if let last = out.last, last.range.end == os {
                out[out.count - 1] = TextReplacement(range: TextRange(start: last.range.start, end: oe), newText: last.newText + text)
            } else {
                out.append(TextReplacement(range: TextRange(start: os, end: oe), newText: text))
            }
        }
        return out
    }

    /// What lines are compared by in ``replacements(from:to:splittingLines:)``: a hash of the line's bytes
    /// other than blanks and line breaks. A collision only pairs two different lines, whose edit then
    /// replaces one by the other: still correct.
    private static func key(_ bytes: [UInt8], _ line: TextRange) -> Int {
        var hasher = Hasher()
        for k in line.start..<line.end {
            let c = bytes[k]
            if c != 0x20 && c != 0x09 && c != 0x0A && c != 0x0D { hasher.combine(c) }
        }
        return hasher.finalize()
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

    /// Changed regions as pairs of line-index ranges (old, new), in order, neither both empty; between
    /// them the lines are equal.
    static func hunks<T: Hashable>(_ a: [T], _ b: [T]) -> [(a: Range<Int>, b: Range<Int>)] {
        var out: [(a: Range<Int>, b: Range<Int>)] = []
        var i = 0, j = 0
        for (mi, mj) in matchedLines(a, b) + [(a.count, b.count)] {
            if mi > i || mj > j { out.append((a: i..<mi, b: j..<mj)) }
            i = mi + 1
            j = mj + 1
        }
        return out
    }

    /// The pairs (old index, new index) of equal lines the diff keeps, increasing in both.
    static func matchedLines<T: Hashable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        // Equal lines get equal numbers, so the rest compares integers.
        var numbers: [T: Int] = [:]
        func number(_ line: T) -> Int {
            if let n = numbers[line] { return n }
            let n = numbers.count
            numbers[line] = n
            return n
        }
        var matching = Matching(x: a.map(number), y: b.map(number))
        matching.run()
        return matching.pairs.sorted { $0.0 < $1.0 }
    }

    /// The matched line pairs of two numbered texts: the work list of gaps of ``LineDiff/hunks(_:_:)``.
    private struct Matching {
        let x: [Int]
        let y: [Int]
        /// Matched (old, new) line indices, increasing in both once sorted by the first.
        var pairs: [(Int, Int)] = []
        /// Lines the unique-line passes may still look at: a pathological text whose passes find one
        /// pair at a time falls back to windows of ``LineDiff/exactGapLines`` instead of growing
        /// quadratically.
        var budget: Int

        init(x: [Int], y: [Int]) {
            self.x = x
            self.y = y
            budget = 8 * (x.count + y.count) + 4_096
        }

        mutating func run() {
            var work = [(x.indices, y.indices)]
            while var (ra, rb) = work.popLast() {
                // The common prefix and suffix.
                while !ra.isEmpty && !rb.isEmpty && x[ra.lowerBound] == y[rb.lowerBound] {
                    pairs.append((ra.lowerBound, rb.lowerBound))
                    ra = ra.dropFirst()
                    rb = rb.dropFirst()
                }
                while !ra.isEmpty && !rb.isEmpty && x[ra.upperBound - 1] == y[rb.upperBound - 1] {
                    pairs.append((ra.upperBound - 1, rb.upperBound - 1))
                    ra = ra.dropLast()
                    rb = rb.dropLast()
                }
                if ra.isEmpty || rb.isEmpty { continue }
                let anchors = budget > 0 ? uniqueAnchors(ra, rb) : []
                budget -= ra.count + rb.count
                if anchors.isEmpty {
                    exact(ra, rb)
                    continue
                }
                var i = ra.lowerBound, j = rb.lowerBound
                for (ai, aj) in anchors {
                    pairs.append((ai, aj))
                    if ai > i || aj > j { work.append((i..<ai, j..<aj)) }
                    i = ai + 1
                    j = aj + 1
                }
                if ra.upperBound > i || rb.upperBound > j { work.append((i..<ra.upperBound, j..<rb.upperBound)) }
            }
        }

        /// The longest increasing run of the lines that occur once in `x[ra]` and once in `y[rb]`, as
        /// (old, new) index pairs in order (patience sorting: O(k log k) for k such lines).
        func uniqueAnchors(_ ra: Range<Int>, _ rb: Range<Int>) -> [(Int, Int)] {
            // For each number: occurrences in x[ra] (capped at 2) and in y[rb], and its position in y.
            var seen: [Int: (inX: Int, inY: Int, j: Int)] = [:]
            for i in ra { seen[x[i], default: (0, 0, 0)].inX += 1 }
            for j in rb {
                guard var s = seen[y[j]] else { continue }
                s.inY += 1
                s.j = j
                seen[y[j]] = s
            }
            var candidates: [(Int, Int)] = []
            for i in ra {
                if let s = seen[x[i]], s.inX == 1, s.inY == 1 { candidates.append((i, s.j)) }
            }
            guard !candidates.isEmpty else { return [] }
            // Piles by new index: tops[k] is the candidate ending the best run of length k + 1.
            var tops: [Int] = []
            var previous = [Int](repeating: -1, count: candidates.count)
            for (k, c) in candidates.enumerated() {
                var lo = 0, hi = tops.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if candidates[tops[mid]].1 < c.1 { lo = mid + 1 } else { hi = mid }
                }
                if lo > 0 { previous[k] = tops[lo - 1] }
                if lo == tops.count { tops.append(k) } else { tops[lo] = k }
            }
            var run: [(Int, Int)] = []
            var k = tops.last ?? -1
            while k >= 0 {
                run.append(candidates[k])
                k = previous[k]
            }
            return run.reversed()
        }

        /// Matches a gap without unique lines exactly (Myers, `difference(from:)`) when it is at most
        /// ``LineDiff/exactGapLines`` long; a longer one is cut into that many windows, each the same share of
        /// both sides, matched exactly one by one (a change that straddles two windows may then show as a
        /// removal in one and an insertion in the other: more edits, never wrong ones).
        mutating func exact(_ ra: Range<Int>, _ rb: Range<Int>) {
            let windows = (ra.count + rb.count + LineDiff.exactGapLines - 1) / LineDiff.exactGapLines
            for w in 0..<windows {
                let wa = ra.lowerBound + ra.count * w / windows..<ra.lowerBound + ra.count * (w + 1) / windows
                let wb = rb.lowerBound + rb.count * w / windows..<rb.lowerBound + rb.count * (w + 1) / windows
                let old = x[wa], new = y[wb]
                let difference = new.difference(from: old)
                var removed = Set<Int>(), inserted = Set<Int>()
                for change in difference {
                    switch change {
                    case .remove(let offset, _, _): removed.insert(offset)
                    case .insert(let offset, _, _): inserted.insert(offset)
                    }
                }
                // Offsets count from the start of each slice; the kept lines pair up in order.
                let keptOld = (0..<old.count).lazy.filter { !removed.contains($0) }.map { wa.lowerBound + $0 }
                let keptNew = (0..<new.count).lazy.filter { !inserted.contains($0) }.map { wb.lowerBound + $0 }
                for (i, j) in zip(keptOld, keptNew) { pairs.append((i, j)) }
            }
        }
    }
}
