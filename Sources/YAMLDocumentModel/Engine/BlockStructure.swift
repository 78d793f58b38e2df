import YAMLParser
import YAMLSyntax

/// The indentation structure of a block-style document read line by line from its text, the way a
/// person reads it: which key or sequence entry (`-`) each line opens and under which parent. Unlike
/// the composed graph it survives half-typed buffers, which is what completion needs.
///
/// Lines inside multi-line scalars and flow collections (known from the lossless tree), blank lines,
/// comment lines and document markers are skipped. A key or `-` at column `c` closes every open entry at
/// a column greater than `c`, and at `c` itself unless it is a `-` under a key at `c` (YAML allows
/// `key:` followed by `- item` at the same indentation, §8.2.1).
struct BlockStructure {
    /// An opened key or sequence entry.
    struct Entry {
        /// 0-based column (UTF-8 bytes from the line start).
        let column: Int
        /// True for a `-` sequence entry.
        let isDash: Bool
        /// The key text (empty for a dash).
        let name: String
        /// 0-based line.
        let line: Int
        /// Unique id; the root is -1.
        let id: Int
        /// The id of the entry it belongs to (-1 for the root).
        let parent: Int
    }

    /// Every entry opened, in text order.
    private(set) var entries: [Entry] = []
    private var stack: [Entry] = []
    let bytes: [UInt8]
    let lines: LineIndex

    init(bytes: [UInt8], lines: LineIndex) {
        self.bytes = bytes
        self.lines = lines
    }

    /// The entries open at this point (outermost first).
    var open: [Entry] { stack }

    /// Lines to skip: continuation lines of multi-line scalars and flow collections.
    static func skippedLines(_ tree: SyntaxTree, _ lines: LineIndex, within range: TextRange) -> Set<Int> {
        var skip = Set<Int>()
        func mark(_ r: TextRange, includeFirst: Bool) {
            guard r.end > r.start, r.overlaps(range) else { return }
            let first = lines.line(containing: r.start)
            let last = lines.line(containing: r.end - 1)
            let from = includeFirst ? first : first + 1
            if from <= last { for l in from...last { skip.insert(l) } }
        }
        for token in tree.tokens {
            switch token.kind {
            case .blockScalarContent: mark(token.range, includeFirst: true)
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar: mark(token.range, includeFirst: false)
            default: break
            }
        }
        for i in tree.nodes.indices where tree.nodes[i].kind == .flowMapping || tree.nodes[i].kind == .flowSequence {
            if tree.nodes[i].parent >= 0, [.flowMapping, .flowSequence].contains(tree.nodes[tree.nodes[i].parent].kind) { continue }
            mark(SyntaxNode(tree: tree, index: i).significantRange, includeFirst: false)
        }
        return skip
    }

    /// One opener of a line: a `-` or a `key:` at a byte offset.
    struct Opener {
        let offset: Int
        let isDash: Bool
        let name: String
    }

    /// The `-` entries and the `key:` a line opens, stopping at `limit` (exclusive).
    func openers(line: Int, limit: Int? = nil) -> [Opener] {
        let start = lines.lineStart(line)
        let end = Swift.min(lines.lineContentEnd(line), limit ?? Int.max)
        var p = start
        var out: [Opener] = []
        func skipBlanks() { while p < end, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 } }
        func blankAfter(_ q: Int) -> Bool { q + 1 >= end || bytes[q + 1] == 0x20 || bytes[q + 1] == 0x09 }
        skipBlanks()
        if p < end, bytes[p] == UInt8(ascii: "#") { return [] }
        if p + 3 <= end, bytes[p..<p + 3].elementsEqual("---".utf8) || bytes[p..<p + 3].elementsEqual("...".utf8),
           p + 3 == end || bytes[p + 3] == 0x20 { return [] }
        while p < end {
            let c = bytes[p]
            if c == UInt8(ascii: "-") && blankAfter(p) {
                out.append(Opener(offset: p, isDash: true, name: ""))
                p += 1
                skipBlanks()
                continue
            }
            if c == UInt8(ascii: "?") && blankAfter(p) { p += 1; skipBlanks(); continue }
            if c == UInt8(ascii: "&") || c == UInt8(ascii: "!") {
                while p < end, bytes[p] != 0x20, bytes[p] != 0x09 { p += 1 }
                skipBlanks()
                continue
            }
            if let name = key(at: p, end: end) { out.append(Opener(offset: p, isDash: false, name: name)) }
            break
        }
        return out
    }

    /// The key text when a `key:` (plain, or quoted) starts at `p` on a line ending at `end`.
    func key(at p: Int, end: Int) -> String? {
        guard p < end else { return nil }
        var q = p
        let c = bytes[p]
        var text: String
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            q += 1
            while q < end {
                if c == UInt8(ascii: "\"") && bytes[q] == UInt8(ascii: "\\") { q += 2; continue }
                if bytes[q] == c {
                    if c == UInt8(ascii: "'") && q + 1 < end && bytes[q + 1] == c { q += 2; continue }
                    break
                }
                q += 1
            }
            guard q < end else { return nil }
            text = String(decoding: bytes[(p + 1)..<q], as: UTF8.self)
            q += 1
            while q < end, bytes[q] == 0x20 || bytes[q] == 0x09 { q += 1 }
            guard q < end, bytes[q] == UInt8(ascii: ":"), q + 1 >= end || bytes[q + 1] == 0x20 || bytes[q + 1] == 0x09 else {
                return nil
            }
            return text
        }
        if [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "*"),
            UInt8(ascii: "#")].contains(c) { return nil }
        while q < end {
            let b = bytes[q]
            if b == UInt8(ascii: ":") && (q + 1 >= end || bytes[q + 1] == 0x20 || bytes[q + 1] == 0x09) {
                var e = q
                while e > p, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
                text = String(decoding: bytes[p..<e], as: UTF8.self)
                return text
            }
            if b == UInt8(ascii: "#") && q > p && (bytes[q - 1] == 0x20 || bytes[q - 1] == 0x09) { return nil }
            q += 1
        }
        return nil
    }

    /// Opens `opener`, closing the entries it ends.
    mutating func apply(_ opener: Opener, line: Int) {
        let column = opener.offset - lines.lineStart(line)
        close(before: column, dash: opener.isDash)
        let entry = Entry(column: column, isDash: opener.isDash, name: opener.name, line: line, id: entries.count,
                          parent: stack.last?.id ?? -1)
        entries.append(entry)
        stack.append(entry)
    }

    /// Closes the entries that something at `column` ends (see the type's description).
    mutating func close(before column: Int, dash: Bool) {
        while let top = stack.last, top.column > column || (top.column == column && !(dash && !top.isDash)) {
            stack.removeLast()
        }
    }

    /// The key path of the open entries: keys by name, dashes as items of unknown index.
    var path: [KeyPathComponent] { stack.map { $0.isDash ? .item(nil) : .key($0.name) } }

    /// Keys opened directly under entry `parent` (-1 for the root), except those on line `excluding`.
    func keys(under parent: Int, excluding line: Int) -> [String] {
        entries.filter { !$0.isDash && $0.parent == parent && $0.line != line }.map(\.name)
    }
}
