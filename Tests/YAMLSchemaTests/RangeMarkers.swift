import YAMLSyntax

/// Test text with `⏩…⏪` markers: the text without them and the marked UTF-8 byte ranges, in order.
struct RangeMarkers {
    let text: String
    let ranges: [TextRange]

    init(_ marked: String) {
        var text = ""
        var ranges: [TextRange] = []
        var open: Int?
        for character in marked {
            switch character {
            case "⏩": open = text.utf8.count
            case "⏪":
                if let start = open { ranges.append(TextRange(start: start, end: text.utf8.count)) }
                open = nil
            default: text.append(character)
            }
        }
        self.text = text
        self.ranges = ranges
    }
}
