import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Turns parser and composer findings into ``YAMLDiagnostic``s, sorted by position.
///
/// Character problems (invalid UTF-8, NUL and other non-printable characters, YAML 1.2.2 §5.1–5.2) are
/// the parser's (its `CharacterCheck` runs over the whole text): the model shows them as they are.
enum DiagnosticsCollector {
    /// The codes of character problems (counted by ``DocumentChunks`` against the parser's cap).
    static let characterCodes = CharacterCheck.codes

    static func syntaxDiagnostics(_ parse: ParseResult) -> [YAMLDiagnostic] {
        syntaxDiagnostics(parse.errors)
    }

    /// The diagnostics of a parse's syntax `errors` (``ParseResult/errors``, ``EventParse/errors``).
    static func syntaxDiagnostics(_ errors: [SyntaxError]) -> [YAMLDiagnostic] {
        errors.map {
            YAMLDiagnostic(range: $0.range, severity: $0.severity == .error ? .error : .warning, code: $0.code, message: $0.message)
        }
    }

    static func collect(parse: ParseResult, composition: Composition) -> [YAMLDiagnostic] {
        var out: [YAMLDiagnostic] = []
        append(parse: parse, composition: composition, to: &out)
        sort(&out)
        return out
    }

    /// Appends the diagnostics of `parse` and its `composition` to `out`, unsorted; the ranges of those
    /// found in the parse (syntax, unused anchors) moved by `parseOffset`, for a parse of a part of the
    /// text starting there whose composition is already positioned in the whole text
    /// (``DocumentByDocumentAnalysis``).
    static func append(parse: ParseResult, composition: Composition, parseOffset: Int = 0, to out: inout [YAMLDiagnostic]) {
        append(parse: parse, errors: composition.errors, parseOffset: parseOffset, to: &out)
    }

    /// ``append(parse:composition:parseOffset:to:)`` with the composition's errors (``Composition/errors``,
    /// or ``CompositionCheck/errors`` of a check made without the graph).
    static func append(parse: ParseResult, errors: [SyntaxError], parseOffset: Int = 0, to out: inout [YAMLDiagnostic]) {
        append(syntax: syntaxDiagnostics(parse), errors: errors, unusedAnchors: UnusedAnchors.diagnostics(parse.tree),
               parseOffset: parseOffset, to: &out)
    }

    /// ``append(parse:errors:parseOffset:to:)`` of a parse made without its tree.
    static func append(parse: EventParse, errors: [SyntaxError], parseOffset: Int = 0, to out: inout [YAMLDiagnostic]) {
        append(syntax: syntaxDiagnostics(parse.errors), errors: errors,
               unusedAnchors: UnusedAnchors.diagnostics(parse.syntax, bytes: parse.bytes), parseOffset: parseOffset, to: &out)
    }

    /// ``append(syntax:errors:unusedAnchors:to:)`` with the parse's findings (`syntax`, `unusedAnchors`) moved
    /// by `parseOffset`.
    private static func append(syntax: [YAMLDiagnostic], errors: [SyntaxError], unusedAnchors: [YAMLDiagnostic], parseOffset: Int,
                               to out: inout [YAMLDiagnostic]) {
        func shifted(_ found: [YAMLDiagnostic]) -> [YAMLDiagnostic] {
            parseOffset == 0 ? found : found.map { var d = $0; d.range = d.range.shifted(by: parseOffset); return d }
        }
        append(syntax: shifted(syntax), errors: errors, unusedAnchors: shifted(unusedAnchors), to: &out)
    }

    /// Appends `syntax` (the parse's ``syntaxDiagnostics(_:)``), the composition's `errors` and
    /// `unusedAnchors` (``UnusedAnchors/diagnostics(_:)`` of the parse's tree) to `out`, unsorted.
    static func append(syntax: [YAMLDiagnostic], errors: [SyntaxError], unusedAnchors: [YAMLDiagnostic],
                       to out: inout [YAMLDiagnostic]) {
        out += syntax
        for e in errors {
            out.append(YAMLDiagnostic(range: e.range, severity: e.severity == .error ? .error : .warning,
                                      code: e.code, message: e.message))
        }
        out += unusedAnchors
    }

    /// The diagnostics of an edited text of which only `start..<oldEnd` of the old text was checked again:
    /// `old` (sorted) before `start`, then `fresh` (ranges relative to `start`), then those of `old` from
    /// `oldEnd` on moved by `delta` (new length minus old length); sorted.
    static func splice(_ old: [YAMLDiagnostic], start: Int, oldEnd: Int, fresh: [YAMLDiagnostic], delta: Int) -> [YAMLDiagnostic] {
        var out: [YAMLDiagnostic] = []
        out.reserveCapacity(old.count + fresh.count)
        var i = 0
        while i < old.count, old[i].range.start < start { out.append(old[i]); i += 1 }
        for var d in fresh {
            d.range = d.range.shifted(by: start)
            out.append(d)
        }
        while i < old.count, old[i].range.start < oldEnd { i += 1 }
        while i < old.count {
            var d = old[i]
            d.range = d.range.shifted(by: delta)
            out.append(d); i += 1
        }
        sort(&out)
        return out
    }

    /// Sorts diagnostics by range, then code: the order every diagnostics list is published in.
    static func sort(_ diagnostics: inout [YAMLDiagnostic]) {
        diagnostics.sort(by: precedes)
    }

    /// True when `a` comes before `b` in the order of ``sort(_:)``: by range, then code.
    static func precedes(_ a: YAMLDiagnostic, _ b: YAMLDiagnostic) -> Bool {
        a.range != b.range ? a.range < b.range : a.code < b.code
    }

    /// The diagnostics of a text above the full-analysis limit of `limit` bytes: syntax errors, character
    /// problems, and a `file-too-large` note at the start of the text saying what was skipped.
    static func collectSyntaxOnly(parse: ParseResult, limit: Int) -> [YAMLDiagnostic] {
        let bytes = parse.tree.bytes
        var out = syntaxDiagnostics(parse)
        out.append(YAMLDiagnostic(
            range: TextRange(empty: 0), severity: .information, code: "file-too-large",
            message: "This file has \(bytes.count) bytes, more than pureyaml.maxFileSize (\(limit) bytes): only syntax is checked; duplicate keys, aliases, schemas, hints and formatting are skipped."))
        out.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
        return out
    }
}
