import YAMLComposer
import YAMLParser
import YAMLSyntax

/// One immutable version of one document, with everything computed from its text.
///
/// Parse, composition and diagnostics are computed when the snapshot is made; other surfaces
/// (outline, formatting) are computed by the model on request from these fields.
public struct DocumentSnapshot: Sendable {
    public let uri: DocumentURI
    /// The editor's version number (not necessarily consecutive; 0 for the CLI).
    public let version: Int
    /// The text as UTF-8 bytes, exactly as received.
    public let bytes: [UInt8]
    /// Line/column lookup for `bytes`.
    public let lineIndex: LineIndex
    /// The lossless tree, events and syntax errors.
    public let parse: ParseResult
    /// The representation graphs and composition errors.
    public let composition: Composition
    /// All diagnostics, sorted by position.
    public let diagnostics: [YAMLDiagnostic]
    /// False when the text is larger than the full-analysis limit: it was parsed only, ``composition`` is
    /// empty, and the diagnostics are the syntax errors plus one `file-too-large` note.
    public let isFullyAnalyzed: Bool

    /// Parses, composes and checks `bytes`; when `bytes` has more than `fullAnalysisLimit` bytes, only
    /// parses and checks the syntax (see ``Settings/maxFileSize``).
    public init(uri: DocumentURI, version: Int, bytes: [UInt8], fullAnalysisLimit: Int = Settings.defaultMaxFileSize) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        self.lineIndex = LineIndex(bytes)
        let parse = Parser.parse(bytes)
        self.parse = parse
        isFullyAnalyzed = bytes.count <= fullAnalysisLimit
        if isFullyAnalyzed {
            let composition = Composer.compose(parse)
            self.composition = composition
            self.diagnostics = DiagnosticsCollector.collect(parse: parse, composition: composition)
        } else {
            composition = Composition(documents: [], errors: [])
            diagnostics = DiagnosticsCollector.collectSyntaxOnly(parse: parse, limit: fullAnalysisLimit)
        }
    }

    /// The text as a String (invalid UTF-8 repaired with U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

extension DocumentSnapshot {
    /// The position of byte `offset` as people read it: 1-based line and 1-based column counted in
    /// Unicode characters (scalars), the way editors' status bars and yamllint show them. A BOM at the
    /// start of the text is not counted.
    public func humanPosition(of offset: Int) -> (line: Int, column: Int) {
        let p = lineIndex.position(of: offset, encoding: .utf32)
        var column = p.column
        if p.line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { column -= 1 }
        return (p.line + 1, column + 1)
    }
}
