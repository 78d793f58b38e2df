import YAMLParser
import YAMLSyntax

/// What the document model's lint fixes need to know about a rule's view of a text, answered with the
/// rule's own logic: the indentation width `indentation` works with, the order `key-ordering` wants,
/// and which characters a quoted scalar may hold in each style.
public enum LintFixSupport {
    /// The indentation width `indentation` checks `parse` against: its `spaces` option, or, for
    /// `spaces: consistent`, the width the rule learns from the first indented line (nil when the text
    /// has no indented block and the option is `consistent`, or when the rule is off).
    public static func indentationWidth(_ parse: ParseResult, configuration: LintConfiguration,
                                        lineIndex: LineIndex? = nil) -> Int? {
        guard let options = configuration.rules[.indentation]?.options else { return nil }
        if let fixed = options["spaces"]?.int { return fixed }
        let text = lineIndex.map(LintText.init) ?? LintText(parse.tree.bytes)
        return LintStream.run(text: text, parse: parse) { stream in
            var rule = IndentationRule(options: options)
            var ignored: [LintStream.Problem] = []
            var i = 0
            while stream.ensure(i) {
                rule.check(stream, i, &ignored)
                if let learnt = rule.learntSpaces { return learnt }
                ignored.removeAll(keepingCapacity: true)
                i += 1
            }
            return nil
        }
    }

    /// The order `key-ordering` accepts for one mapping's keys (their values, in document order): a
    /// permutation of `keys.indices` that sorts the keys by code point (the C-locale `strcoll` yamllint
    /// uses) and leaves every key matching `ignored-keys` in its place.
    public static func keyOrder(_ keys: [String], configuration: LintConfiguration) -> [Int] {
        let ignored = (configuration.rules[.keyOrdering]?.options["ignored-keys"]?.strings ?? []).map(LintPattern.init)
        let isIgnored = keys.map { key in ignored.contains { $0.search(key) } }
        let movable = keys.indices.filter { !isIgnored[$0] }
        let sorted = movable.sorted { a, b in
            KeysRule.collatesBefore(keys[a], keys[b]) || (keys[a] == keys[b] && a < b)
        }
        var order = Array(keys.indices)
        for (slot, index) in zip(movable, sorted) { order[slot] = index }
        return order
    }

    /// True when every character of `value` may appear in a quoted scalar without an escape (PyYAML's
    /// printable set, YAML 1.2.2 §5.1 `c-printable`, minus line breaks): what a single-quoted
    /// scalar written on one line can hold.
    public static func fitsOneLineSingleQuoted(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { c in
            ValueRule.isPrintable(c) && c != "\n" && c != "\r" && c != "\u{85}" && c != "\u{2028}" && c != "\u{2029}"
                && c != "\u{FEFF}"
        }
    }
}
