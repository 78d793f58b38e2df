import YAMLLint

/// The code actions offered for one snapshot without their edits (for a client that resolves them, LSP
/// 3.17 §"Code Action Resolve Request"), each under a small identifier, with what resolving it takes.
///
/// Identifiers are stable at one version: a candidate offered again (the same title, kind, diagnostics
/// and unverified edits) gets the identifier it had, so a client may resolve an action from any list
/// it was given at that version. The table belongs to one version and one lint configuration; the model
/// drops it when the text changes and refuses it when the lint configuration differs.
struct DeferredCodeActions {
    /// How an entry becomes a verified candidate.
    enum Resolution {
        /// The entry's unverified edits, checked by the snapshot's ``FixVerifier`` against the requirement.
        case verify(FixVerifier.Requirement)
        /// A group of conflicting lint fixes (sorted by position, unverified): see
        /// ``LintFixes/resolveGroup(_:listed:verifier:)``.
        case lintGroup([CodeActionCandidate])
        /// A schema quick fix: its unverified edits, checked by ``SchemaCodeActions/refusal(_:_:_:)``.
        case schema(SchemaCodeActions.Check)
        /// Fix-all (`source.fixAll.pureyaml`), computed in full when resolved.
        case fixAll
    }

    /// One offered action: the candidate as listed, with its unverified edits (none for fix-all).
    struct Entry {
        var candidate: CodeActionCandidate
        var resolution: Resolution
    }

    /// The version of the snapshot the actions were offered for.
    let version: Int
    /// The lint configuration in force when they were offered (nil: lint off).
    let configuration: LintConfiguration?
    private var ids: [CodeActionCandidate: Int] = [:]
    private var entries: [Entry] = []

    init(version: Int, configuration: LintConfiguration?) {
        self.version = version
        self.configuration = configuration
    }

    /// The identifier of `entry` (1-based), registering it when it is new.
    mutating func register(_ entry: Entry) -> Int {
        if let known = ids[entry.candidate] { return known }
        entries.append(entry)
        ids[entry.candidate] = entries.count
        return entries.count
    }

    /// The entry with identifier `id`, nil when there is none.
    func entry(_ id: Int) -> Entry? {
        id >= 1 && id <= entries.count ? entries[id - 1] : nil
    }
}
