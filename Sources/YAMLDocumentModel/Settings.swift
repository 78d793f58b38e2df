import YAMLComposer
import YAMLFormatter

/// Settings that apply to every document, read from the editor (`initializationOptions`,
/// `workspace/didChangeConfiguration`, `workspace/configuration`) or from a project file for the CLI.
///
/// Keys use the `pureyaml.*` names; yaml-language-server's `yaml.format.*` names are accepted too so
/// existing configurations keep working. Unknown keys are ignored.
public struct Settings: Sendable, Hashable {
    /// Formatting preferences (the request's `FormattingOptions` are applied on top).
    public var format = FormatOptions()
    /// True when the settings name an indentation width (`pureyaml.format.indentWidth`); it then wins over
    /// the editor's `tabSize`, which is often a general editor default rather than a YAML choice.
    public var indentWidthIsExplicit = false
    /// Whether formatting is offered at all (`yaml.format.enable`).
    public var formatEnabled = true
    /// Whether `textDocument/willSaveWaitUntil` answers with formatting edits (`pureyaml.format.onSave`,
    /// default false: editors have their own format-on-save switch, which uses `textDocument/formatting`).
    public var formatOnSave = false
    /// Cap on the items computed for one document and request (`pureyaml.maxItemsComputed`, default 5000):
    /// outline entries, folding ranges (the first by start line), semantic tokens (the first in text order)
    /// and document links. A capped surface says it was truncated.
    public var maxItemsComputed = 5000
    /// yamllint-compatible lint (`pureyaml.lint.enable`): nil (unset) lints only documents with a yamllint
    /// configuration file; true also lints the others with ``lintPreset``; false turns lint off.
    public var lintEnabled: Bool? = nil
    /// The preset used when ``lintEnabled`` is true and no configuration file applies
    /// (`pureyaml.lint.preset`: `default` or `relaxed`).
    public var lintPreset = "default"
    /// Schema association and validation (`yaml.schemas`, `yaml.schemaStore.*`, `pureyaml.schema.*`, ...).
    public var schema = SchemaSettings()
    /// 20 MiB: the default of ``maxFileSize``.
    public static let defaultMaxFileSize = 20 << 20
    /// The largest document, in UTF-8 bytes, that gets full analysis (`pureyaml.maxFileSize`, default
    /// 20 MiB). A larger document is only parsed: it gets syntax diagnostics and a `file-too-large` note,
    /// but no composition (duplicate keys, aliases), no hints and no formatting.
    public var maxFileSize = Settings.defaultMaxFileSize

    public init() {}

    /// The settings an editor session starts with, before the client's own: as in yaml-language-server,
    /// the SchemaStore catalog is on (the command line leaves it off), and the workspace folders are those
    /// the editor named.
    public static func editorDefaults(workspaceFolders: [DocumentURI]) -> Settings {
        var s = Settings()
        s.schema.schemaStoreEnabled = true
        s.schema.workspaceFolders = workspaceFolders
        return s
    }

    /// Reads settings from a JSON object such as `{"pureyaml": {...}, "yaml": {...}}`, or the inner objects
    /// themselves, or a flat object with dotted keys (`"pureyaml.format.printWidth": 80`). Values of the
    /// wrong type are ignored (the default stays).
    public init(json: JSONValue) {
        self.init()
        apply(json)
    }

    /// Overlays the values present in `json` onto these settings (see ``init(json:)``).
    public mutating func apply(_ json: JSONValue) {
        let flat = Self.flatten(json, prefix: "")
        for (key, value) in flat {
            let k = key.hasPrefix("pureyaml.") ? String(key.dropFirst(9))
                : key.hasPrefix("yaml.") ? String(key.dropFirst(5)) : key
            switch (k, value) {
            case ("format.enable", .bool(let b)): formatEnabled = b
            case ("format.indentWidth", .integer(let i)) where i > 0 && i <= 16:
                format.indentWidth = Int(i)
                indentWidthIsExplicit = true
            case ("format.maxBlankLines", .integer(let i)) where i >= 0: format.maxBlankLines = Int(i)
            case ("format.singleQuote", .bool(let b)): format.singleQuote = b
            case ("format.bracketSpacing", .bool(let b)): format.bracketSpacing = b
            case ("format.printWidth", .integer(let i)) where i >= 0: format.printWidth = Int(i)
            case ("format.sequenceIndent", .string(let s)):
                if let v = FormatOptions.SequenceIndent(rawValue: s) { format.sequenceIndent = v }
            case ("format.proseWrap", .string(let s)): if let v = FormatOptions.ProseWrap(rawValue: s) { format.proseWrap = v }
            case ("format.onSave", .bool(let b)): formatOnSave = b
            case ("maxItemsComputed", .integer(let i)) where i > 0: maxItemsComputed = Int(i)
            case ("lint.enable", .bool(let b)): lintEnabled = b
            case ("lint.preset", .string(let p)): lintPreset = p
            case ("schemas", let v): if let a = SchemaSettings.associations(from: v) { schema.associations = a }
            case ("validate", .bool(let b)): schema.validate = b
            case ("schemaStore.enable", .bool(let b)): schema.schemaStoreEnabled = b
            case ("schemaStore.url", .string(let s)) where !s.isEmpty: schema.schemaStoreURL = s
            case ("schemaDownload.enable", .bool(let b)): schema.downloadEnabled = b
            case ("schema.severity", .string(let s)): if let v = SchemaSettings.severity(s) { schema.severity = v }
            case ("schema.kubernetesSchemaBase", .string(let s)) where !s.isEmpty: schema.kubernetesSchemaBase = s
            case ("maxFileSize", .integer(let i)) where i > 0: maxFileSize = Int(clamping: i)
            default: break
            }
        }
    }

    /// Turns nested objects into dotted keys: `{"a": {"b": 1}}` -> `["a.b": 1]`. A `schemas` object stays
    /// whole: its keys are URLs, which hold dots.
    static func flatten(_ json: JSONValue, prefix: String) -> [(String, JSONValue)] {
        guard case .object(let members) = json else { return prefix.isEmpty ? [] : [(prefix, json)] }
        var out: [(String, JSONValue)] = []
        for m in members {
            let key = prefix.isEmpty ? m.key : prefix + "." + m.key
            if case .object = m.value, m.key != "schemas", !m.key.hasSuffix(".schemas") { out += flatten(m.value, prefix: key) } else { out.append((key, m.value)) }
        }
        return out
    }
}
