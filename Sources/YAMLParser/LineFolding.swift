/// Collects the white space and line breaks between two pieces of a multi-line flow scalar and turns
/// them into folded text (YAML 1.2.2 §6.5 "Line Folding", §7.3): white space before a line break is
/// dropped, one line break becomes a space, and n > 1 line breaks become n - 1 newlines. An escaped
/// line break in a double-quoted scalar (§7.3.1) joins the lines without a space.
struct LineFolding {
    /// Spaces and tabs since the last content, while no line break followed them: they are
    /// contiguous in the source, so their first offset and count are enough (no allocation).
    private var whitespaceStart = 0
    private var whitespaceCount = 0
    /// True once a line break (real or escaped) was seen since the last content.
    private(set) var afterBreak = false
    /// False when the first break was escaped, so it adds nothing itself.
    private var firstBreakFolds = false
    /// Line breaks after the first one.
    private var extraBreaks = 0

    /// Records the space or tab at source offset `p` (blanks are recorded in source order).
    mutating func blank(at p: Int) {
        if afterBreak { return }
        if whitespaceCount == 0 { whitespaceStart = p }
        whitespaceCount += 1
    }

    /// Records a line break.
    mutating func lineBreak() {
        if afterBreak {
            extraBreaks += 1
        } else {
            whitespaceCount = 0
            afterBreak = true
            firstBreakFolds = true
        }
    }

    /// Records a `\` line break in a double-quoted scalar.
    mutating func escapedBreak() {
        afterBreak = true
        firstBreakFolds = false
    }

    /// Forgets the blanks collected (they are already part of the value); no line break was seen.
    mutating func discard() { whitespaceCount = 0 }

    /// Appends the folded form of what was collected to `text` and starts over; `source` is the
    /// text the recorded blanks are in.
    mutating func flush(into text: inout [UInt8], source: UnsafeBufferPointer<UInt8>) {
        if afterBreak {
            if firstBreakFolds && extraBreaks == 0 {
                text.append(0x20)
            } else {
                text.append(contentsOf: repeatElement(0x0A, count: extraBreaks))
            }
            afterBreak = false
            extraBreaks = 0
        } else if whitespaceCount > 0 {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: source[whitespaceStart..<whitespaceStart + whitespaceCount]))
            whitespaceCount = 0
        }
    }
}
