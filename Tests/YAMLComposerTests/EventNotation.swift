import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Builds events from the yaml-test-suite event notation (one event per line, e.g. `+MAP {} &a`,
/// `=VAL <tag:yaml.org,2002:str> "x`, `=ALI *a`), so composer tests are data, not API calls.
///
/// Each event's range is its own line in `notation` (for `+MAP`/`+SEQ`, from its line to the end of
/// the matching `-MAP`/`-SEQ` line), so passing `bytes` to the composer makes message line numbers
/// equal the notation's 1-based line numbers. `+STR`/`-STR` are added when missing.
struct EventNotation {
    let text: String
    let bytes: [UInt8]
    let events: [Event]

    init(_ notation: String) {
        var lines = notation.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.drop { $0 == " " })
        }
        while lines.last == "" { lines.removeLast() }
        if lines.first != "+STR" { lines.insert("+STR", at: 0) }
        if lines.last != "-STR" { lines.append("-STR") }
        text = lines.joined(separator: "\n")
        bytes = Array(text.utf8)
        var events: [Event] = []
        var open: [Int] = []  // indices of +MAP/+SEQ events awaiting their end
        var offset = 0
        for line in lines {
            let range = TextRange(start: offset, end: offset + line.utf8.count)
            offset = range.end + 1
            let (kind, isOpen, isClose) = EventNotation.kind(of: line)
            guard let kind else { continue }
            if isClose, let i = open.popLast() {
                events[i].range = TextRange(start: events[i].range.start, end: range.end)
            }
            events.append(Event(kind, range: isClose ? TextRange(empty: range.end) : range))
            if isOpen { open.append(events.count - 1) }
        }
        self.events = events
    }

    /// The composition of the events.
    func compose() -> Composition { Composer.compose(events: events, bytes: bytes) }

    private static func kind(of line: String) -> (Event.Kind?, Bool, Bool) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let head = words.first else { return (nil, false, false) }
        var rest = words.count > 1 ? words[1] : ""
        var anchor: String?
        var tag: String?
        var style = CollectionStyle.block
        // Properties before the value.
        while true {
            if rest.hasPrefix("&") {
                let name = rest.dropFirst().prefix { $0 != " " }
                anchor = String(name)
                rest = String(rest.dropFirst(name.count + 1).drop { $0 == " " })
            } else if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
                tag = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = String(rest[rest.index(after: close)...].drop { $0 == " " })
            } else if rest.hasPrefix("{}") || rest.hasPrefix("[]") {
                style = .flow
                rest = String(rest.dropFirst(2).drop { $0 == " " })
            } else {
                break
            }
        }
        switch head {
        case "+STR": return (.streamStart, false, false)
        case "-STR": return (.streamEnd, false, false)
        case "+DOC":
            let version = rest.contains("%YAML") ? String(rest.split(separator: " ").last ?? "") : nil
            return (.documentStart(explicit: rest.hasPrefix("---"), version: version, tagDirectives: []), false, false)
        case "-DOC": return (.documentEnd(explicit: rest.hasPrefix("...")), false, false)
        case "+MAP": return (.mappingStart(anchor: anchor, tag: tag, style: style), true, false)
        case "+SEQ": return (.sequenceStart(anchor: anchor, tag: tag, style: style), true, false)
        case "-MAP": return (.mappingEnd, false, true)
        case "-SEQ": return (.sequenceEnd, false, true)
        case "=ALI": return (.alias(anchor: String(rest.dropFirst())), false, false)
        case "=VAL":
            let styles: [Character: ScalarStyle] = [":": .plain, "'": .singleQuoted, "\"": .doubleQuoted,
                                                    "|": .literal, ">": .folded]
            guard let first = rest.first, let scalarStyle = styles[first] else { return (nil, false, false) }
            let value = unescape(String(rest.dropFirst()))
            return (.scalar(value: value, style: scalarStyle, anchor: anchor, tag: tag), false, false)
        default: return (nil, false, false)
        }
    }

    private static func unescape(_ s: String) -> String {
        var out = ""
        var escaping = false
        for c in s {
            if escaping {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "b": out.append("\u{08}")
                case "r": out.append("\r")
                default: out.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
