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

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Applies `intent` and returns the surface areas whose content changed; renderers re-pull those.
    ///
    /// - `open`, `change`: `.text`, `.diagnostics`, `.outline`, `.formatting` of the document.
    /// - `close`: `.text` and `.diagnostics` (which becomes empty).
    /// - `save`: nothing, unless the saved text differs from the model's.
    /// - `configure`: `.settings`, plus `.formatting`/`.outline` of every open document.
    /// A `change` or `save` for a document that is not open changes nothing.
    @discardableResult
    public func perform(_ intent: Intent) -> Set<SurfaceArea> {
        switch intent {
        case let .open(uri, version, text):
            return replace(uri, version: version, bytes: Array(text.utf8))
        case let .change(uri, version, changes, encoding):
            guard let current = snapshots[uri] else { return [] }
            var bytes = current.bytes
            for change in changes { bytes = Self.apply(change, to: bytes, encoding: encoding) }
            return replace(uri, version: version, bytes: bytes)
        case let .close(uri):
            guard snapshots.removeValue(forKey: uri) != nil else { return [] }
            closed.insert(uri)
            return [.text(uri), .diagnostics(uri)]
        case let .save(uri, text):
            guard let current = snapshots[uri], let text else { return [] }
            let bytes = Array(text.utf8)
            return bytes == current.bytes ? [] : replace(uri, version: current.version, bytes: bytes)
        case let .configure(newSettings):
            guard newSettings != settings else { return [] }
            settings = newSettings
            var areas: Set<SurfaceArea> = [.settings]
            for (uri, s) in snapshots {
                areas.insert(.formatting(uri)); areas.insert(.outline(uri))
                // A new maxFileSize may move a document across the full-analysis limit.
                if s.isFullyAnalyzed != (s.bytes.count <= newSettings.maxFileSize) {
                    areas.formUnion(replace(uri, version: s.version, bytes: s.bytes))
                }
            }
            return areas
        }
    }

    /// Opens `bytes` (which may be invalid UTF-8, as files on disk can be) as `uri` at version 0.
    /// The command-line renderer's way in; same areas as ``Intent/open(_:version:text:)``.
    @discardableResult
    public func load(_ uri: DocumentURI, bytes: [UInt8]) -> Set<SurfaceArea> {
        replace(uri, version: 0, bytes: bytes)
    }

    private func replace(_ uri: DocumentURI, version: Int, bytes: [UInt8]) -> Set<SurfaceArea> {
        snapshots[uri] = DocumentSnapshot(uri: uri, version: version, bytes: bytes, fullAnalysisLimit: settings.maxFileSize)
        closed.remove(uri)
        return [.text(uri), .diagnostics(uri), .outline(uri), .formatting(uri)]
    }

    /// Applies one change to `bytes`. Positions are clamped to the text (LSP 3.17 §"Position": a
    /// character past the line end means the line end); a range whose end precedes its start is
    /// treated as empty at its start.
    static func apply(_ change: TextChange, to bytes: [UInt8], encoding: ColumnEncoding) -> [UInt8] {
        guard let range = change.range else { return Array(change.text.utf8) }
        let index = LineIndex(bytes)
        let start = index.offset(of: range.start, encoding: encoding)
        let end = max(start, index.offset(of: range.end, encoding: encoding))
        var out = bytes
        out.replaceSubrange(start..<end, with: Array(change.text.utf8))
        return out
    }

    // MARK: Surfaces

    /// The snapshot of an open document.
    public func snapshot(_ uri: DocumentURI) -> DocumentSnapshot? { snapshots[uri] }

    /// What to publish for `uri`: the open document's diagnostics with its version, an empty list
    /// (version nil) for a document closed since, and nil for a document the model never saw.
    public func diagnostics(_ uri: DocumentURI) -> DiagnosticsSurface? {
        if let s = snapshots[uri] { return DiagnosticsSurface(uri: uri, version: s.version, diagnostics: s.diagnostics) }
        if closed.contains(uri) { return DiagnosticsSurface(uri: uri, version: nil, diagnostics: []) }
        return nil
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
        guard settings.formatEnabled else {
            return FormattingSurface(edits: [], refusal: "formatting is disabled in the settings", formattedText: s.bytes)
        }
        guard s.isFullyAnalyzed else {
            return FormattingSurface(edits: [], refusal: "the file is larger than pureyaml.maxFileSize", formattedText: s.bytes)
        }
        return FormattingPlanner.plan(s, options: formatOptions(request))
    }

    /// The effective formatting options for `request`.
    public func formatOptions(_ request: FormattingRequest) -> FormatOptions {
        var o = settings.format
        if let t = request.tabSize, t > 0, t <= 16, !settings.indentWidthIsExplicit { o.indentWidth = t }
        if let v = request.trimTrailingWhitespace { o.trimTrailingWhitespace = v }
        if let v = request.insertFinalNewline { o.insertFinalNewline = v }
        if let v = request.trimFinalNewlines { o.trimFinalNewlines = v }
        return o
    }

    /// The parse events of an open document in the yaml-test-suite notation, one per line, and whether
    /// the stream is valid (nil when the document is not open).
    public func events(_ uri: DocumentURI) -> (lines: [String], errors: [YAMLDiagnostic])? {
        guard let s = snapshots[uri] else { return nil }
        return (s.parse.events.map(\.testSuiteNotation), s.diagnostics.filter { $0.severity == .error })
    }
}
