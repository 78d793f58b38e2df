import YAMLComposer

/// A settings key that ``Settings/apply(_:)`` could not use: it names no setting, or its value has the
/// wrong type or is out of range (the setting then keeps the value it had: the default, for a project file).
public struct SettingsProblem: Sendable, Hashable {
    /// What is wrong with the key.
    public enum Kind: Sendable, Hashable {
        /// The key names no setting (a typo, most often).
        case unknownKey
        /// The key names a setting (or a group of settings, such as `format`), but the value is not one it
        /// takes; `expected` says what it takes ("an integer from 1 to 16").
        case invalidValue(expected: String)
        /// One entry of a setting that holds several (a `yaml.schemas` association) is not of the form the
        /// setting takes; `expected` says what it takes and which entry it is. That entry is skipped, the
        /// others apply.
        case invalidEntry(expected: String)
        /// The value is used, but not all of it can be honoured; `note` says what is done instead (a
        /// `kubernetesVersion` outside the built-in kinds' table).
        case partlyUsed(note: String)
    }

    /// The key as written (dotted, `pureyaml.`/`yaml.` prefix kept).
    public var key: String
    /// The value given.
    public var value: SettingsValue
    /// What is wrong.
    public var kind: Kind

    /// One sentence for a person: "Unknown setting `x`." or "`format.indentWidth` must be an integer from 1
    /// to 16; the value 0 is ignored."
    public var message: String {
        var text = value.jsonText
        if text.count > 40 { text = String(text.prefix(37)) + "..." }
        switch kind {
        case .unknownKey:
            return "Unknown setting `\(key)`; it is ignored."
        case .invalidValue(let expected):
            return "`\(key)` must be \(expected); the value \(text) is ignored."
        case .invalidEntry(let expected):
            return "`\(key)` must be \(expected): \(text) is ignored; the other entries apply."
        case .partlyUsed(let note):
            return "`\(key)` \(text) \(note)."
        }
    }
}
