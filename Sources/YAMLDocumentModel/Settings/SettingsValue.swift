import YAMLComposer

/// A JSON value as settings arrive from an editor or a project file (the same type as ``JSONValue``),
/// so renderers can hand settings to the model without knowing the YAML core.
public typealias SettingsValue = JSONValue
