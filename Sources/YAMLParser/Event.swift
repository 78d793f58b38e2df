import YAMLSyntax

/// The presentation style of a scalar (YAML 1.2.2 §7.3 flow scalars, §8.1 block scalars).
public enum ScalarStyle: Sendable, Hashable {
    /// Unquoted text (§7.3.3).
    case plain
    /// `'...'` (§7.3.2).
    case singleQuoted
    /// `"..."` with escapes (§7.3.1).
    case doubleQuoted
    /// `|` block scalar (§8.1.2).
    case literal
    /// `>` block scalar (§8.1.3).
    case folded
}

/// The style of a collection: block (indentation) or flow (`[]`/`{}`).
public enum CollectionStyle: Sendable, Hashable {
    /// Indentation-based (§8.2).
    case block
    /// Bracketed: `[...]` or `{...}` (§7.4).
    case flow
}

/// One parse event, as in the yaml-test-suite event notation and YAML 1.2.2 §3.1.2 "Serialization"
/// (the stream of nodes in presentation order).
///
/// `range` is in UTF-8 byte offsets:
/// - `streamStart`/`streamEnd`: empty ranges at the start / end of the text;
/// - `documentStart`: the `---` marker, or an empty range where an implicit document's content starts;
/// - `documentEnd`: the `...` marker, or an empty range where an implicit end falls;
/// - `mappingStart`/`sequenceStart`: from the node's first property or indicator to the end of the
///   collection; `mappingEnd`/`sequenceEnd`: an empty range at the collection's end (after `}`/`]`);
/// - `scalar`: from its first property to the end of its text (quotes and block header included);
///   an empty scalar (§7.2) has an empty range where it would be;
/// - `alias`: the `*name` token.
public struct Event: Sendable, Hashable {
    /// What happened; ranges are described on ``Event``.
    public enum Kind: Sendable, Hashable {
        /// The start of the text (`+STR`).
        case streamStart
        /// The end of the text (`-STR`).
        case streamEnd
        /// `explicit` is true when a `---` marker starts the document. `version` is the `%YAML`
        /// directive's value, if any; `tagDirectives` maps handles to prefixes from `%TAG` directives.
        case documentStart(explicit: Bool, version: String?, tagDirectives: [TagDirective])
        /// `explicit` is true when a `...` marker ends the document.
        case documentEnd(explicit: Bool)
        /// `tag` is the resolved tag (e.g. `tag:yaml.org,2002:str`), nil when the node has none;
        /// `anchor` is the name without `&`.
        case mappingStart(anchor: String?, tag: String?, style: CollectionStyle)
        /// The end of the innermost mapping (`-MAP`).
        case mappingEnd
        /// The start of a sequence; `tag` and `anchor` as for ``mappingStart(anchor:tag:style:)``.
        case sequenceStart(anchor: String?, tag: String?, style: CollectionStyle)
        /// The end of the innermost sequence (`-SEQ`).
        case sequenceEnd
        /// `value` is the scalar's content after escapes, folding and chomping are applied.
        case scalar(value: String, style: ScalarStyle, anchor: String?, tag: String?)
        /// `anchor` is the aliased name without `*`.
        case alias(anchor: String)
    }

    /// What happened.
    public var kind: Kind
    /// Where, in UTF-8 byte offsets (see the type's description).
    public var range: TextRange

    /// Creates an event.
    public init(_ kind: Kind, range: TextRange) { self.kind = kind; self.range = range }
}

/// A `%TAG` directive: `handle` such as `!`, `!!` or `!e!`, and the `prefix` it expands to (§6.8.2).
public struct TagDirective: Sendable, Hashable {
    /// The handle as written, e.g. `!e!`.
    public var handle: String
    /// The prefix the handle stands for, e.g. `tag:example.com,2000:`.
    public var prefix: String
    /// Creates a directive.
    public init(handle: String, prefix: String) { self.handle = handle; self.prefix = prefix }
}
