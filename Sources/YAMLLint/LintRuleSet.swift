/// The rules of one configuration, ready to run: each enabled token rule in its initial state, the
/// tables saying which rules look at which tokens, each rule's level, and the comment and line rules.
/// Made once per configuration (``LintConfiguration``) and copied for each run (``LintRun``), so a run
/// does not read the rule options again.
struct LintRuleSet: Sendable {
    /// The ids of the enabled rules (for `# yamllint disable` without rule names).
    let allRules: Set<String>
    // The token rules, one optional per rule id (each id is enabled at most once): the per-token calls
    // are direct and mutate the rule in place (no array element, so no uniqueness check).
    var anchors: KeysRule?, keyDuplicates: KeysRule?, keyOrdering: KeysRule?
    var braces: SpacingRule?, brackets: SpacingRule?, colons: SpacingRule?, commas: SpacingRule?,
        hyphens: SpacingRule?
    var documentEnd: DocumentMarkerRule?, documentStart: DocumentMarkerRule?
    var emptyValues: ValueRule?, floatValues: ValueRule?, octalValues: ValueRule?,
        quotedStrings: ValueRule?, truthy: ValueRule?
    var indentation: IndentationRule?
    /// Per token kind (``LintToken/Kind/rawValue``), the enabled token rules that look at it, as bits
    /// numbered by ``LintRuleID/ordinal``: walking the bits upwards runs them in yamllint's order.
    var rulesByKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    /// The same for the kind of the next token (``TokenLintRule/concernsTokenBefore(_:_:)``) and of the
    /// previous token (``TokenLintRule/concernsTokenAfter(_:_:)``).
    var rulesByNextKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    var rulesByPreviousKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    /// Each rule's level, by ``LintRuleID/ordinal``.
    var levels = [LintLevel](repeating: .error, count: LintRuleID.allCases.count)
    /// Each rule's id as a string (its `rawValue`), by ``LintRuleID/ordinal``: a finding's rule is
    /// read from here, not made per finding.
    let names: [String] = LintRuleID.allCases.map(\.rawValue)
    /// Plain data: copied without reference counting.
    var commentRules: [(LintRuleID, LintLevel, CommentRule)] = []
    /// The line rules, one optional per rule id (called directly, in rule-id order, for each line).
    var emptyLines: LineRule?, lineLength: LineRule?, newLineAtEndOfFile: LineRule?, newLines: LineRule?,
        trailingSpaces: LineRule?

    /// The `enabled` rules, in their initial state.
    init(enabled: [(id: LintRuleID, settings: LintConfiguration.RuleSettings)]) {
        allRules = Set(enabled.map(\.id.rawValue))
        for (id, settings) in enabled {
            let o = settings.options
            levels[id.ordinal] = settings.level
            let kinds: LintRuleKinds
            switch id {
            case .braces, .brackets, .colons, .commas, .hyphens:
                let rule = SpacingRule(id: id, options: o)
                switch id {
                case .braces: braces = rule
                case .brackets: brackets = rule
                case .colons: colons = rule
                case .commas: commas = rule
                default: hyphens = rule
                }
                kinds = SpacingRule.kindTables(id)
            case .documentStart, .documentEnd:
                let rule = DocumentMarkerRule(id: id, present: o["present"]?.bool ?? true)
                if id == .documentStart { documentStart = rule } else { documentEnd = rule }
                kinds = DocumentMarkerRule.kindTables(id)
            case .anchors, .keyDuplicates, .keyOrdering:
                let rule = KeysRule(id: id, options: o)
                switch id {
                case .anchors: anchors = rule
                case .keyDuplicates: keyDuplicates = rule
                default: keyOrdering = rule
                }
                kinds = KeysRule.kindTables(id)
            case .truthy, .octalValues, .floatValues, .emptyValues, .quotedStrings:
                let rule = ValueRule(id: id, options: o)
                switch id {
                case .truthy: truthy = rule
                case .octalValues: octalValues = rule
                case .floatValues: floatValues = rule
                case .emptyValues: emptyValues = rule
                default: quotedStrings = rule
                }
                kinds = ValueRule.kindTables(id)
            case .indentation:
                indentation = IndentationRule(options: o)
                kinds = IndentationRule.kindTables(id)
            case .comments, .commentsIndentation:
                commentRules.append((id, settings.level, CommentRule(id: id, options: o)))
                continue
            case .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces:
                let rule = LineRule(id: id, options: o)
                switch id {
                case .emptyLines: emptyLines = rule
                case .lineLength: lineLength = rule
                case .newLineAtEndOfFile: newLineAtEndOfFile = rule
                case .newLines: newLines = rule
                default: trailingSpaces = rule
                }
                continue
            }
            let bit: UInt32 = 1 << UInt32(id.ordinal)
            for k in rulesByKind.indices {
                if kinds.own & (1 << UInt32(k)) != 0 { rulesByKind[k] |= bit }
                if kinds.next & (1 << UInt32(k)) != 0 { rulesByNextKind[k] |= bit }
                if kinds.previous & (1 << UInt32(k)) != 0 { rulesByPreviousKind[k] |= bit }
            }
        }
    }

}

/// A configuration's ``LintRuleSet`` for all its rules. It is derived from the configuration's rules,
/// so it takes no part in the configuration's equality and hashing. A class, so copying a configuration
/// retains it once instead of every rule's storage.
final class CompiledLintRules: Sendable, Hashable {
    let all: LintRuleSet

    init(all: LintRuleSet) { self.all = all }

    static func == (a: CompiledLintRules, b: CompiledLintRules) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
