import YAMLComposer
import YAMLParser

/// A yamllint configuration (`.yamllint`, `.yamllint.yaml`, `.yamllint.yml`, or a preset), read as
/// yamllint 1.38 reads it: `extends` (a preset name or a file), `rules` (`enable`, `disable`, or a
/// mapping with `level`, rule options, `ignore`/`ignore-from-file`), top-level `ignore` /
/// `ignore-from-file`, `yaml-files` and `locale`. The configuration text is parsed with our own parser
/// and composer; reading other files (`extends: path`, `ignore-from-file`) goes through an injected loader.
public struct LintConfiguration: Sendable, Hashable {
    /// The settings of one enabled rule.
    public struct RuleSettings: Sendable, Hashable {
        /// The level of the rule's problems (default `error`).
        public var level: LintLevel
        /// Every option of the rule, defaults filled in.
        public var options: [String: LintOption]
        /// Paths the rule skips.
        public var ignore: GitIgnoreSpec?
    }

    /// The enabled rules.
    public private(set) var rules: [LintRuleID: RuleSettings]
    /// Paths not linted at all.
    public private(set) var ignore: GitIgnoreSpec?
    /// Which file names are YAML when linting a directory (default `*.yaml`, `*.yml`, `.yamllint`).
    public private(set) var yamlFiles: GitIgnoreSpec
    /// The `locale` option (kept for completeness; key ordering compares code points).
    public private(set) var locale: String?
    /// Every rule of ``rules``, ready to run (made once here, copied by each lint run).
    let compiled: CompiledLintRules

    /// Reads a file named by `extends` or `ignore-from-file` (a path as written in the configuration);
    /// nil when it cannot be read.
    public typealias FileLoader = @Sendable (String) -> [UInt8]?

    /// yamllint's `default` preset.
    public static let `default`: LintConfiguration = builtIn(LintConfiguration.defaultPresetText)
    /// yamllint's `relaxed` preset.
    public static let relaxed: LintConfiguration = builtIn(LintConfiguration.relaxedPresetText)

    /// The preset called `name` (`default` or `relaxed`), nil for any other name.
    public static func preset(named name: String) -> LintConfiguration? {
        switch name {
        case "default": return .default
        case "relaxed": return .relaxed
        default: return nil
        }
    }

    /// Parses configuration text.
    /// - Parameters:
    ///   - bytes: the configuration file's UTF-8 bytes.
    ///   - loadFile: reads files named by `extends: path` and `ignore-from-file`.
    /// - Throws: ``LintConfigurationError`` with yamllint's message (`invalid config: ...`).
    public static func parse(_ bytes: [UInt8], loadFile: @escaping FileLoader = { _ in nil }) throws -> LintConfiguration {
        var raw = try RawConfiguration(bytes: bytes, loadFile: loadFile, depth: 0)
        try raw.validate()
        return raw.configuration()
    }

    /// The rules that apply to `path` (relative to the configuration's directory; nil: all enabled rules).
    public func enabledRules(forPath path: String?) -> [(id: LintRuleID, settings: RuleSettings)] {
        LintConfiguration.enabled(rules, forPath: path)
    }

    /// The rules of `rules` that apply to `path`, in rule-id order.
    private static func enabled(_ rules: [LintRuleID: RuleSettings], forPath path: String?)
        -> [(id: LintRuleID, settings: RuleSettings)] {
        LintRuleID.allCases.compactMap { id in
            guard let settings = rules[id] else { return nil }
            if let path, let ignore = settings.ignore, ignore.matches(path) { return nil }
            return (id, settings)
        }
    }

    /// True when `path` is excluded by the top-level `ignore`.
    public func isIgnored(path: String) -> Bool { ignore?.matches(path) ?? false }

    /// True when the top-level `ignore` excludes every path inside the directory `path` (relative to the
    /// configuration's directory), so a folder walk need not read it (``GitIgnoreSpec/matchesEverything(inDirectory:)``).
    public func isIgnored(directory path: String) -> Bool { ignore?.matchesEverything(inDirectory: path) ?? false }

    /// True when `path`'s file name matches `yaml-files`.
    public func isYAMLFile(path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return yamlFiles.matches(name)
    }

    init(rules: [LintRuleID: RuleSettings], ignore: GitIgnoreSpec?, yamlFiles: GitIgnoreSpec, locale: String?) {
        self.rules = rules
        self.ignore = ignore
        self.yamlFiles = yamlFiles
        self.locale = locale
        compiled = CompiledLintRules(all: LintRuleSet(enabled: LintConfiguration.enabled(rules, forPath: nil)))
    }

    private static func builtIn(_ text: String) -> LintConfiguration {
        (try? parse(Array(text.utf8))) ?? LintConfiguration(rules: [:], ignore: nil,
                                                           yamlFiles: GitIgnoreSpec(lines: []), locale: nil)
    }

    /// yamllint's `conf/default.yaml`.
    public static let defaultPresetText = """
        ---
        yaml-files:
          - '*.yaml'
          - '*.yml'
          - '.yamllint'
        rules:
          anchors: enable
          braces: enable
          brackets: enable
          colons: enable
          commas: enable
          comments:
            level: warning
          comments-indentation:
            level: warning
          document-end: disable
          document-start:
            level: warning
          empty-lines: enable
          empty-values: disable
          float-values: disable
          hyphens: enable
          indentation: enable
          key-duplicates: enable
          key-ordering: disable
          line-length: enable
          new-line-at-end-of-file: enable
          new-lines: enable
          octal-values: disable
          quoted-strings: disable
          trailing-spaces: enable
          truthy:
            level: warning

        """

    /// yamllint's `conf/relaxed.yaml`.
    public static let relaxedPresetText = """
        ---
        extends: default
        rules:
          braces:
            level: warning
            max-spaces-inside: 1
          brackets:
            level: warning
            max-spaces-inside: 1
          colons:
            level: warning
          commas:
            level: warning
          comments: disable
          comments-indentation: disable
          document-start: disable
          empty-lines:
            level: warning
          hyphens:
            level: warning
          indentation:
            level: warning
            indent-sequences: consistent
          line-length:
            level: warning
            allow-non-breakable-inline-mappings: true
          truthy: disable

        """
}

/// A configuration that yamllint would refuse; `message` is yamllint's text (`invalid config: ...`).
public struct LintConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `invalid config: no such rule: "foo"`.
    public var message: String
    /// An error with yamllint's `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
