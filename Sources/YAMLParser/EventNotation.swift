import YAMLSyntax

extension Event {
    /// This event as one line of the yaml-test-suite `test.event` notation, e.g. `+MAP {} &a <tag>`,
    /// `=VAL :plain`, `=VAL "double`, `=ALI *a`, `-DOC ...`.
    ///
    /// Scalar values escape `\` as `\\` and the control characters NUL, BEL, BS, TAB, LF, VT, FF, CR and
    /// ESC as `\0 \a \b \t \n \v \f \r \e`, as the suite does; other characters are written as they are.
    public var testSuiteNotation: String {
        func props(_ anchor: String?, _ tag: String?) -> String {
            var s = ""
            if let anchor { s += " &" + anchor }
            if let tag { s += " <" + tag + ">" }
            return s
        }
        switch kind {
        case .streamStart: return "+STR"
        case .streamEnd: return "-STR"
        case .documentStart(let explicit, _, _): return explicit ? "+DOC ---" : "+DOC"
        case .documentEnd(let explicit): return explicit ? "-DOC ..." : "-DOC"
        case .mappingStart(let anchor, let tag, let style):
            return "+MAP" + (style == .flow ? " {}" : "") + props(anchor, tag)
        case .mappingEnd: return "-MAP"
        case .sequenceStart(let anchor, let tag, let style):
            return "+SEQ" + (style == .flow ? " []" : "") + props(anchor, tag)
        case .sequenceEnd: return "-SEQ"
        case .scalar(let value, let style, let anchor, let tag):
            let indicator: String
            switch style {
            case .plain: indicator = ":"
            case .singleQuoted: indicator = "'"
            case .doubleQuoted: indicator = "\""
            case .literal: indicator = "|"
            case .folded: indicator = ">"
            }
            return "=VAL" + props(anchor, tag) + " " + indicator + Self.escapeForTestSuite(value)
        case .alias(let anchor): return "=ALI *" + anchor
        }
    }

    /// The yaml-test-suite `test.event` text for `events`: one line per event, each ending in `\n`.
    public static func testSuiteEvents<Events: Sequence<Event>>(_ events: Events) -> String {
        var out = ""
        for e in events {
            out += e.testSuiteNotation
            out += "\n"
        }
        return out
    }

    static func escapeForTestSuite(_ value: String) -> String {
        var needs = false
        for b in value.utf8 where b == 0x5C || b < 0x20 { needs = true; break }
        if !needs { return value }
        var out = ""
        for u in value.unicodeScalars {
            switch u.value {
            case 0x5C: out += "\\\\"
            case 0x00: out += "\\0"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x1B: out += "\\e"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
