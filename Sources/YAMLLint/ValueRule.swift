import YAMLParser

/// The rules about scalar values and empty nodes: `truthy`, `octal-values`, `float-values`,
/// `empty-values` and `quoted-strings`. `truthy`, `octal-values` and `quoted-strings` follow YAML 1.1's
/// implicit types (as yamllint does, by design), not YAML 1.2.2's core schema.
struct ValueRule: TokenLintRule {
    let id: LintRuleID
    let options: [String: LintOption]

    /// truthy: the `%YAML` version of the current document, and the spellings it reports.
    private var specVersion: String? = nil
    /// truthy: the spellings to report (for the YAML version in force), each packed into an integer
    /// (``packed(_:)``); nil until needed.
    private var badTruthy: [UInt64]? = nil
    /// truthy: the spellings to report under YAML 1.1 and under `%YAML 1.2`, packed, and the message of
    /// a finding: made once per configuration (a run only picks a table).
    private let badTruthy11: [UInt64], badTruthy12: [UInt64]
    private let truthyMessage: String
    /// quoted-strings: flow nesting depth and the first quote style seen (`consistent`).
    private var flowNesting = 0
    private var consistentStyle: ScalarStyleKey? = nil

    enum ScalarStyleKey: Equatable { case single, double }

    /// Compiled once per run: the YAML 1.1 resolver, float patterns, and the configured key patterns.
    private let resolver: YAML11Resolver?
    /// float-values' patterns (compiled for that rule only).
    private let nan, inf, scientific, noNumeral: LintPattern?
    private let extraRequired: [LintPattern]
    private let extraAllowed: [LintPattern]
    /// truthy's `check-keys`; quoted-strings' `quote-type`, `required` and `allow-quoted-quotes` (read
    /// once, not per token).
    private let checkKeys: Bool
    private let quoteType: String
    private let required: LintOption
    private let allowQuotedQuotes: Bool
    /// The boolean options the per-token checks read (read once, not per token): octal-values',
    /// float-values' and empty-values' `forbid-*` / `require-*` flags.
    private let forbidImplicitOctal, forbidExplicitOctal: Bool
    private let forbidNaN, forbidInf, forbidScientificNotation, requireNumeralBeforeDecimal: Bool
    private let forbidInBlockMappings, forbidInFlowMappings, forbidInBlockSequences: Bool

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        self.options = options
        resolver = id == .quotedStrings ? YAML11Resolver() : nil
        let floats = id == .floatValues
        nan = floats ? LintPattern(#"(\.nan|\.NaN|\.NAN)"#) : nil
        inf = floats ? LintPattern(#"[-+]?(\.inf|\.Inf|\.INF)"#) : nil
        scientific = floats ? LintPattern(#"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)"#) : nil
        noNumeral = floats ? LintPattern(#"[-+]?(\.[0-9]+)([eE][-+]?[0-9]+)?"#) : nil
        extraRequired = (options["extra-required"]?.strings ?? []).map(LintPattern.init)
        extraAllowed = (options["extra-allowed"]?.strings ?? []).map(LintPattern.init)
        func flag(_ k: String) -> Bool { options[k]?.bool ?? id.defaultOptions[k]?.bool ?? false }
        let allowed = options["allowed-values"]?.strings ?? ["true", "false"]
        if id == .truthy {
            func table(_ all: [String]) -> [UInt64] {
                Set(all).subtracting(allowed).compactMap { ValueRule.packed(Array($0.utf8)[...]) }
            }
            badTruthy11 = table(LintRuleID.truthy11)
            badTruthy12 = table(["TRUE", "True", "true", "FALSE", "False", "false"])
            truthyMessage = "truthy value should be one of [" + allowed.sorted().joined(separator: ", ") + "]"
        } else {
            badTruthy11 = []
            badTruthy12 = []
            truthyMessage = ""
        }
        checkKeys = flag("check-keys")
        quoteType = options["quote-type"]?.string ?? "any"
        required = options["required"] ?? .bool(true)
        allowQuotedQuotes = flag("allow-quoted-quotes")
        forbidImplicitOctal = flag("forbid-implicit-octal")
        forbidExplicitOctal = flag("forbid-explicit-octal")
        forbidNaN = flag("forbid-nan")
        forbidInf = flag("forbid-inf")
        forbidScientificNotation = flag("forbid-scientific-notation")
        requireNumeralBeforeDecimal = flag("require-numeral-before-decimal")
        forbidInBlockMappings = flag("forbid-in-block-mappings")
        forbidInFlowMappings = flag("forbid-in-flow-mappings")
        forbidInBlockSequences = flag("forbid-in-block-sequences")
    }

    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool {
        switch (id, kind) {
        case (.truthy, .scalar), (.truthy, .directive), (.truthy, .documentEnd): return true
        case (.octalValues, .scalar), (.floatValues, .scalar): return true
        case (.emptyValues, .value), (.emptyValues, .blockEntry): return true
        case (.quotedStrings, .scalar), (.quotedStrings, .flowMappingStart), (.quotedStrings, .flowSequenceStart),
             (.quotedStrings, .flowMappingEnd), (.quotedStrings, .flowSequenceEnd): return true
        default: return false
        }
    }

    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        guard ValueRule.concerns(id, s.tokens[i].kind) else { return }
        let t = s.tokens[i]
        // truthy runs on every scalar: it reads its neighbour only when it must.
        if id == .truthy { truthy(s, t, i, &out); return }
        let prev = s.token(i - 1)
        let next = s.token(i + 1)
        switch id {
        case .octalValues:
            guard prev?.kind != .tag, t.kind == .scalar, t.isPlain else { return }
            let value = s.value(t)
            let v = Array(value.utf8)
            if forbidImplicitOctal && v.count > 1 && v[0] == UInt8(ascii: "0")
                && v.allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                out.append(.init(line: t.startLine + 1, column: t.endColumn + 1,
                                 message: "forbidden implicit octal value \"\(value)\""))
            }
            if forbidExplicitOctal && v.count > 2 && v[0] == UInt8(ascii: "0") && v[1] == UInt8(ascii: "o")
                && v[2...].allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                out.append(.init(line: t.startLine + 1, column: t.endColumn + 1,
                                 message: "forbidden explicit octal value \"\(value)\""))
            }
        case .floatValues:
            guard prev?.kind != .tag, t.kind == .scalar, t.isPlain else { return }
            let v = s.value(t)
            func report(_ m: String) { out.append(.init(line: t.startLine + 1, column: t.startColumn + 1, message: m)) }
            if forbidNaN && nan?.wholeMatch(v) == true {
                report("forbidden not a number value \"\(v)\"")
            }
            if forbidInf && inf?.wholeMatch(v) == true {
                report("forbidden infinite value \"\(v)\"")
            }
            if forbidScientificNotation
                && scientific?.wholeMatch(v) == true {
                report("forbidden scientific notation \"\(v)\"")
            }
            if requireNumeralBeforeDecimal && noNumeral?.wholeMatch(v) == true {
                report("forbidden decimal missing 0 prefix \"\(v)\"")
            }
        case .emptyValues:
            guard let n = next?.kind else { return }
            if forbidInBlockMappings && t.kind == .value && (n == .key || n == .blockEnd) {
                out.append(.init(line: t.startLine + 1, column: t.endColumn + 1, message: "empty value in block mapping"))
            }
            if forbidInFlowMappings && t.kind == .value && (n == .flowEntry || n == .flowMappingEnd) {
                out.append(.init(line: t.startLine + 1, column: t.endColumn + 1, message: "empty value in flow mapping"))
            }
            if forbidInBlockSequences && t.kind == .blockEntry && (n == .key || n == .blockEnd || n == .blockEntry) {
                out.append(.init(line: t.startLine + 1, column: t.endColumn + 1, message: "empty value in block sequence"))
            }
        case .quotedStrings: quotedStrings(s, t, prev, &out)
        default: return
        }
    }

