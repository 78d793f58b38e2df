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
    /// Whether hovers and completion documentation keep the `https:` images of schemas'
    /// `markdownDescription`s (`pureyaml.hover.allowImages`, default false: an image the client shows is
    /// fetched from wherever the schema's author chose). A user setting: a project file cannot set it
    /// (``userOnlySettingNames``). Other schemes' images, `command:` links and HTML are removed whatever it
    /// says (``SchemaMarkdown``).
    public var hoverAllowImages = false
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
    /// wrong type or out of range are ignored (the default stays); ``applyReportingProblems(_:)`` says which.
    public init(json: JSONValue) {
        self.init()
        apply(json)
    }

    /// Overlays the values present in `json` onto these settings (see ``init(json:)``) and returns the keys,
    /// as written (dotted, prefix kept), that name no setting. Editors send many settings of their own, so
    /// the language server ignores the result; a project settings file reports it (``ProjectConfiguration``).
    @discardableResult
    public mutating func apply(_ json: JSONValue) -> [String] {
        applyReportingProblems(json).filter { $0.kind == .unknownKey }.map(\.key)
    }

    /// ``apply(_:)``, returning every key it could not use, in the order read: keys that name no setting,
    /// and keys whose value has the wrong type or is out of range (that setting keeps its value). A `null`
    /// value means "not set" and is no problem: without `baseline` the setting keeps its value; with one,
    /// it goes back to the baseline's (an editor that sends a whole settings section, as VS Code does, says
    /// `null` for a setting the user removed, and the server must then forget the value set before). A group
    /// name given a value that is not a mapping (`format: [1, 2]`) is a wrong value, not an unknown key.
    public mutating func applyReportingProblems(_ json: JSONValue, nullRestoring baseline: Settings? = nil) -> [SettingsProblem] {
        var problems: [SettingsProblem] = []
        var given: Set<String> = []
        for (key, value) in Self.flatten(json, prefix: "") {
            // A `null` does not undo a value the same object gives under the other prefix.
            let name = Self.settingName(key)
            if value != .null { given.insert(name) } else if let baseline, !given.contains(name),
                                                            restore(name, from: baseline) { continue }
            func take<T>(_ expected: String, _ read: (JSONValue) -> T?, _ store: (inout Settings, T) -> Void) {
                if value == .null { return }
                if let v = read(value) { store(&self, v) } else {
                    problems.append(SettingsProblem(key: key, value: value, kind: .invalidValue(expected: expected)))
                }
            }
            func bool(_ store: (inout Settings, Bool) -> Void) {
                take("`true` or `false`", { if case .bool(let b) = $0 { b } else { nil } }, store)
            }
            func integer(_ range: ClosedRange<Int64>, _ expected: String, _ store: (inout Settings, Int) -> Void) {
                take(expected, { if case .integer(let i) = $0, range.contains(i) { Int(clamping: i) } else { nil } }, store)
            }
            func string(nonEmpty: Bool, _ store: (inout Settings, String) -> Void) {
                take(nonEmpty ? "a non-empty string" : "a string",
                     { if case .string(let s) = $0, !(nonEmpty && s.isEmpty) { s } else { nil } }, store)
            }
            func choice<T>(_ names: [String], _ make: (String) -> T?, _ store: (inout Settings, T) -> Void) {
                take("one of " + names.map { "`\($0)`" }.joined(separator: ", "),
                     { if case .string(let s) = $0 { make(s) } else { nil } }, store)
            }
            switch Self.settingName(key) {
            case "format.enable": bool { $0.formatEnabled = $1 }
            case "format.indentWidth":
                integer(1...16, "an integer from 1 to 16") { $0.format.indentWidth = $1; $0.indentWidthIsExplicit = true }
            case "format.maxBlankLines": integer(0...Int64.max, "an integer of 0 or more") { $0.format.maxBlankLines = $1 }
            case "format.singleQuote": bool { $0.format.singleQuote = $1 }
            case "format.bracketSpacing": bool { $0.format.bracketSpacing = $1 }
            case "format.printWidth":
                integer(0...Int64.max, "an integer of 0 or more (0: no limit)") { $0.format.printWidth = $1 }
            case "format.sequenceIndent":
                choice(["preserve", "indented", "compact"], FormatOptions.SequenceIndent.init(rawValue:)) { $0.format.sequenceIndent = $1 }
            case "format.proseWrap":
                choice(["preserve", "always", "never"], FormatOptions.ProseWrap.init(rawValue:)) { $0.format.proseWrap = $1 }
            case "format.onSave": bool { $0.formatOnSave = $1 }
            case "maxItemsComputed": integer(1...Int64.max, "an integer of 1 or more") { $0.maxItemsComputed = $1 }
            case "lint.enable": bool { $0.lintEnabled = $1 }
            case "lint.preset": string(nonEmpty: false) { $0.lintPreset = $1 }
            case "schemas":
                take("a mapping of schema URLs to glob patterns, or a list of `{url, fileMatch}` objects",
                     SchemaSettings.associations(from:)) { $0.schema.associations = $1 }
                // The entries that were skipped, one problem each (the others are used).
                for (entry, expected) in SchemaSettings.skippedEntries(in: value) {
                    problems.append(SettingsProblem(key: key, value: entry, kind: .invalidEntry(expected: expected)))
                }
            case "validate": bool { $0.schema.validate = $1 }
            case "schemaStore.enable": bool { $0.schema.schemaStoreEnabled = $1 }
            case "schemaStore.url": string(nonEmpty: true) { $0.schema.schemaStoreURL = $1 }
            case "schemaDownload.enable": bool { $0.schema.downloadEnabled = $1 }
            case "schema.severity":
                choice(["error", "warning", "information", "hint"], SchemaSettings.severity) { $0.schema.severity = $1 }
            case "schema.kubernetesSchemaBase": string(nonEmpty: true) { $0.schema.kubernetesSchemaBase = $1 }
            case "schema.kubernetes": bool { $0.schema.kubernetesDetection = $1 }
            case "schema.kubernetesVersion":
                string(nonEmpty: true) { $0.schema.kubernetesVersion = $1 }
                if case .string(let version) = value, let note = SchemaSettings.kubernetesVersionNote(version) {
                    problems.append(SettingsProblem(key: key, value: value, kind: .partlyUsed(note: note)))
                }
            case "schema.crds":
                take("a list of CustomResourceDefinition file paths or URLs", { value -> [String]? in
                    if case .string(let s) = value { return [s] }
                    guard case .array(let items) = value else { return nil }
                    let strings = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
                    return strings.count == items.count ? strings : nil
                }) { $0.schema.customResourceDefinitions = $1 }
            case "schema.crdCatalog": string(nonEmpty: false) { $0.schema.crdCatalogURL = $1 }
            case "schema.mirrors":
                take("a mapping of URL prefixes to folders or base URLs (strings)", SchemaMirrors.entries(from:)) { $0.schema.mirrors = $1 }
            case "schema.allowedFolders":
                take("a list of absolute folder paths", Self.absolutePaths) { $0.schema.allowedFolders = $1 }
            case "maxFileSize": integer(1...Int64.max, "an integer of 1 or more (bytes)") { $0.maxFileSize = $1 }
            case "hover.allowImages": bool { $0.hoverAllowImages = $1 }
            case let name where Self.groupNames.contains(name) && value != .null:
                // `flatten` opens every mapping, so a group name arrives here only with some other value.
                problems.append(SettingsProblem(key: key, value: value, kind: .invalidValue(
                    expected: "a mapping of settings (such as `\(Self.settingNames.first { $0.hasPrefix(name + ".") } ?? "format.indentWidth")`)")))
            case let name where Self.groupNames.contains(name):
                break
            default:
                problems.append(SettingsProblem(key: key, value: value, kind: .unknownKey))
            }
        }
        return problems
    }

    /// Sets the setting called `name` (``settingNames``) to its value in `baseline`; false when `name` names
    /// no setting.
    @discardableResult
    mutating func restore(_ name: String, from baseline: Settings) -> Bool {
        switch name {
        case "format.enable": formatEnabled = baseline.formatEnabled
        case "format.indentWidth":
            format.indentWidth = baseline.format.indentWidth
            indentWidthIsExplicit = baseline.indentWidthIsExplicit
        case "format.maxBlankLines": format.maxBlankLines = baseline.format.maxBlankLines
        case "format.singleQuote": format.singleQuote = baseline.format.singleQuote
        case "format.bracketSpacing": format.bracketSpacing = baseline.format.bracketSpacing
        case "format.printWidth": format.printWidth = baseline.format.printWidth
        case "format.sequenceIndent": format.sequenceIndent = baseline.format.sequenceIndent
        case "format.proseWrap": format.proseWrap = baseline.format.proseWrap
        case "format.onSave": formatOnSave = baseline.formatOnSave
        case "maxItemsComputed": maxItemsComputed = baseline.maxItemsComputed
        case "lint.enable": lintEnabled = baseline.lintEnabled
        case "lint.preset": lintPreset = baseline.lintPreset
        case "schemas": schema.associations = baseline.schema.associations
        case "validate": schema.validate = baseline.schema.validate
        case "schemaStore.enable": schema.schemaStoreEnabled = baseline.schema.schemaStoreEnabled
        case "schemaStore.url": schema.schemaStoreURL = baseline.schema.schemaStoreURL
        case "schemaDownload.enable": schema.downloadEnabled = baseline.schema.downloadEnabled
        case "schema.severity": schema.severity = baseline.schema.severity
        case "schema.kubernetesSchemaBase": schema.kubernetesSchemaBase = baseline.schema.kubernetesSchemaBase
        case "schema.kubernetes": schema.kubernetesDetection = baseline.schema.kubernetesDetection
        case "schema.kubernetesVersion": schema.kubernetesVersion = baseline.schema.kubernetesVersion
        case "schema.crds": schema.customResourceDefinitions = baseline.schema.customResourceDefinitions
        case "schema.crdCatalog": schema.crdCatalogURL = baseline.schema.crdCatalogURL
        case "schema.mirrors": schema.mirrors = baseline.schema.mirrors
        case "schema.allowedFolders": schema.allowedFolders = baseline.schema.allowedFolders
        case "maxFileSize": maxFileSize = baseline.maxFileSize
        case "hover.allowImages": hoverAllowImages = baseline.hoverAllowImages
        default: return false
        }
        return true
    }

    /// The names that hold settings rather than being one (`format` in `format.indentWidth`), and the
    /// `pureyaml`/`yaml` sections.
    static let groupNames: Set<String> = Set(settingNames.compactMap { name in
        name.firstIndex(of: ".").map { String(name[..<$0]) }
    }).union(["pureyaml", "yaml"])

    /// The name of every setting ``apply(_:)`` reads, without a `pureyaml.` or `yaml.` prefix (for "did you
    /// mean" suggestions).
    public static let settingNames = [
        "format.enable", "format.indentWidth", "format.maxBlankLines", "format.singleQuote", "format.bracketSpacing",
        "format.printWidth", "format.sequenceIndent", "format.proseWrap", "format.onSave", "maxItemsComputed",
        "lint.enable", "lint.preset", "schemas", "validate", "schemaStore.enable", "schemaStore.url",
        "schemaDownload.enable", "schema.severity", "schema.kubernetesSchemaBase", "schema.kubernetes",
        "schema.kubernetesVersion", "schema.crds", "schema.crdCatalog", "schema.allowedFolders", "maxFileSize",
        "hover.allowImages", "schema.mirrors",
    ]

    /// The settings only the user may give (editor settings, the command line): a project file that sets
    /// one gets a warning and the setting is ignored (see docs/security.md).
    public static let userOnlySettingNames: Set<String> = ["schema.allowedFolders", "hover.allowImages"]

    /// A list of absolute paths or `file:` URIs (a single string counts as a list of one); nil otherwise.
    static func absolutePaths(_ value: JSONValue) -> [String]? {
        let items: [JSONValue]
        switch value {
        case .string: items = [value]
        case .array(let a): items = a
        default: return nil
        }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item, s.hasPrefix("/") || s.lowercased().hasPrefix("file:") else { return nil }
            out.append(s)
        }
        return out
    }

    /// `key` without its `pureyaml.` or `yaml.` prefix.
    public static func settingName(_ key: String) -> String {
        key.hasPrefix("pureyaml.") ? String(key.dropFirst(9)) : key.hasPrefix("yaml.") ? String(key.dropFirst(5)) : key
    }

    /// Turns nested objects into dotted keys: `{"a": {"b": 1}}` -> `["a.b": 1]`. A `schemas` or `mirrors`
    /// object stays whole: its keys are URLs, which hold dots.
    static func flatten(_ json: JSONValue, prefix: String) -> [(String, JSONValue)] {
        guard case .object(let members) = json else { return prefix.isEmpty ? [] : [(prefix, json)] }
        var out: [(String, JSONValue)] = []
        for m in members {
            let key = prefix.isEmpty ? m.key : prefix + "." + m.key
            if case .object = m.value, !keptWhole(m.key) { out += flatten(m.value, prefix: key) } else { out.append((key, m.value)) }
        }
        return out
    }

    /// True for a key whose mapping value is one setting, not a group: `schemas` and `mirrors` (their keys
    /// are URLs, which hold dots), alone or at the end of a dotted key.
    static func keptWhole(_ key: String) -> Bool {
        key == "schemas" || key.hasSuffix(".schemas") || key == "mirrors" || key.hasSuffix(".mirrors")
    }
}
