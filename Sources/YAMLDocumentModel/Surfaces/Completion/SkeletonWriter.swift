import YAMLSchema

/// Writes the skeleton of a value after `key:` in block style: the required members of a mapping one per
/// line, the `- ` of a sequence (with its item's skeleton), or ` default` for a scalar. In snippet mode each
/// place to fill is a numbered tab stop (`$1`, `${2:default}`), in text order.
struct SkeletonWriter {
    let snippets: Bool
    let indentWidth: Int
    private var nextStop = 1

    init(snippets: Bool, indentWidth: Int) {
        self.snippets = snippets
        self.indentWidth = indentWidth
    }

    /// The text after `key:` for a value of `shape`, the key standing at `column` (spaces).
    mutating func value(_ shape: SchemaValueShape, column: Int) -> String {
        let inner = String(repeating: " ", count: column + indentWidth)
        switch shape {
        case .unknown:
            return " " + place()
        case .scalar(let start):
            guard let start else { return " " + place() }
            let text = ScalarRendering.yaml(start)
            return " " + (snippets ? "${\(stop()):\(ScalarRendering.snippetEscaped(text))}" : text)
        case .object(let required):
            guard !required.isEmpty else { return "\n" + inner + place() }
            return members(required, column: column + indentWidth, first: "\n" + inner)
        case .array(let item):
            return "\n" + inner + "- " + itemText(item, column: column + indentWidth + 2)
        }
    }

    /// The members, each on its own line at `column`; `first` precedes the first one.
    private mutating func members(_ list: [SchemaRequiredMember], column: Int, first: String) -> String {
        var out = ""
        let indent = String(repeating: " ", count: column)
        for (i, m) in list.enumerated() {
            out += (i == 0 ? first : "\n" + indent)
            let name = ScalarRendering.yaml(.string(m.name))
            out += (snippets ? ScalarRendering.snippetEscaped(name) : name) + ":"
            out += value(m.shape, column: column)
        }
        return out
    }

    /// The text after `- ` for an item of `shape`.
    private mutating func itemText(_ shape: SchemaValueShape, column: Int) -> String {
        switch shape {
        case .object(let required) where !required.isEmpty:
            return members(required, column: column, first: "")
        case .scalar(let start?):
            let text = ScalarRendering.yaml(start)
            return snippets ? "${\(stop()):\(ScalarRendering.snippetEscaped(text))}" : text
        default:
            return place()
        }
    }

    private mutating func stop() -> Int {
        defer { nextStop += 1 }
        return nextStop
    }

    /// A numbered tab stop in snippet mode (the cursor ends after the text), nothing in plain text.
    private mutating func place() -> String { snippets ? "$\(stop())" : "" }
}