    /// truthy: false for a token the rule does nothing with, tested before calling it (most tokens it
    /// is called on are scalars): a scalar that is not plain, or whose length or first byte rule out
    /// every YAML 1.1 boolean spelling (the same tests ``truthy(_:_:_:_:)`` starts with).
    @inline(__always) static func truthyMayConcern(_ t: LintToken, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard t.kind == .scalar else { return true }
        let length = t.end - t.start
        guard t.isPlain, length >= 1 && length <= 5, t.start >= 0, t.start < bytes.count else { return false }
        switch bytes[t.start] | 0x20 {
        case UInt8(ascii: "y"), UInt8(ascii: "n"), UInt8(ascii: "o"), UInt8(ascii: "t"), UInt8(ascii: "f"): return true
        default: return false
        }
    }

    private mutating func truthy(_ s: LintStream, _ t: LintToken, _ i: Int, _ out: inout [LintStream.Problem]) {
        if t.kind == .directive && s.value(t) == "YAML" {
            specVersion = LintTokenizer.directiveParameter(of: t, in: s.parse)
        } else if t.kind == .documentEnd {
            specVersion = nil
            badTruthy = nil
        }
        guard t.kind == .scalar, t.isPlain else { return }
        // Every YAML 1.1 boolean spelling is 1...5 letters starting with y, n, o, t or f: most plain
        // scalars are ruled out from their bytes, without building their value (and before their
        // neighbour is read).
        let length = t.end - t.start
        guard length >= 1 && length <= 5, t.start < s.bytes.count else { return }
        switch s.bytes[t.start] | 0x20 {
        case UInt8(ascii: "y"), UInt8(ascii: "n"), UInt8(ascii: "o"), UInt8(ascii: "t"), UInt8(ascii: "f"): break
        default: return
        }
        let prev = s.token(i - 1)
        if prev?.kind == .tag { return }
        if !checkKeys && prev?.kind == .key { return }
        if badTruthy == nil { badTruthy = specVersion == "1.2" ? badTruthy12 : badTruthy11 }
        // Compared as bytes packed into one integer: a plain scalar on one line is its own value (no
        // `String` is made).
        let value: UInt64?
        if let r = s.sourceValue(t) {
            value = ValueRule.packed(s.bytes[r])
        } else {
            value = ValueRule.packed(Array(s.value(t).utf8)[...])
        }
        if let value, badTruthy?.contains(value) == true {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: truthyMessage))
        }
    }

    /// `bytes` (at most seven) and their count packed into one integer, so two such byte strings are
    /// equal exactly when their packings are; nil for more than seven bytes.
    static func packed<C: Collection>(_ bytes: C) -> UInt64? where C.Element == UInt8 {
        guard bytes.count <= 7 else { return nil }
        var v = UInt64(bytes.count) << 56
        var shift: UInt64 = 0
        for b in bytes {
            v |= UInt64(b) << shift
            shift += 8
        }
        return v
    }

    private mutating func quotedStrings(_ s: LintStream, _ t: LintToken, _ prev: LintToken?,
                                        _ out: inout [LintStream.Problem]) {
        if t.kind == .flowMappingStart || t.kind == .flowSequenceStart { flowNesting += 1 }
        if t.kind == .flowMappingEnd || t.kind == .flowSequenceEnd { flowNesting -= 1 }
        guard t.kind == .scalar, let prev else { return }
        let p = prev.kind
        switch p {
        case .blockEntry, .flowEntry, .flowSequenceStart, .tag, .value, .key: break
        default: return
        }
        let node = p == .key ? "key" : "value"
        if node == "key" && !checkKeys { return }
        if p == .tag && s.value(prev) == "!!" { return }
        let value = s.value(t)
        let isString = !(resolver?.isNonString(value) ?? false)
        if t.isPlain && !isString { return }
        if t.style == .literal || t.style == .folded { return }
        let style: ScalarStyleKey? = t.style == .singleQuoted ? .single : t.style == .doubleQuoted ? .double : nil
        let quoted = style != nil
        let hasQuotedQuotes = (style == .single && value.contains("\"")) || (style == .double && value.contains("'"))
        let extraRequired = self.extraRequired.contains { $0.search(value) }
        let extraAllowed = self.extraAllowed.contains { $0.search(value) }
        func quoteMatches() -> Bool {
            if quoteType == "consistent", let style {
                if consistentStyle == nil { consistentStyle = style }
                return consistentStyle == style
            }
            return quoteType == "any" || (quoteType == "single" && style == .single) || (quoteType == "double" && style == .double)
        }
        var message: String? = nil
        if required == .bool(true) {
            if !quoted || !(quoteMatches() || (allowQuotedQuotes && hasQuotedQuotes)) {
                message = "string \(node) is not quoted with \(quoteType) quotes"
            }
        } else if required == .bool(false) {
            if quoted && !quoteMatches() && !(allowQuotedQuotes && hasQuotedQuotes) {
                message = "string \(node) is not quoted with \(quoteType) quotes"
            } else if !quoted && extraRequired {
                message = "string \(node) is not quoted"
            }
        } else {
            if quoted && isString && !value.isEmpty && !quotesNeeded(s, t, value) {
                if !(extraRequired || extraAllowed) {
                    message = "string \(node) is redundantly quoted with \(quoteType) quotes"
                }
            } else if quoted && !quoteMatches() && !(allowQuotedQuotes && hasQuotedQuotes) {
                message = "string \(node) is not quoted with \(quoteType) quotes"
            } else if !quoted && extraRequired {
                message = "string \(node) is not quoted"
            }
        }
        if let message { out.append(.init(line: t.startLine + 1, column: t.startColumn + 1, message: message)) }
    }

    /// yamllint `_quotes_are_needed`: whether the value, written plain after `key: `, would scan back as
    /// the same plain scalar.
    private func quotesNeeded(_ s: LintStream, _ t: LintToken, _ v: String) -> Bool {
        if flowNesting > 0 && v.contains(where: { ",[]{}".contains($0) }) { return true }
        if t.style == .doubleQuoted {
            if v.unicodeScalars.contains(where: { !ValueRule.isPrintable($0) }) { return true }
            if t.startLine != t.endLine {
                let inner = s.bytes[(t.start + 1)..<max(t.start + 1, t.end - 1)]
                let text = String(decoding: inner, as: UTF8.self)
                if text.contains("\\\n") || text.contains("\\\r\n") { return true }
            }
        }
        return !PlainScalarCheck.scansAsSamePlainScalar(v)
    }

    /// PyYAML's `Reader.check_printable` character class.
    public static func isPrintable(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0x7E) || v == 0x85
            || (v >= 0xA0 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || (v >= 0x10000 && v <= 0x10FFFF)
    }
}
