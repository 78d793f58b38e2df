import YAMLSyntax

/// The schema diagnostics of one open document, kept per document of its stream: each document's
/// validation findings sorted by position (``DiagnosticsCollector/sort(_:)``) with the offset their ranges
/// are relative to, and the few problems with the schemas themselves beside them.
///
/// A keystroke in one document of a stream replaces that document's findings and moves the base of the
/// later ones; the other documents' arrays are kept as they are (the same storage), so neither the
/// keystroke nor the comparison of two results reads the thousands of findings of a 10 MB stream (issue
/// 19). The flat list (``all``) is made when a renderer pulls the diagnostics.
struct SchemaFindings: Sendable {
    /// Per document of the stream: its validation findings, sorted, nil when it was not validated; their
    /// ranges are relative to the document's entry in ``bases``.
    var violations: [[YAMLDiagnostic]?]
    /// Per document of the stream: the UTF-8 offset its ``violations``' ranges are relative to (empty: 0 for
    /// every document).
    var bases: [Int]
    /// Problems with the schemas used (not loadable, invalid, a reference not followed, keywords ignored),
    /// each at a document's first line or its modeline: UTF-8 byte offsets in the whole text, sorted.
    var loadProblems: [YAMLDiagnostic]

    /// No findings, for `documents` documents.
    init(documents: Int = 0) {
        violations = [[YAMLDiagnostic]?](repeating: nil, count: documents)
        bases = []
        loadProblems = []
    }

    /// The offset document `i`'s findings are relative to.
    func base(_ i: Int) -> Int { i < bases.count ? bases[i] : 0 }

    /// Makes `base` the offset document `i`'s findings are relative to.
    mutating func setBase(_ i: Int, _ base: Int) {
        if bases.isEmpty {
            if base == 0 { return }
            bases = [Int](repeating: 0, count: violations.count)
        }
        bases[i] = base
    }

    /// True when there are no findings at all.
    var isEmpty: Bool { loadProblems.isEmpty && !violations.contains { $0?.isEmpty == false } }

    /// Every finding, positioned in the whole text and sorted by position, then code (the order of every
    /// published list). Linear in the number of findings: made once per pull, not per keystroke.
    var all: [YAMLDiagnostic] {
        var out: [YAMLDiagnostic] = []
        out.reserveCapacity(loadProblems.count + violations.reduce(0) { $0 + ($1?.count ?? 0) })
        // The documents are disjoint and in order, each sorted inside: their concatenation is sorted unless
        // two findings meet at a boundary out of order (checked where each document's findings begin).
        var sorted = true
        for i in violations.indices {
            guard let found = violations[i], !found.isEmpty else { continue }
            let first = out.count, base = base(i)
            if base == 0 {
                out += found
            } else {
                for var d in found {
                    d.range = d.range.shifted(by: base)
                    out.append(d)
                }
            }
            if sorted, first > 0, DiagnosticsCollector.precedes(out[first], out[first - 1]) { sorted = false }
        }
        if !loadProblems.isEmpty {
            out += loadProblems
            sorted = false
        }
        if !sorted { DiagnosticsCollector.sort(&out) }
        return out
    }

    /// True when ``all`` of `self` and of `other` are equal. Documents whose findings are the same array
    /// at the same base (those a keystroke kept) are compared without reading their findings; the flat
    /// lists are compared only when that does not settle it.
    func hasSameDiagnostics(as other: SchemaFindings) -> Bool {
        if violations.count == other.violations.count, loadProblems == other.loadProblems,
           !violations.indices.contains(where: { i in
               guard let found = violations[i], !found.isEmpty else { return other.violations[i]?.isEmpty == false }
               return base(i) != other.base(i) || other.violations[i] != found
           }) {
            return true
        }
        return all == other.all
    }
}
