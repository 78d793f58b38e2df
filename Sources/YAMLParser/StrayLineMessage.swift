/// Messages for a stray line inside a block sequence (YAML 1.2.2 §8.2.1: every line at a block
/// sequence's indentation starts with a `-` entry indicator followed by white space).
enum StrayLineMessage {
    /// For `-b` where an entry was meant: the `-` needs a space after it to be an indicator.
    static func dashWithoutSpace(_ word: String) -> String {
        "Expected a space after '-' to start a block sequence entry; '\(excerpt(word))' is read as a plain scalar, because '-' is an entry indicator only when white space follows it (§8.2.1)."
    }

    /// For a line holding `what` (`the scalar 'x'`, `the anchor '&a'`, ...) at the indentation of the
    /// block sequence opened at line `openedAt` (1-based).
    static func notAnEntry(_ what: String, openedAt line: Int) -> String {
        "Expected a '- ' entry of the block sequence opened at line \(line), but found \(what); each line at this indentation of a block sequence starts with '- ' (§8.2.1)."
    }

    /// For a node property (`&a`, `!t`) alone on such a line.
    static func loneProperty(_ property: String, openedAt line: Int) -> String {
        "Expected a '- ' entry of the block sequence opened at line \(line), but found '\(excerpt(property))' alone on its line; put it after the '- ' of the entry it belongs to, as in '- \(excerpt(property)) value' (§6.9, §8.2.1)."
    }

    /// `text` up to its first line break, at most 40 characters (`…` marks a cut).
    static func excerpt(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        return line.count > 40 || line.count < text.count ? String(line.prefix(40)) + "…" : text
    }
}
