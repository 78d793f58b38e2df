/// Why a rename (or a prepare-rename) of an anchor was refused.
public enum RenameRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The position is not on an anchor or on an alias bound to one.
    case notAnAnchor
    /// The new name is not a valid anchor name (YAML 1.2.2 §6.9.2 ns-anchor-char); carries the name.
    case invalidName(String)
    /// The new name would make an alias refer to another anchor, or bind an undefined alias (YAML 1.2.2
    /// §7.1: an alias names the nearest earlier anchor of its name); carries the name.
    case changesBinding(String)

    /// One sentence for the user.
    public var description: String {
        switch self {
        case .notAnAnchor:
            return "Only an anchor (&name) or an alias bound to one (*name) can be renamed here."
        case .invalidName(let name):
            return "'\(name)' is not a valid anchor name: use at least one character and no spaces, line breaks "
                + "or flow indicators , [ ] { } (YAML 1.2.2 §6.9.2)."
        case .changesBinding(let name):
            return "Renaming to '\(name)' would change which anchor an alias refers to, because another anchor or "
                + "alias is already named '\(name)'; choose another name."
        }
    }
}
