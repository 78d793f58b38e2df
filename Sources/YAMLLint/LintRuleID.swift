/// yamllint's rules, by id (yamllint 1.38 `yamllint/rules`), with their option types and defaults.
public enum LintRuleID: String, Sendable, Hashable, CaseIterable {
    case anchors
    case braces
    case brackets
    case colons
    case commas
    case comments
    case commentsIndentation = "comments-indentation"
    case documentEnd = "document-end"
    case documentStart = "document-start"
    case emptyLines = "empty-lines"
    case emptyValues = "empty-values"
    case floatValues = "float-values"
    case hyphens
    case indentation
    case keyDuplicates = "key-duplicates"
    case keyOrdering = "key-ordering"
    case lineLength = "line-length"
    case newLineAtEndOfFile = "new-line-at-end-of-file"
    case newLines = "new-lines"
    case octalValues = "octal-values"
    case quotedStrings = "quoted-strings"
    case trailingSpaces = "trailing-spaces"
    case truthy

    /// The rules in yamllint's order (its rule ids sorted): for each token, yamllint runs the token
    /// rules in this order.
    static let ordered: [LintRuleID] = allCases
    /// This rule's place in ``ordered``.
    var ordinal: Int {
        // Literals, so a rule's bit is a constant where the rule is named (LintRun's dispatch).
        switch self {
        case .anchors: return 0
        case .braces: return 1
        case .brackets: return 2
        case .colons: return 3
        case .commas: return 4
        case .comments: return 5
        case .commentsIndentation: return 6
        case .documentEnd: return 7
        case .documentStart: return 8
        case .emptyLines: return 9
        case .emptyValues: return 10
        case .floatValues: return 11
        case .hyphens: return 12
        case .indentation: return 13
        case .keyDuplicates: return 14
        case .keyOrdering: return 15
        case .lineLength: return 16
        case .newLineAtEndOfFile: return 17
        case .newLines: return 18
        case .octalValues: return 19
        case .quotedStrings: return 20
        case .trailingSpaces: return 21
        case .truthy: return 22
        }
    }

    /// The YAML 1.1 boolean spellings the `truthy` rule knows (its `allowed-values` choices).
    static let truthy11 = ["YES", "Yes", "yes", "NO", "No", "no", "TRUE", "True", "true",
                           "FALSE", "False", "false", "ON", "On", "on", "OFF", "Off", "off"]

    /// The rule's options (name -> accepted values and default), as yamllint's `CONF`/`DEFAULT`.
    var optionSpecs: [String: LintOptionSpec] {
        switch self {
        case .anchors:
            return ["forbid-undeclared-aliases": .bool(true), "forbid-duplicated-anchors": .bool(false),
                    "forbid-unused-anchors": .bool(false)]
        case .braces, .brackets:
            return ["forbid": LintOptionSpec(allowsBool: true, choices: ["non-empty"], defaultValue: .bool(false)),
                    "min-spaces-inside": .int(0), "max-spaces-inside": .int(0),
                    "min-spaces-inside-empty": .int(-1), "max-spaces-inside-empty": .int(-1)]
        case .colons:
            return ["max-spaces-before": .int(0), "max-spaces-after": .int(1)]
        case .commas:
            return ["max-spaces-before": .int(0), "min-spaces-after": .int(1), "max-spaces-after": .int(1)]
        case .comments:
            return ["require-starting-space": .bool(true), "ignore-shebangs": .bool(true),
                    "min-spaces-from-content": .int(2)]
        case .commentsIndentation, .newLineAtEndOfFile, .trailingSpaces:
            return [:]
        case .documentEnd, .documentStart:
            return ["present": .bool(true)]
        case .emptyLines:
            return ["max": .int(2), "max-start": .int(0), "max-end": .int(0)]
        case .emptyValues:
            return ["forbid-in-block-mappings": .bool(true), "forbid-in-flow-mappings": .bool(true),
                    "forbid-in-block-sequences": .bool(true)]
        case .floatValues:
            return ["require-numeral-before-decimal": .bool(false), "forbid-scientific-notation": .bool(false),
                    "forbid-nan": .bool(false), "forbid-inf": .bool(false)]
        case .hyphens:
            return ["max-spaces-after": .int(1)]
        case .indentation:
            return ["spaces": LintOptionSpec(allowsInt: true, choices: ["consistent"], defaultValue: .string("consistent")),
                    "indent-sequences": LintOptionSpec(allowsBool: true, choices: ["whatever", "consistent"],
                                                       defaultValue: .bool(true)),
                    "check-multi-line-strings": .bool(false)]
        case .keyDuplicates:
            return ["forbid-duplicated-merge-keys": .bool(false)]
        case .keyOrdering:
            return ["ignored-keys": .list([])]
        case .lineLength:
            return ["max": .int(80), "allow-non-breakable-words": .bool(true),
                    "allow-non-breakable-inline-mappings": .bool(false)]
        case .newLines:
            return ["type": LintOptionSpec(choices: ["unix", "dos", "platform"], defaultValue: .string("unix"))]
        case .octalValues:
            return ["forbid-implicit-octal": .bool(true), "forbid-explicit-octal": .bool(true)]
        case .quotedStrings:
            return ["quote-type": LintOptionSpec(choices: ["any", "single", "double", "consistent"],
                                                 defaultValue: .string("any")),
                    "required": LintOptionSpec(allowsBool: true, choices: ["only-when-needed"], boolChoices: [true, false],
                                               defaultValue: .bool(true)),
                    "extra-required": .list([]), "extra-allowed": .list([]),
                    "allow-quoted-quotes": .bool(false), "check-keys": .bool(false)]
        case .truthy:
            return ["allowed-values": .list(["true", "false"], choices: LintRuleID.truthy11),
                    "check-keys": .bool(true)]
        }
    }

    /// True for rules that look at lines only (not at tokens or comments); they do not depend on the
    /// text being valid YAML.
    public var isLineRule: Bool {
        switch self {
        case .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces: return true
        default: return false
        }
    }

    /// The rule's default options (built once per rule, not per read).
    var defaultOptions: [String: LintOption] { LintRuleID.defaultOptionsByOrdinal[ordinal] }

    /// Every rule's default options, by ``ordinal``.
    private static let defaultOptionsByOrdinal: [[String: LintOption]] = ordered.map { $0.optionSpecs.mapValues(\.defaultValue) }
}
