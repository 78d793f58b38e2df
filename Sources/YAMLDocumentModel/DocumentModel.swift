import YAMLComposer
import YAMLFormatter
import YAMLParser
import YAMLSyntax

/// The engine: holds the open documents and settings, changes them only through ``perform(_:)``, and
/// answers surface queries from immutable snapshots.
///
/// Not thread-safe: a renderer uses one model from one serial context. Snapshots it hands out are
/// immutable values and may cross threads.
public final class DocumentModel {
    /// Open documents by URI.
    public private(set) var snapshots: [DocumentURI: DocumentSnapshot] = [:]
    /// Current settings.
    public private(set) var settings = Settings()
    /// Documents closed since their diagnostics were last pulled (their surface is an empty list).
    private var closed: Set<DocumentURI> = []
    /// yamllint configuration discovery and lint findings (see DocumentModel+Lint.swift).
    var lint = LintState()
    /// Schemas and catalogs requested, delivered and compiled.
    var schemaRegistry = SchemaRegistry()
    /// Schema association and diagnostics per open document.
    var schemaResults: [DocumentURI: SchemaResult] = [:]
    /// The fix verifier of each document's last code-action request (see ``FixVerifier``); dropped when
    /// the document changes or closes.
    var fixVerifiers: [DocumentURI: FixVerifier] = [:]
    /// The code actions offered without edits at each document's current version, for
    /// `codeAction/resolve` (see ``DeferredCodeActions``); dropped when the document changes or closes.
    var deferredActions: [DocumentURI: DeferredCodeActions] = [:]

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Applies `intent` and returns the surface areas whose content changed; renderers re-pull those.
    ///
    /// - `open`, `change`: `.text`, `.diagnostics`, `.outline`, `.formatting` of the document.
    /// - `close`: `.text` and `.diagnostics` (which becomes empty).
    /// - `save`: nothing, unless the saved text differs from the model's; saving a schema in use
    ///   adds `.schemaLoads` (it is loaded again).
    /// - `configure`: `.settings`, plus `.formatting`/`.outline` of every open document; when schema
    ///   settings changed, `.schemaInfo` and `.diagnostics` of documents whose schema findings changed.
    /// - `schemaLoaded`: `.schemaInfo` and `.diagnostics` of documents whose schema findings changed.
    /// Any of them adds `.schemaLoads` when the model now needs schemas it had not asked for before.
    /// A `change` or `save` for a document that is not open changes nothing.
    @discardableResult
    public func perform(_ intent: Intent) -> Set<SurfaceArea> {
        switch intent {
        case let .open(uri, version, text):
            foreignEncodings[uri] = nil
            return replace(uri, version: version, bytes: Array(text.utf8))
        case let .change(uri, version, changes, encoding):
            guard let current = snapshots[uri] else { return [] }
            var bytes = current.bytes
            // The first change is positioned against the current text, whose line index is at hand.
            var index: LineIndex? = current.lineIndex
            for change in changes {
                bytes = Self.apply(change, to: bytes, index: index ?? LineIndex(bytes), encoding: encoding)
                index = nil
            }
            return replace(uri, version: version, bytes: bytes, after: current)
        case let .close(uri):
            guard snapshots.removeValue(forKey: uri) != nil else { return [] }
            fixVerifiers[uri] = nil
            deferredActions[uri] = nil
            foreignEncodings[uri] = nil
            schemaResults[uri] = nil
            closed.insert(uri)
            refreshLint(uri)
            return [.text(uri), .diagnostics(uri)]
        case let .save(uri, text):
            // A saved schema file is loaded again and the documents using it revalidated.
            let schemaAreas = schemaSaved(uri)
            guard let current = snapshots[uri], let text else { return schemaAreas }
            let bytes = Array(text.utf8)
            return bytes == current.bytes ? schemaAreas : replace(uri, version: current.version, bytes: bytes).union(schemaAreas)
        case let .configure(newSettings):
            guard newSettings != settings else { return [] }
            let schemaChanged = newSettings.schema != settings.schema
            settings = newSettings
            var areas: Set<SurfaceArea> = [.settings]
            for (uri, s) in snapshots {
                areas.insert(.formatting(uri)); areas.insert(.outline(uri))
                // A new maxFileSize may move a document across the full-analysis limit.
                if s.isFullyAnalyzed != (s.bytes.count <= newSettings.maxFileSize) {
                    areas.formUnion(replace(uri, version: s.version, bytes: s.bytes))
                } else if relint(uri) {
                    areas.insert(.diagnostics(uri))
                }
            }
            if schemaChanged {
                let requests = schemaRegistry.requestCount
                schemaRegistry.forgetFailures()
                areas.formUnion(refreshAllSchemas())
                areas.insert(.schemaInfo)
                if schemaRegistry.requestCount > requests { areas.insert(.schemaLoads) }
            }
            return areas
        case let .configureLint(environment):
            lint.environment = environment
            return Set(snapshots.keys.filter { relint($0) }.map { SurfaceArea.diagnostics($0) })
        case let .schemaLoaded(uri, result):
            return schemaLoaded(uri, result)
        }
    }

