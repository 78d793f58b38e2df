import YAMLComposer
import YAMLParser

/// A configuration while it is being read: yamllint's intermediate `dict` form, so `extends` merges and
/// validation happen in yamllint's order (merge the child's rule mappings into the base's, then
/// validate every rule and fill in defaults).
struct RawConfiguration {
    /// A YAML value of the configuration file (what PyYAML's `safe_load` would give).
    indirect enum Value: Equatable {
        case null, bool(Bool), int(Int), string(String), list([Value]), map([(String, Value)])

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case (.bool(let x), .bool(let y)): return x == y
            case (.int(let x), .int(let y)): return x == y
            case (.string(let x), .string(let y)): return x == y
            case (.list(let x), .list(let y)): return x == y
            case (.map(let x), .map(let y)): return x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
            default: return false
            }
        }

        subscript(key: String) -> Value? {
            if case .map(let pairs) = self { return pairs.last { $0.0 == key }?.1 }
            return nil
        }
    }

    /// A rule entry: disabled, or a mapping of settings (validated settings hold every option).
    enum Rule { case disabled, settings([(String, Value)]), invalid(Value) }

    var ruleOrder: [String] = []
    var rules: [String: Rule] = [:]
    var ignore: GitIgnoreSpec?
    var yamlFiles = GitIgnoreSpec(lines: ["*.yaml", "*.yml", ".yamllint"])
    var locale: String?
    let loadFile: LintConfiguration.FileLoader

    init(bytes: [UInt8], loadFile: @escaping LintConfiguration.FileLoader, depth: Int) throws {
        self.loadFile = loadFile
        let parse = Parser.parse(bytes)
        if let error = parse.errors.first(where: { $0.severity == .error }) {
            throw LintConfigurationError("invalid config: \(error.message)")
        }
        let composition = Composer.compose(parse)
        if let error = composition.errors.first(where: { $0.severity == .error }) {
            throw LintConfigurationError("invalid config: \(error.message)")
        }
        // An alias bomb (a 400-byte file of nested aliases) must not expand to gigabytes.
        if let root = composition.documents.first?.root,
           JSONProjection.expandedSize(of: root, limit: JSONProjection.configurationNodeBudget) > JSONProjection.configurationNodeBudget {
            throw LintConfigurationError("invalid config: its aliases expand to more than \(JSONProjection.configurationNodeBudget) nodes")
        }
        guard let root = composition.documents.first?.root, case .map(let top) = RawConfiguration.value(root) else {
            throw LintConfigurationError("invalid config: not a mapping")
        }
        let conf = Value.map(top)
        if let r = conf["rules"] {
            guard case .map(let pairs) = r else {
                throw LintConfigurationError("invalid config: rules should be a mapping")
            }
            for (id, v) in pairs {
                if rules[id] == nil { ruleOrder.append(id) }
                switch v {
                case .string("enable"): rules[id] = .settings([])
                // yamllint's validate_rule_conf takes `false` as "disable" (but `true` is invalid).
                case .string("disable"), .bool(false): rules[id] = .disabled
                case .map(let m): rules[id] = .settings(m)
                default: rules[id] = .invalid(v)
                }
            }
        }
        if let ext = conf["extends"] {
            guard case .string(let name) = ext else { throw LintConfigurationError("invalid config: extends should be a string") }
            guard depth < 16 else { throw LintConfigurationError("invalid config: extends nests too deeply") }
            var base: RawConfiguration
            if !name.contains("/"), name == "default" || name == "relaxed" {
                let text = name == "default" ? LintConfiguration.defaultPresetText : LintConfiguration.relaxedPresetText
                base = try RawConfiguration(bytes: Array(text.utf8), loadFile: loadFile, depth: depth + 1)
            } else {
                guard let bytes = loadFile(name) else {
                    throw LintConfigurationError("invalid config: cannot read extended configuration \"\(name)\"")
                }
                // The base's own `extends` and `ignore-from-file` paths are relative to the base's folder.
                base = try RawConfiguration(bytes: bytes, loadFile: RawConfiguration.loader(loadFile, besideFile: name),
                                            depth: depth + 1)
            }
            try base.validate()
            extend(base)
        }
        if conf["ignore"] != nil && conf["ignore-from-file"] != nil {
            throw LintConfigurationError("invalid config: ignore and ignore-from-file keys cannot be used together")
        } else if let from = conf["ignore-from-file"] {
            guard let files = RawConfiguration.strings(from) else {
                throw LintConfigurationError("invalid config: ignore-from-file should contain filename(s), either as a list or string")
            }
            ignore = try linesInFiles(files)
        } else if let patterns = conf["ignore"] {
            guard let spec = RawConfiguration.patterns(patterns) else {
                throw LintConfigurationError("invalid config: ignore should contain file patterns")
            }
            ignore = spec
        }
        if let files = conf["yaml-files"] {
            guard case .list(let items) = files, let list = RawConfiguration.strings(.list(items)) else {
                throw LintConfigurationError("invalid config: yaml-files should be a list of file patterns")
            }
            yamlFiles = GitIgnoreSpec(lines: list)
        }
        if let l = conf["locale"] {
            guard case .string(let s) = l else { throw LintConfigurationError("invalid config: locale should be a string") }
            locale = s
        }
    }

    /// `loadFile` for the paths written in the configuration file at `path` (itself as `loadFile` takes it):
    /// a relative path is taken from that file's folder, an absolute one as it is.
    static func loader(_ loadFile: @escaping LintConfiguration.FileLoader, besideFile path: String) -> LintConfiguration.FileLoader {
        guard let slash = path.lastIndex(of: "/") else { return loadFile }
        let folder = String(path[...slash])
        return { name in loadFile(name.hasPrefix("/") ? name : folder + name) }
    }

    /// yamllint `extend`: a child's rule mapping is merged into the base's enabled rule; anything else
    /// replaces it.
    private mutating func extend(_ base: RawConfiguration) {
        var merged = base.rules
        var order = base.ruleOrder
        for id in ruleOrder {
            guard let mine = rules[id] else { continue }
            if merged[id] == nil { order.append(id) }
            if case .settings(let child) = mine, case .settings(var parent)? = merged[id] {
                for (k, v) in child {
                    if let i = parent.firstIndex(where: { $0.0 == k }) { parent[i].1 = v } else { parent.append((k, v)) }
                }
                merged[id] = .settings(parent)
            } else {
                merged[id] = mine
            }
        }
        rules = merged
        ruleOrder = order
        if let i = base.ignore { ignore = i }
    }

    private func linesInFiles(_ files: [String]) throws -> GitIgnoreSpec {
        var lines: [String] = []
        for f in files {
            guard let bytes = loadFile(f) else {
                throw LintConfigurationError("invalid config: cannot read ignore file \"\(f)\"")
            }
            lines += String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false,
                                                                  whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        }
        return GitIgnoreSpec(lines: lines)
    }

    /// yamllint `validate`: known rule ids, `level`, option types, defaults, `quoted-strings` checks.
    mutating func validate() throws {
        for name in ruleOrder {
            guard let rule = rules[name] else { continue }
            guard let id = LintRuleID(rawValue: name) else {
                throw LintConfigurationError("invalid config: no such rule: \"\(name)\"")
            }
            switch rule {
            case .disabled: continue
            case .invalid:
                throw LintConfigurationError("invalid config: rule \"\(name)\": should be either \"enable\", \"disable\" or a mapping")
            case .settings(var pairs):
                func set(_ k: String, _ v: Value) {
                    if let i = pairs.firstIndex(where: { $0.0 == k }) { pairs[i].1 = v } else { pairs.append((k, v)) }
                }
                let conf = Value.map(pairs)
                if let from = conf["ignore-from-file"] {
                    guard let files = RawConfiguration.strings(from) else {
                        throw LintConfigurationError("invalid config: ignore-from-file should contain valid filename(s), either as a list or string")
                    }
                    _ = try linesInFiles(files)
                } else if let patterns = conf["ignore"], RawConfiguration.patterns(patterns) == nil {
                    throw LintConfigurationError("invalid config: ignore should contain file patterns")
                }
                if let level = conf["level"] {
                    guard level == .string("error") || level == .string("warning") else {
                        throw LintConfigurationError("invalid config: level should be \"error\" or \"warning\"")
                    }
                } else {
                    set("level", .string("error"))
                }
                let specs = id.optionSpecs
                for (k, v) in pairs where !["ignore", "ignore-from-file", "level"].contains(k) {
                    guard let spec = specs[k] else {
                        throw LintConfigurationError("invalid config: unknown option \"\(k)\" for rule \"\(name)\"")
                    }
                    guard let option = RawConfiguration.option(v), spec.accepts(option) else {
                        if spec.isList {
                            let allowed = spec.listChoices.map { "[" + $0.map { "'\($0)'" }.joined(separator: ", ") + "]" }
                                ?? "[<class 'str'>]"
                            throw LintConfigurationError("invalid config: option \"\(k)\" of \"\(name)\" should only contain values in \(allowed)")
                        }
                        if spec.choices.isEmpty && spec.boolChoices.isEmpty {
                            throw LintConfigurationError("invalid config: option \"\(k)\" of \"\(name)\" should be \(spec.allowsBool ? "bool" : "int")")
                        }
                        throw LintConfigurationError("invalid config: option \"\(k)\" of \"\(name)\" should be in \(spec.pythonDescription)")
                    }
                }
                for (k, spec) in specs.sorted(by: { $0.key < $1.key }) where conf[k] == nil {
                    set(k, RawConfiguration.value(spec.defaultValue))
                }
                if id == .quotedStrings {
                    let filled = Value.map(pairs)
                    let required = filled["required"]
                    let extraAllowed = RawConfiguration.strings(filled["extra-allowed"] ?? .list([])) ?? []
                    let extraRequired = RawConfiguration.strings(filled["extra-required"] ?? .list([])) ?? []
                    if required == .bool(true) && !extraAllowed.isEmpty {
                        throw LintConfigurationError("invalid config: quoted-strings: cannot use both \"required: true\" and \"extra-allowed\"")
                    }
                    if required == .bool(true) && !extraRequired.isEmpty {
                        throw LintConfigurationError("invalid config: quoted-strings: cannot use both \"required: true\" and \"extra-required\"")
                    }
                    if required == .bool(false) && !extraAllowed.isEmpty {
                        throw LintConfigurationError("invalid config: quoted-strings: cannot use both \"required: false\" and \"extra-allowed\"")
                    }
                }
                rules[name] = .settings(pairs)
            }
        }
    }

    /// The validated configuration as the public type.
    func configuration() -> LintConfiguration {
        var out: [LintRuleID: LintConfiguration.RuleSettings] = [:]
        for name in ruleOrder {
            guard let id = LintRuleID(rawValue: name), case .settings(let pairs)? = rules[name] else { continue }
            let conf = Value.map(pairs)
            var options: [String: LintOption] = [:]
            for (k, v) in pairs { if let o = RawConfiguration.option(v), id.optionSpecs[k] != nil { options[k] = o } }
            var ignore: GitIgnoreSpec? = nil
            if let from = conf["ignore-from-file"], let files = RawConfiguration.strings(from) {
                ignore = try? linesInFiles(files)
            } else if let patterns = conf["ignore"] {
                ignore = RawConfiguration.patterns(patterns)
            }
            out[id] = .init(level: conf["level"] == .string("warning") ? .warning : .error, options: options, ignore: ignore)
        }
        return LintConfiguration(rules: out, ignore: ignore, yamlFiles: yamlFiles, locale: locale)
    }

    // MARK: - Value conversions

    static func strings(_ v: Value) -> [String]? {
        switch v {
        case .string(let s): return [s]
        case .list(let items):
            var out: [String] = []
            for i in items { guard case .string(let s) = i else { return nil }; out.append(s) }
            return out
        default: return nil
        }
    }

    static func patterns(_ v: Value) -> GitIgnoreSpec? {
        if case .string(let s) = v {
            return GitIgnoreSpec(lines: s.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }).map(String.init))
        }
        guard case .list = v, let list = strings(v) else { return nil }
        return GitIgnoreSpec(lines: list)
    }

    static func option(_ v: Value) -> LintOption? {
        switch v {
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        case .list: return strings(v).map(LintOption.strings)
        default: return nil
        }
    }

    static func value(_ o: LintOption) -> Value {
        switch o {
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        case .strings(let l): return .list(l.map(Value.string))
        }
    }

    /// A composed node as PyYAML's `safe_load` would load it (YAML 1.1 booleans `yes`/`no`/`on`/`off`
    /// included, as yamllint reads its configuration with PyYAML).
    static func value(_ node: YAMLNode) -> Value {
        let n = node.resolved
        switch n.content {
        case .mapping(let pairs):
            return .map(pairs.map { (keyText($0.key), value($0.value)) })
        case .sequence(let items):
            return .list(items.map(value))
        case .alias:
            return .null
        case .scalar(let text, let style):
            if style == .plain && !n.hasExplicitTag,
               ["yes", "Yes", "YES", "on", "On", "ON"].contains(text) { return .bool(true) }
            if style == .plain && !n.hasExplicitTag,
               ["no", "No", "NO", "off", "Off", "OFF"].contains(text) { return .bool(false) }
            switch n.scalarValue {
            case .null?: return .null
            case .bool(let b)?: return .bool(b)
            case .integer(let i)?: return .int(Int(i))
            case .string(let s)?: return .string(s)
            default: return .string(text)
            }
        }
    }

    private static func keyText(_ node: YAMLNode) -> String {
        if case .scalar(let text, _) = node.resolved.content { return text }
        return ""
    }
}
