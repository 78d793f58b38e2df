import YAMLSyntax

/// A diagnostic with its start and end resolved to the positions people and report formats use, so a
/// renderer can print it without a line index.
///
/// Lines are 1-based. Each position carries two column counts, both 1-based: ``Position/column`` in
/// Unicode scalars (what editors' status bars, yamllint and GitHub annotations show) and
/// ``Position/utf16Column`` in UTF-16 code units (SARIF 2.1.0 §3.30.2's default `columnKind`). A BOM at
/// the start of the text is not counted. The end is exclusive: it is the position just after the last
/// character of the range (SARIF §3.30.5, "endColumn ... the character following the end").
public struct LocatedDiagnostic: Hashable, Sendable {
    /// A 1-based line with 1-based columns in two units.
    public struct Position: Hashable, Sendable {
        /// 1-based line.
        public var line: Int
        /// 1-based column counted in Unicode scalars.
        public var column: Int
        /// 1-based column counted in UTF-16 code units (an astral character counts 2).
        public var utf16Column: Int

        /// A position from its 1-based parts.
        public init(line: Int, column: Int, utf16Column: Int) {
            self.line = line
            self.column = column
            self.utf16Column = utf16Column
        }
    }

    /// The finding itself (its range is in UTF-8 byte offsets).
    public var diagnostic: YAMLDiagnostic
    /// Where the range starts.
    public var start: Position
    /// Where the range ends (exclusive).
    public var end: Position

    /// Resolves `diagnostic`'s byte range through `snapshot`'s line index.
    public init(_ diagnostic: YAMLDiagnostic, in snapshot: DocumentSnapshot) {
        self.diagnostic = diagnostic
        self.start = Self.position(of: diagnostic.range.start, in: snapshot)
        self.end = Self.position(of: max(diagnostic.range.start, diagnostic.range.end), in: snapshot)
    }

    private static func position(of offset: Int, in snapshot: DocumentSnapshot) -> Position {
        let scalar = snapshot.lineIndex.position(of: offset, encoding: .utf32)
        let utf16 = snapshot.lineIndex.position(of: offset, encoding: .utf16)
        // A BOM (one scalar, one UTF-16 unit) at the very start is not part of the first line's columns.
        let bom = scalar.line == 0 && snapshot.bytes.starts(with: [0xEF, 0xBB, 0xBF]) && offset >= 3 ? 1 : 0
        return Position(line: scalar.line + 1, column: scalar.column - bom + 1, utf16Column: utf16.column - bom + 1)
    }
}

extension DocumentModel {
    /// The diagnostics of an open document with resolved positions, sorted by position (nil when the
    /// document is not open).
    public func locatedDiagnostics(_ uri: DocumentURI) -> [LocatedDiagnostic]? {
        guard let snapshot = snapshot(uri), let surface = diagnostics(uri) else { return nil }
        return surface.diagnostics.map { LocatedDiagnostic($0, in: snapshot) }
    }

    /// What `check` reports for an open document (``CheckTally/reports(_:)``: every diagnostic but hints),
    /// with resolved positions, sorted by position; nil when the document is not open.
    public func checkFindings(_ uri: DocumentURI) -> [LocatedDiagnostic]? {
        locatedDiagnostics(uri)?.filter { CheckTally.reports($0.diagnostic.severity) }
    }
}
