/// The token types of PureYAML's semantic tokens: LSP 3.17 standard `SemanticTokenTypes` names, in legend
/// order (the raw value is the index sent on the wire). docs/semantic-tokens.md explains each choice.
public enum SemanticTokenType: Int, CaseIterable, Hashable, Sendable {
    /// A mapping key (`property`).
    case property
    /// A string scalar, quoted or plain, and block scalar content (`string`).
    case string
    /// An int or float scalar of the core schema (`number`).
    case number
    /// A bool or null scalar of the core schema (`keyword`).
    case keyword
    /// An anchor `&a` (with modifier `declaration`) or an alias `*a` (`variable`).
    case variable
    /// A tag such as `!!str` or `!local` (`type`).
    case type
    /// A comment (`comment`).
    case comment
    /// A directive `%YAML`/`%TAG` (`macro`).
    case macro
    /// A document marker `---`/`...` or a block scalar header `|`/`>` (`operator`).
    case `operator`

    /// The LSP name of the type.
    public var name: String {
        switch self {
        case .property: return "property"
        case .string: return "string"
        case .number: return "number"
        case .keyword: return "keyword"
        case .variable: return "variable"
        case .type: return "type"
        case .comment: return "comment"
        case .macro: return "macro"
        case .operator: return "operator"
        }
    }

    /// The modifier names in legend order: bit `1 << i` of ``SemanticToken/modifiers`` is `modifierNames[i]`.
    public static let modifierNames = ["declaration"]
}
