import YAMLComposer
import YAMLFormatter

/// Settings that apply to every document, read from the editor (`initializationOptions`,
/// `workspace/didChangeConfiguration`, `workspace/configuration`) or from a project file for the CLI.
///
/// Keys use the `pureyaml.*` names; yaml-language-server's `yaml.format.*` names are accepted too so
/// existing configurations keep working. Unknown keys are ignored here; ``apply(_:)`` returns them.
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

    /// Overlays the values present in `json` onto these settings (see ``init(json:)``) and returns the keys,
    /// as written (dotted, prefix kept), that name no setting. Editors send many settings of their own, so
    /// the language server ignores the result; a project settings file reports it (``ProjectConfiguration``).
    @discardableResult
    public mutating func apply(_ json: JSONValue) -> [String] {
        var unknown: [String] = []
        for (key, value) in Self.flatten(json, prefix: "") {
            let k = Self.settingName(key)
            switch k {
            case "format.enable": if case .bool(let b) = value { formatEnabled = b }
            case "format.indentWidth":
                if case .integer(let i) = value, i > 0 && i <= 16 {
                    format.indentWidth = Int(i)
                    indentWidthIsExplicit = true
                }
            case "format.maxBlankLines": if case .integer(let i) = value, i >= 0 { format.maxBlankLines = Int(i) }
            case "format.singleQuote": if case .bool(let b) = value { format.singleQuote = b }
            case "format.bracketSpacing": if case .bool(let b) = value { format.bracketSpacing = b }
            case "format.printWidth": if case .integer(let i) = value, i >= 0 { format.printWidth = Int(i) }
            case "format.sequenceIndent":
                if case .string(let s) = value, let v = FormatOptions.SequenceIndent(rawValue: s) { format.sequenceIndent = v }
            case "format.proseWrap":
                if case .string(let s) = value, let v = FormatOptions.ProseWrap(rawValue: s) { format.proseWrap = v }
            case "format.onSave": if case .bool(let b) = value { formatOnSave = b }
            case "maxItemsComputed": if case .integer(let i) = value, i > 0 { maxItemsComputed = Int(i) }
            case "lint.enable": if case .bool(let b) = value { lintEnabled = b }
            case "lint.preset": if case .string(let p) = value { lintPreset = p }
            case "schemas": if let a = SchemaSettings.associations(from: value) { schema.associations = a }
            case "validate": if case .bool(let b) = value { schema.validate = b }
            case "schemaStore.enable": if case .bool(let b) = value { schema.schemaStoreEnabled = b }
            case "schemaStore.url": if case .string(let s) = value, !s.isEmpty { schema.schemaStoreURL = s }
            case "schemaDownload.enable": if case .bool(let b) = value { schema.downloadEnabled = b }
            case "schema.severity": if case .string(let s) = value, let v = SchemaSettings.severity(s) { schema.severity = v }
            case "schema.kubernetesSchemaBase":
                if case .string(let s) = value, !s.isEmpty { schema.kubernetesSchemaBase = s }
            case "maxFileSize": if case .integer(let i) = value, i > 0 { maxFileSize = Int(clamping: i) }
            default: unknown.append(key)
            }
        }
        return unknown
    }

    /// The name of every setting ``apply(_:)`` reads, without a `pureyaml.` or `yaml.` prefix (for "did you
    /// mean" suggestions).
    public static let settingNames = [
        "format.enable", "format.indentWidth", "format.maxBlankLines", "format.singleQuote", "format.bracketSpacing",
        "format.printWidth", "format.sequenceIndent", "format.proseWrap", "format.onSave", "maxItemsComputed",
        "lint.enable", "lint.preset", "schemas", "validate", "schemaStore.enable", "schemaStore.url",
        "schemaDownload.enable", "schema.severity", "schema.kubernetesSchemaBase", "maxFileSize",
    ]

    /// `key` without its `pureyaml.` or `yaml.` prefix.
    public static func settingName(_ key: String) -> String {
        key.hasPrefix("pureyaml.") ? String(key.dropFirst(9)) : key.hasPrefix("yaml.") ? String(key.dropFirst(5)) : key
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
