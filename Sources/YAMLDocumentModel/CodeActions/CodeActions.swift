import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Quick fixes, style rewrites and "fix all" for a snapshot. Every candidate is checked by applying its
/// edits and parsing the result again: a fix must remove its diagnostic without adding errors, and a
/// candidate that claims to keep the data (anchor removal, style conversion) must compose to the same
/// JSON data in every document (YAML 1.2.2 §3.2.1 representation, compared through ``JSONProjection``).
/// Candidates that fail the check are not offered.
enum CodeActions {
    /// Longest one-line flow collection produced by "convert to flow style", in bytes.
    static let maxFlowLength = 120
    /// Largest document (in bytes) for which style rewrites are offered: each is verified by parsing the
    /// whole edited text, and editors ask for code actions at every cursor move.
    static let maxRewriteBytes = 512 * 1024

    /// `verifier` checks candidates of `snapshot` (see ``FixVerifier``).
    static func actions(_ snapshot: DocumentSnapshot, range: TextRange, only: Set<CodeActionCandidate.Kind>?,
                        indentWidth: Int, verifier: FixVerifier) -> [CodeActionCandidate] {
        func wanted(_ k: CodeActionCandidate.Kind) -> Bool { only?.contains(k) ?? true }
        var out: [CodeActionCandidate] = []
        if wanted(.quickFix) {
            for d in snapshot.diagnostics where d.range.overlaps(range) {
                if let fix = quickFix(snapshot, d, indentWidth: indentWidth, verifier: verifier) { out.append(fix) }
            }
        }
        if wanted(.refactorRewrite) && snapshot.bytes.count <= maxRewriteBytes {
            out += rewrites(snapshot, at: range.start, indentWidth: indentWidth, verifier: verifier)
        }
        // A source action: computed only when asked for by kind (e.g. on save), not at every cursor move.
        if only?.contains(.sourceFixAll) == true, let all = fixAll(snapshot, indentWidth: indentWidth) { out.append(all) }
        return out
    }

    // MARK: Quick fixes

    static func quickFix(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, indentWidth: Int, verifier v: FixVerifier) -> CodeActionCandidate? {
        guard let (fix, requirement) = unverifiedQuickFix(s, d, indentWidth: indentWidth), v.verify(fix.edits, requirement) else {
            return nil
        }
        return fix
    }

    /// The quick fix for core diagnostic `d` before verification, with what its verification requires;
    /// nil when there is none. Cheap: no parse.
    static func unverifiedQuickFix(_ s: DocumentSnapshot, _ d: YAMLDiagnostic,
                                   indentWidth: Int) -> (CodeActionCandidate, FixVerifier.Requirement)? {
        switch d.code {
        case "tab-indentation":
            let edits = tabEdits(s, d, indentWidth: indentWidth)
            guard !edits.isEmpty else { return nil }
            return (CodeActionCandidate(title: "Indent with spaces instead of tabs", kind: .quickFix, edits: edits,
                                        diagnostic: d, isPreferred: true),
                    FixVerifier.Requirement(removesCore: d.code, keepsData: false))
        case "duplicate-key":
            guard let edit = duplicateKeyEdit(s, d) else { return nil }
            return (CodeActionCandidate(title: "Remove this duplicate entry", kind: .quickFix, edits: [edit], diagnostic: d),
                    FixVerifier.Requirement(removesCore: d.code, keepsData: false))
        case UnusedAnchors.code:
            let name = s.tree.text(d.range)
            return (CodeActionCandidate(title: "Remove unused anchor \(name)", kind: .quickFix, edits: [unusedAnchorEdit(s, d)],
                                        diagnostic: d, isPreferred: true),
                    FixVerifier.Requirement(removesCore: d.code, keepsData: true))
        default:
            return nil
        }
    }