    /// Opens `bytes` (which may be invalid UTF-8, as files on disk can be) as `uri` at version 0.
    /// The command-line renderer's way in; same areas as ``Intent/open(_:version:text:)``.
    ///
    /// A UTF-16 or UTF-32 stream (YAML 1.2.2 §5.2) is checked as its UTF-8 transcoding; formatting such a
    /// document is refused (``formatting(_:request:)``), since writing it back would change its encoding.
    @discardableResult
    public func load(_ uri: DocumentURI, bytes: [UInt8]) -> Set<SurfaceArea> {
        let encoding = SourceEncoding.detect(bytes)
        if encoding == .utf8 { foreignEncodings[uri] = nil } else { foreignEncodings[uri] = encoding }
        return replace(uri, version: 0, bytes: encoding.utf8(bytes))
    }

    /// Documents loaded from UTF-16 or UTF-32 bytes, by URI.
    public private(set) var foreignEncodings: [DocumentURI: SourceEncoding] = [:]

    /// Makes the snapshot of `bytes` (re-checking only what an edit of `previous` touched, when it can),
    /// then lint and schema findings; the parse events are released once those have read them.
    private func replace(_ uri: DocumentURI, version: Int, bytes: [UInt8], after previous: DocumentSnapshot? = nil)
        -> Set<SurfaceArea> {
        let snapshot = previous.map {
            DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: $0, fullAnalysisLimit: settings.maxFileSize)
        } ?? DocumentSnapshot(uri: uri, version: version, bytes: bytes, fullAnalysisLimit: settings.maxFileSize)
        snapshots[uri] = snapshot
        fixVerifiers[uri] = nil
        deferredActions[uri] = nil
        closed.remove(uri)
        refreshLint(uri)
        let requests = schemaRegistry.requestCount
        refreshSchema(uri)
        snapshot.analysis.releaseEvents()
        var areas: Set<SurfaceArea> = [.text(uri), .diagnostics(uri), .outline(uri), .formatting(uri)]
        if schemaRegistry.requestCount > requests { areas.insert(.schemaLoads) }
        return areas
    }

    /// Applies one change to `bytes`. Positions are clamped to the text (LSP 3.17 §"Position": a
    /// character past the line end means the line end); a range whose end precedes its start is
    /// treated as empty at its start.
    static func apply(_ change: TextChange, to bytes: [UInt8], encoding: ColumnEncoding) -> [UInt8] {
        apply(change, to: bytes, index: LineIndex(bytes), encoding: encoding)
    }

    /// ``apply(_:to:encoding:)`` with the line index of `bytes` already built.
    static func apply(_ change: TextChange, to bytes: [UInt8], index: LineIndex, encoding: ColumnEncoding) -> [UInt8] {
        guard let range = change.range else { return Array(change.text.utf8) }
        let start = index.offset(of: range.start, encoding: encoding)
        let end = max(start, index.offset(of: range.end, encoding: encoding))
        var out = bytes
        out.replaceSubrange(start..<end, with: Array(change.text.utf8))
        return out
    }

    // MARK: Surfaces

    /// The snapshot of an open document.
    public func snapshot(_ uri: DocumentURI) -> DocumentSnapshot? { snapshots[uri] }

    /// What to publish for `uri`: the open document's diagnostics (syntax, then schema and lint findings
    /// merged by position) with its version, an empty list (version nil) for a document closed since, and
    /// nil for a document the model never saw. A repeated key that both the core `duplicate-key` check and
    /// lint's `key-duplicates` rule report is published once, as the lint diagnostic (see docs/lint.md).
    public func diagnostics(_ uri: DocumentURI) -> DiagnosticsSurface? {
        if let s = snapshots[uri] {
            var all = s.diagnostics
            let standIns = duplicateKeyStandIns(s)
            if !standIns.isEmpty { all.removeAll { $0.code == LintDiagnostics.duplicateKeyCode && standIns[$0.range] != nil } }
            let extra = (schemaResults[uri]?.diagnostics ?? []) + (lint.diagnostics[uri] ?? [])
            if !extra.isEmpty {
                all += extra
                all.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
            }
            return DiagnosticsSurface(uri: uri, version: s.version, diagnostics: Self.capped(all))
        }
        if closed.contains(uri) { return DiagnosticsSurface(uri: uri, version: nil, diagnostics: []) }
        return nil
    }

    /// At most this many diagnostics are published per document; the rest are summed up in one more.
    public static let maxDiagnosticsPerDocument = 1_000
    /// The diagnostic code of the finding that sums up the diagnostics past ``maxDiagnosticsPerDocument``.
    public static let tooManyFindingsCode = "too-many-findings"

    /// `sorted` (sorted by position) cut to the first ``maxDiagnosticsPerDocument``, plus one finding at
    /// the first one left out that says how many more there are; its severity is the most severe of those
    /// left out, so `check` still fails when an error is among them.
    static func capped(_ sorted: [YAMLDiagnostic]) -> [YAMLDiagnostic] {
        guard sorted.count > maxDiagnosticsPerDocument else { return sorted }
        let rest = sorted[maxDiagnosticsPerDocument...]
        let severity = rest.map(\.severity).min() ?? .information
        var out = Array(sorted.prefix(maxDiagnosticsPerDocument))
        out.append(YAMLDiagnostic(range: TextRange(empty: rest.first!.range.start), severity: severity, code: tooManyFindingsCode,
                                  message: "\(rest.count) more finding\(rest.count == 1 ? "" : "s") in this document \(rest.count == 1 ? "is" : "are") not shown "
                                    + "(at most \(maxDiagnosticsPerDocument) are listed per document)."))
        return out
    }

    /// The outline of an open document (nil when the document is not open). Bounded by
    /// `settings.maxItemsComputed`.
    public func outline(_ uri: DocumentURI) -> OutlineSurface? {
        guard let s = snapshots[uri] else { return nil }
        var builder = OutlineBuilder(limit: settings.maxItemsComputed)
        return builder.build(s)
    }

    /// Formatting edits for an open document (nil when the document is not open): options come from the
    /// settings with `request` on top (an explicit `pureyaml.format.indentWidth` wins over `tabSize`). Documents with syntax errors get no edits.
    public func formatting(_ uri: DocumentURI, request: FormattingRequest = FormattingRequest()) -> FormattingSurface? {
        guard let s = snapshots[uri] else { return nil }
        if let encoding = foreignEncodings[uri] {
            return FormattingSurface(edits: [], refusal: "the file is \(encoding.rawValue); only UTF-8 files are formatted",
                                     formattedText: s.bytes)
        }
        guard settings.formatEnabled else {
            return FormattingSurface(edits: [], refusal: "formatting is disabled in the settings", formattedText: s.bytes)
        }
        guard s.isFullyAnalyzed else {
            return FormattingSurface(edits: [], refusal: "the file is larger than pureyaml.maxFileSize", formattedText: s.bytes)
        }
        return FormattingPlanner.plan(s, options: formatOptions(request))
    }

    /// The effective formatting options for `request`. Precedence, lowest first: defaults, the settings,
    /// the editor's request (`FormattingOptions`), `.editorconfig` (`request.editorConfig`), and last an
    /// explicit `pureyaml.format.indentWidth` (see docs/formatting.md).
    public func formatOptions(_ request: FormattingRequest) -> FormatOptions {
        var o = settings.format
        if let t = request.tabSize, t > 0, t <= 16 { o.indentWidth = t }
        if let v = request.trimTrailingWhitespace { o.trimTrailingWhitespace = v }
        if let v = request.insertFinalNewline { o.insertFinalNewline = v }
        if let v = request.trimFinalNewlines { o.trimFinalNewlines = v }
        if let e = request.editorConfig {
            if let v = e.indentSize { o.indentWidth = v }
            if let v = e.lineBreak { o.lineBreak = v }
            if let v = e.insertFinalNewline { o.insertFinalNewline = v }
            if let v = e.trimTrailingWhitespace { o.trimTrailingWhitespace = v }
        }
        if settings.indentWidthIsExplicit { o.indentWidth = settings.format.indentWidth }
        return o
    }

    /// The parse events of an open document in the yaml-test-suite notation, one per line, and whether
    /// the stream is valid (nil when the document is not open).
    ///
    /// Only syntax errors count here: events are the parser's output (YAML 1.2.2 §3.1.2 "Parse"), so a
    /// composition problem such as a duplicate key (§3.2.1.1) does not stop them being printed.
    public func events(_ uri: DocumentURI) -> (lines: [String], errors: [YAMLDiagnostic])? {
        guard let s = snapshots[uri] else { return nil }
        let syntaxErrors = s.syntaxErrors.filter { $0.severity == .error }.map {
            YAMLDiagnostic(range: $0.range, severity: .error, code: $0.code, message: $0.message)
        }
        return (s.parse.events.map(\.testSuiteNotation), syntaxErrors)
    }
}
