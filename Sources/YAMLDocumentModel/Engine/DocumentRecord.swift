import YAMLFormatter
import YAMLLint

/// Everything the model knows about one open document, created by open and dropped, whole, by close.
///
/// Values that are pure functions of the snapshot (and its lint configuration) and expensive to make —
/// the fix verifier, the pulled surfaces — are computed when first asked for and kept in
/// ``memo``, which a new snapshot replaces: a query filling it changes no answer, only how fast the next
/// one comes.
struct DocumentRecord {
    /// The current text and its analysis.
    var snapshot: DocumentSnapshot
    /// The encoding of the bytes the document was opened from when it was not UTF-8 (``Intent/openFile(_:bytes:)``).
    var foreignEncoding: SourceEncoding?
    /// Schema association and validation of the current snapshot (nil until computed).
    var schema: DocumentModel.SchemaResult?
    /// Lint configuration and findings of the current snapshot.
    var lint = DocumentLint()
    /// Values computed once per snapshot on demand.
    var memo = SnapshotMemo()
    /// The settings that apply: the renderer's with the project settings file on top.
    var settings: Settings
    /// The project settings file found for the document (nil: not a file, or nothing looked for).
    var project: ProjectSettingsLookup.Outcome?

    init(snapshot: DocumentSnapshot, settings: Settings, project: ProjectSettingsLookup.Outcome?) {
        self.snapshot = snapshot
        self.settings = settings
        self.project = project
    }

    /// Per document of the stream, the title of its loaded schema, which may name it in the outline
    /// (``DocumentTitle``); empty when no document has one.
    var schemaTitles: [String?] {
        guard let titles = schema?.schemaTitles, titles.contains(where: { $0 != nil }) else { return [] }
        return titles
    }
}

/// One open document's lint state.
struct DocumentLint {
    /// The configuration the document was checked with (nil: lint is off or its configuration is broken).
    var configuration: LintConfiguration?
    /// The document's path relative to its configuration's directory (for `ignore` patterns when fix-all
    /// lints its intermediate texts); nil when there is none.
    var relativePath: String?
    /// Lint findings.
    var findings: [LintFinding] = []
    /// Lint diagnostics (findings and configuration problems).
    var diagnostics: [YAMLDiagnostic] = []
    /// The snapshot analysis the findings were made for (``DocumentSnapshot/analysis``), whether its text
    /// holds `yamllint` (a directive comment may; nil: not looked for yet): what a keystroke's lint starts
    /// from (``IncrementalLint``), and whether they were made from the previous ones by ``IncrementalLint``.
    var linted: (analysis: ObjectIdentifier, mentionsYamllint: Bool?, incrementally: Bool)?
    /// How many times the lint diagnostics changed without the text changing (settings or configuration
    /// files), so pull-diagnostics result ids change with them; nil until that happens.
    var generation: Int?
}

/// Per-snapshot values computed when first asked for (see ``DocumentRecord``). A reference, so that a
/// query can fill it without changing the model; replaced whole when the snapshot changes.
final class SnapshotMemo {
    /// The verifier of the snapshot's fix candidates (see ``FixVerifier``).
    var fixVerifier: FixVerifier?
    /// What the verifiers of earlier snapshots of the document knew of their chunks (``FixVerifier/ChunkBaselines``):
    /// the next verifier reuses those whose chunk it finds unchanged.
    var earlierChunkBaselines: FixVerifier.ChunkBaselines?

    init(after earlier: SnapshotMemo? = nil) {
        earlierChunkBaselines = earlier.flatMap { $0.fixVerifier?.handedOn ?? $0.earlierChunkBaselines }
    }
    /// The whole-document formatting surface last made for the snapshot, with the options it was made under.
    private var formatted: (options: FormatOptions, surface: FormattingSurface)?

    /// The formatting surface of the snapshot under `options`: the kept one, or `make()`'s, kept for the next
    /// request (format on save and an editor's format command ask again at one version).
    func formatting(_ options: FormatOptions, _ make: () -> FormattingSurface) -> FormattingSurface {
        if let kept = formatted, kept.options == options { return kept.surface }
        let made = make()
        formatted = (options, made)
        return made
    }

    /// Pulled surfaces (outline, folding, links, semantic tokens) by name, with the item limit they were
    /// computed under and what else they depend on besides the snapshot.
    private var surfaces: [String: (limit: Int, inputs: [String?], value: any Sendable)] = [:]

    /// The surface called `name` under `limit` and `inputs` (what else it depends on, such as the schema
    /// titles that name the outline's documents): the kept one, or `make()`'s, kept for the next request.
    func surface<T: Sendable>(_ name: String, limit: Int, inputs: [String?] = [], _ make: () -> T) -> T {
        if let kept = surfaces[name], kept.limit == limit, kept.inputs == inputs, let value = kept.value as? T { return value }
        let value = make()
        surfaces[name] = (limit, inputs, value)
        return value
    }
}
