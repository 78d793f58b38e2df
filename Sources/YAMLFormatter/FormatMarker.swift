/// A comment that switches formatting off for part of a file. The comment's text after `#` must be
/// exactly the raw value (white space around it is ignored).
public enum FormatMarker: String, Sendable, Hashable {
    /// `# pureyaml-format: off`: the lines from here to the next `on` marker (or the end of the text)
    /// stay byte for byte, marker lines included.
    case off = "pureyaml-format: off"
    /// `# pureyaml-format: on`: ends a region started by ``off``.
    case on = "pureyaml-format: on"
    /// `# pureyaml-format: ignore-file`: anywhere in the text, leaves the whole file untouched.
    case ignoreFile = "pureyaml-format: ignore-file"
}
