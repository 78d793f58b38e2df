import YAMLParser
import YAMLSyntax

/// Runs yamllint's rules over an existing parse (no re-parse: the tree, its tokens and the events are
/// reused), honouring `# yamllint disable-file` on the first line, `# yamllint disable [rule:ID ...]` /
/// `# yamllint enable [rule:ID ...]`, and `# yamllint disable-line [rule:ID ...]` (inline: that line;
/// on its own line: the next line), exactly as yamllint 1.38 applies them.
///
/// Syntax errors are not reported here (the parser reports them); on a text with syntax errors the
/// rules still run over what the parser recovered.
public enum Linter {
    /// The problems in `parse` under `configuration`, in yamllint's order (by line, then rule).
    /// - Parameters:
    ///   - path: the file's path relative to the configuration's directory, for `ignore` patterns; nil
    ///     when unknown (then no path-based exclusion applies).
    ///   - lineIndex: the text's line index when the caller already has one (it is reused).
    public static func lint(_ parse: ParseResult, configuration: LintConfiguration, path: String? = nil,
                            lineIndex: LineIndex? = nil) -> [LintFinding] {
        if let path, configuration.isIgnored(path: path) { return [] }
        let text = lineIndex.map(LintText.init) ?? LintText(parse.tree.bytes)
        guard let firstLine = text.lines.first else { return [] }
        if isDisableFile(text.bytes[firstLine.start..<firstLine.end]) { return [] }
        // The configuration's rules were made once; only a per-rule `ignore` matching the path makes a
        // smaller set (the rules are looked at one by one only when some rule has an `ignore`).
        // Held by reference until the run copies the set (once: its rules' state is the run's own).
        let rules: CompiledLintRules
        if path == nil || !configuration.rules.values.contains(where: { $0.ignore != nil }) {
            if configuration.rules.isEmpty { return [] }
            rules = configuration.compiled
        } else {
            let enabled = configuration.enabledRules(forPath: path)
            if enabled.isEmpty { return [] }
            rules = enabled.count == configuration.rules.count
                ? configuration.compiled : CompiledLintRules(all: LintRuleSet(enabled: enabled))
        }
        return LintStream.run(text: text, parse: parse) { stream in
            var run = LintRun(stream, rules: rules.all)
            return run.run()
        }
    }

    /// `# yamllint <keyword>( rule:ID)*` followed only by whitespace: the rule ids (empty: all rules),
    /// nil when the comment is not that directive.
    static func directive(_ comment: ArraySlice<UInt8>, keyword: String) -> [String]? {
        let prefix = Array("# yamllint \(keyword)".utf8)
        guard comment.count >= prefix.count, comment.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var rest = comment.dropFirst(prefix.count)
        var rules: [String] = []
        let rulePrefix = Array(" rule:".utf8)
        func isWS(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        while rest.count > rulePrefix.count, rest.prefix(rulePrefix.count).elementsEqual(rulePrefix),
              !isWS(rest[rest.startIndex + rulePrefix.count]) {
            rest = rest.dropFirst(rulePrefix.count)
            let id = rest.prefix { !isWS($0) }
            rules.append(String(decoding: id, as: UTF8.self))
            rest = rest.dropFirst(id.count)
        }
        return rest.allSatisfy(isWS) ? rules : nil
    }

    /// `#\s*yamllint disable-file\s*` as the whole first line.
    static func isDisableFile(_ line: ArraySlice<UInt8>) -> Bool {
        func isWS(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        guard line.first == UInt8(ascii: "#") else { return false }
        let body = line.dropFirst().drop(while: isWS)
        let word = Array("yamllint disable-file".utf8)
        return body.starts(with: word) && body.dropFirst(word.count).allSatisfy(isWS)
    }

    /// Our syntax error codes for what PyYAML's scanner (not its parser) rejects.
    static let scannerErrorCodes: Set<String> = [
        "invalid-alias", "invalid-anchor", "reserved-indicator", "unclosed-quoted-scalar", "invalid-escape",
        "invalid-mapping-value", "invalid-block-entry", "invalid-tag", "unexpected-character",
        "invalid-block-scalar-header", "missing-colon", "invalid-directive",
    ]

    /// line-length's `allow-non-breakable-inline-mappings`: the line alone is a block mapping entry whose
    /// value is a scalar with no space from its start to the end of the line. Only the one line is
    /// parsed, and only for lines already too long.
    static func isInlineMappingWithUnbreakableValue(_ text: LintText, _ line: LintLine) -> Bool {
        var content = Array(text.bytes[line.start..<line.end])
        var parse = Parser.parse(content)
        var tokens = LintTokenizer.unresolvedTokens(parse, text: LintText(content))
        // PyYAML's scanner takes a stray `,` in block context as a flow entry token and goes on, a simple
        // key allowed after it (its parser, which yamllint does not run here, rejects it later): the key
        // after it starts a block mapping at its column. Our parser stops the document there, so the rest
        // of the line is read again with everything up to the `,` blanked out (columns and byte offsets
        // stay the same).
        var retries = 0
        while !tokens.contains(where: { $0.kind == .blockMappingStart }), retries < 8,
              let stray = parse.errors.first(where: { $0.code == "unexpected-content" }),
              stray.range.start < content.count, content[stray.range.start] == UInt8(ascii: ",") {
            for k in 0...stray.range.start { content[k] = 0x20 }
            parse = Parser.parse(content)
            tokens = LintTokenizer.unresolvedTokens(parse, text: LintText(content))
            retries += 1
        }
        guard var i = tokens.firstIndex(where: { $0.kind == .blockMappingStart }) else { return false }
        // Like yamllint: the first value token followed by a scalar (a value followed by anything else
        // is skipped together with that token).
        i += 1
        while i + 1 < tokens.count {
            if tokens[i].kind == .value {
                let t = tokens[i + 1]
                if t.kind == .scalar {
                    // PyYAML raises a ScannerError (and yamllint answers false) when scanning up to here
                    // meets a character or construct its scanner rejects.
                    if parse.errors.contains(where: { scannerErrorCodes.contains($0.code) && $0.range.start < t.end }) {
                        return false
                    }
                    return !content[min(t.start, content.count)...].contains(0x20)
                }
                i += 2
            } else {
                i += 1
            }
        }
        return false
    }
}