    /// The diagnostic's line indentation (and the diagnostic's bytes) with tabs expanded to spaces at
    /// multiples of `indentWidth`.
    static func tabEdits(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, indentWidth: Int) -> [TextReplacement] {
        let bytes = s.bytes
        let line = s.lineIndex.line(containing: d.range.start)
        let start = s.lineIndex.lineStart(line)
        let lineEnd = s.lineIndex.lineContentEnd(line)
        var end = start
        // Leading white space and `-`/`?`/`:` indicators, through the end of the diagnostic.
        while end < lineEnd, [0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":")].contains(bytes[end])
                || end < Swift.min(d.range.end, lineEnd) { end += 1 }
        guard bytes[start..<end].contains(0x09) else { return [] }
        var text = ""
        var column = 0
        for b in bytes[start..<end] {
            if b == 0x09 {
                let width = Swift.max(1, indentWidth)
                let n = width - column % width
                text += String(repeating: " ", count: n)
                column += n
            } else {
                text.unicodeScalars.append(Unicode.Scalar(b))
                column += 1
            }
        }
        return [TextReplacement(range: TextRange(start: start, end: end), newText: text)]
    }

    /// Deletes the whole entry whose key is the duplicate: its lines in a block mapping, the entry and one
    /// adjacent `,` in a flow mapping.
    static func duplicateKeyEdit(_ s: DocumentSnapshot, _ d: YAMLDiagnostic) -> TextReplacement? {
        let tree = s.tree
        var node: SyntaxNode? = tree.deepestNode(at: d.range.start)
        while let n = node, n.kind != .mappingEntry { node = n.parent }
        guard let entry = node, let parent = entry.parent, let r = Folding.significantRange(of: entry) else { return nil }
        if parent.kind == .blockMapping {
            let firstLine = s.lineIndex.line(containing: r.start)
            let lastLine = s.lineIndex.line(containing: Swift.max(r.start, r.end - 1))
            let start = s.lineIndex.lineStart(firstLine)
            guard s.bytes[start..<r.start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
            let end = lastLine + 1 < s.lineIndex.lineCount ? s.lineIndex.lineStart(lastLine + 1) : s.bytes.count
            return TextReplacement(range: TextRange(start: start, end: end), newText: "")
        }
        guard parent.kind == .flowMapping else { return nil }
        let tokens = parent.tokens
        if let comma = tokens.first(where: { $0.kind == .flowEntry && $0.range.start >= r.end }) {
            var end = comma.range.end
            while end < s.bytes.count, s.bytes[end] == 0x20 { end += 1 }
            return TextReplacement(range: TextRange(start: r.start, end: end), newText: "")
        }
        if let comma = tokens.last(where: { $0.kind == .flowEntry && $0.range.end <= r.start }) {
            return TextReplacement(range: TextRange(start: comma.range.start, end: r.end), newText: "")
        }
        return nil
    }

    /// Deletes the anchor and the blanks after it (or before it, when it ends its line).
    static func unusedAnchorEdit(_ s: DocumentSnapshot, _ d: YAMLDiagnostic) -> TextReplacement {
        var start = d.range.start
        var end = d.range.end
        while end < s.bytes.count, s.bytes[end] == 0x20 || s.bytes[end] == 0x09 { end += 1 }
        if end >= s.bytes.count || s.bytes[end] == 0x0A || s.bytes[end] == 0x0D || s.bytes[end] == UInt8(ascii: "#") {
            end = d.range.end
            while start > 0, s.bytes[start - 1] == 0x20 || s.bytes[start - 1] == 0x09 { start -= 1 }
        }
        return TextReplacement(range: TextRange(start: start, end: end), newText: "")
    }

    // MARK: Fix all

    /// Tab indentation and unused anchors, all at once (duplicate keys are left: removing one changes data).
    static func fixAll(_ s: DocumentSnapshot, indentWidth: Int) -> CodeActionCandidate? {
        var edits: [TextReplacement] = []
        for d in s.diagnostics {
            switch d.code {
            case "tab-indentation": edits += tabEdits(s, d, indentWidth: indentWidth)
            case UnusedAnchors.code: edits.append(unusedAnchorEdit(s, d))
            default: break
            }
        }
        edits.sort { $0.range < $1.range }
        var merged: [TextReplacement] = []
        for e in edits {
            if let last = merged.last, last.range.end > e.range.start { continue }   // one fix per stretch of text
            merged.append(e)
        }
        guard !merged.isEmpty else { return nil }
        guard let after = reparse(s, merged), errorCount(after) < errorCount(s) || hints(after) < hints(s),
              errorCount(after) <= errorCount(s), !addsCoreDiagnostic(s, after) else { return nil }
        return CodeActionCandidate(title: "Fix all safe problems (tab indentation, unused anchors)", kind: .sourceFixAll,
                                   edits: merged)
    }

    // MARK: Style rewrites

    static func rewrites(_ s: DocumentSnapshot, at offset: Int, indentWidth: Int, verifier v: FixVerifier) -> [CodeActionCandidate] {
        unverifiedRewrites(s, at: offset, indentWidth: indentWidth).filter { v.verify($0.0.edits, $0.1) }.map(\.0)
    }

    /// The style rewrites of the collections at `offset` before verification, each with what its
    /// verification requires (the same data).
    static func unverifiedRewrites(_ s: DocumentSnapshot, at offset: Int,
                                   indentWidth: Int) -> [(CodeActionCandidate, FixVerifier.Requirement)] {
        let tree = s.tree
        let keepsData = FixVerifier.Requirement(keepsData: true)
        var out: [(CodeActionCandidate, FixVerifier.Requirement)] = []
        var outermostFlow: SyntaxNode?
        var innermostBlock: SyntaxNode?
        var node: SyntaxNode? = tree.deepestNode(at: offset)
        while let n = node {
            if n.kind == .flowMapping || n.kind == .flowSequence { outermostFlow = n }
            if innermostBlock == nil && (n.kind == .blockMapping || n.kind == .blockSequence) { innermostBlock = n }
            node = n.parent
        }
        if let flow = outermostFlow, let edit = StyleConversion.toBlock(s, flow, indentWidth: indentWidth) {
            out.append((CodeActionCandidate(title: "Convert to block style", kind: .refactorRewrite, edits: [edit]), keepsData))
        }
        if let block = innermostBlock, let edit = StyleConversion.toFlow(s, block, maxLength: maxFlowLength) {
            out.append((CodeActionCandidate(title: "Convert to flow style", kind: .refactorRewrite, edits: [edit]), keepsData))
        }
        return out
    }

    // MARK: Verification

    /// The text with `edits` applied (see ``TextReplacement/apply(_:to:)``).
    static func apply(_ edits: [TextReplacement], to bytes: [UInt8]) -> [UInt8] { TextReplacement.apply(edits, to: bytes) }

    static func reparse(_ s: DocumentSnapshot, _ edits: [TextReplacement]) -> DocumentSnapshot? {
        DocumentSnapshot(uri: s.uri, version: s.version, bytes: apply(edits, to: s.bytes))
    }

    static func errorCount(_ s: DocumentSnapshot) -> Int { s.diagnostics.filter { $0.severity == .error }.count }

    /// True when `after` has a core diagnostic (parser, composer or model, any severity: not lint) of a
    /// code more often than `before` does: an edit that adds one (e.g. `insufficient-indentation`, which
    /// strict YAML 1.2 parsers reject) makes the file worse and is not offered, whatever it fixes.
    static func addsCoreDiagnostic(_ before: DocumentSnapshot, _ after: DocumentSnapshot) -> Bool {
        var counts: [String: Int] = [:]
        for d in before.diagnostics { counts[d.code, default: 0] += 1 }
        for d in after.diagnostics {
            counts[d.code, default: 0] -= 1
            if counts[d.code, default: 0] < 0 { return true }
        }
        return false
    }
    static func hints(_ s: DocumentSnapshot) -> Int { s.diagnostics.filter { $0.severity == .hint }.count }

    /// The JSON data of every document, nil when one cannot be projected.
    static func data(_ s: DocumentSnapshot) -> [JSONValue]? {
        var out: [JSONValue] = []
        for d in s.composition.documents {
            guard case .success(let v) = JSONProjection.project(d.root) else { return nil }
            out.append(v)
        }
        return out
    }
}
