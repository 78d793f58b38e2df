import YAMLLint
import YAMLSyntax

/// yamllint-compatible lint in the model: findings become diagnostics (code = rule id, severity from the
/// rule's level, source `yamllint`), computed from the snapshot's existing parse when the snapshot is made
/// or the lint settings/environment change. See docs/lint.md.
extension DocumentModel {
    /// The diagnostics source of lint findings.
    public static let lintSource = "yamllint"
    /// The code of the diagnostic that reports a broken yamllint configuration.
    public static let lintConfigurationCode = "lint-config"

    /// The lint findings of an open document (empty when lint is off), nil when the document is not open.
    public func lintFindings(_ uri: DocumentURI) -> [LintFinding]? {
        snapshot(uri) == nil ? nil : lint.findings[uri] ?? []
    }

    /// Recomputes the lint findings of `uri` from its snapshot; true when its lint diagnostics changed.
    @discardableResult
    func refreshLint(_ uri: DocumentURI) -> Bool {
        guard let s = snapshot(uri) else {
            let had = lint.diagnostics.removeValue(forKey: uri) != nil
            lint.findings.removeValue(forKey: uri)
            return had
        }
        let (findings, diagnostics) = LintDiagnostics.compute(s, lint.resolve(uri, settings: settings))
        let changed = lint.diagnostics[uri] ?? [] != diagnostics
        lint.findings[uri] = findings
        lint.diagnostics[uri] = diagnostics
        return changed
    }

    /// The document's diagnostics with its lint diagnostics merged in, sorted by position.
    func diagnosticsWithLint(_ s: DocumentSnapshot) -> [YAMLDiagnostic] {
        guard let extra = lint.diagnostics[s.uri], !extra.isEmpty else { return s.diagnostics }
        return (s.diagnostics + extra).sorted { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
    }
}

/// Turns lint findings into diagnostics.
enum LintDiagnostics {
    static func compute(_ s: DocumentSnapshot, _ resolution: LintState.Resolution) -> ([LintFinding], [YAMLDiagnostic]) {
        switch resolution {
        case .off:
            return ([], [])
        case .broken(let path, let message):
            let d = YAMLDiagnostic(range: TextRange(empty: 0), severity: .warning, code: DocumentModel.lintConfigurationCode,
                                   message: "yamllint configuration \(path): \(message); lint is off for this file",
                                   source: DocumentModel.lintSource)
            return ([], [d])
        case .lint(let configuration, let relativePath):
            var findings = Linter.lint(s.parse, configuration: configuration, path: relativePath)
            // Token and comment rules see the parser's recovery after a syntax error; like yamllint (whose
            // token stream stops at the first scanner error) they report nothing from there on.
            if let firstError = s.parse.errors.first(where: { $0.severity == .error })?.range.start {
                findings.removeAll { f in
                    f.range.start >= firstError && !(LintRuleID(rawValue: f.rule)?.isLineRule ?? false)
                }
            }
            let diagnostics = findings.map {
                YAMLDiagnostic(range: $0.range, severity: $0.level == .error ? .error : .warning, code: $0.rule,
                               message: $0.message, source: DocumentModel.lintSource)
            }
            return (findings, diagnostics)
        }
    }
}
