import YAMLParser
import YAMLSyntax

/// Every anchor and alias of a snapshot in text order, each alias bound to its anchor
/// (YAML 1.2.2 §7.1: the nearest earlier anchor of that name in the same document).
///
/// Built from the lossless tree's `anchor` and `alias` tokens, so it also works on half-typed buffers
/// whose composition is incomplete. Linear in the number of tokens.
public struct AnchorIndex: Sendable {
    /// All occurrences in text order.
    public let occurrences: [AnchorOccurrence]

    /// Indexes the anchors and aliases of `tree`, document by document.
    public init(tree: SyntaxTree) {
        var out: [AnchorOccurrence] = []
        Self.scan(tree) { isAnchor, range, binding in
            let nameRange = TextRange(start: range.start + 1, end: range.end)
            out.append(AnchorOccurrence(name: tree.text(nameRange), role: isAnchor ? .anchor : .alias, range: range,
                                        nameRange: nameRange, binding: binding))
        }
        occurrences = out
    }

    /// Calls `body` for every anchor and alias token of `tree` in text order with the occurrence's
    /// binding as ``AnchorOccurrence/binding`` defines it (occurrences numbered from 0 in the order of
    /// the calls): what ``init(tree:)`` indexes, without building the names. `range` is the whole token
    /// (UTF-8 byte offsets), at least one byte long.
    static func scan(_ tree: SyntaxTree, _ body: (_ isAnchor: Bool, _ range: TextRange, _ binding: Int?) -> Void) {
        scan(tokens: tree.tokens, documentStarts: documentStarts(tree), bytes: tree.bytes, body)
    }

    /// Where the `document` nodes of `tree` start (UTF-8 byte offsets), as ``SparseSyntax/documentStarts``.
    static func documentStarts(_ tree: SyntaxTree) -> [Int] {
        tree.root.children.filter { $0.kind == .document }.map(\.range.start)
    }

    /// ``scan(_:_:)`` of a tree given by its tokens (all, or at least its anchors and aliases: a
    /// ``SparseSyntax``'s), where its `document` nodes start, and its text.
    static func scan(tokens: [Token], documentStarts documents: [Int], bytes text: [UInt8],
                     _ body: (_ isAnchor: Bool, _ range: TextRange, _ binding: Int?) -> Void) {
        var names = AnchorNameTable()
        var document = -1
        var count = 0
        text.withUnsafeBufferPointer { bytes in
            for token in tokens where token.kind == .anchor || token.kind == .alias {
                // A new document forgets the previous document's anchors (§7.1: aliases are per document).
                var d = Swift.max(document, 0)
                while d + 1 < documents.count && documents[d + 1] <= token.range.start { d += 1 }
                if d != document { names.reset(); document = d }
                guard token.range.length >= 1 else { continue }
                let start = token.range.start + 1, end = token.range.end
                if token.kind == .anchor {
                    names.set(count, for: start, end, in: bytes)
                    body(true, token.range, count)
                } else {
                    body(false, token.range, names.value(of: start, end, in: bytes))
                }
                count += 1
            }
        }
    }

    /// The index of the occurrence under byte `offset` (a cursor just after the token counts), if any.
    public func occurrence(at offset: Int) -> Int? {
        var lo = 0, hi = occurrences.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if occurrences[mid].range.end < offset { lo = mid + 1 } else { hi = mid }
        }
        // Prefer a token that contains the offset over one that merely ends at it.
        if lo + 1 < occurrences.count, occurrences[lo].range.end == offset, occurrences[lo + 1].range.start == offset {
            return lo + 1
        }
        return lo < occurrences.count && occurrences[lo].range.touches(offset) ? lo : nil
    }

    /// The anchor `anchorIndex` and every alias bound to it, in text order.
    public func group(of anchorIndex: Int) -> [Int] {
        var out: [Int] = []
        for (i, o) in occurrences.enumerated() where o.binding == anchorIndex { out.append(i) }
        return out
    }

    /// The anchors defined before byte `offset` in the document that contains it, latest definition of each
    /// name only, in text order.
    public func anchorsVisible(at offset: Int, documentRange: TextRange) -> [AnchorOccurrence] {
        var latest: [String: AnchorOccurrence] = [:]
        var order: [String] = []
        for o in occurrences where o.role == .anchor && o.range.end <= offset {
            guard o.range.start >= documentRange.start else { continue }
            if latest[o.name] == nil { order.append(o.name) }
            latest[o.name] = o
        }
        return order.compactMap { latest[$0] }
    }

    /// True when `name` is a valid anchor name (YAML 1.2.2 §6.9.2 ns-anchor-char+): at least one character,
    /// each printable, not white space or a line break, not a byte order mark, and not a flow indicator
    /// `,` `[` `]` `{` `}`.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        for s in name.unicodeScalars {
            switch s.value {
            case 0x20, 0x09, 0x0A, 0x0D, 0xFEFF: return false
            case 0x2C, 0x5B, 0x5D, 0x7B, 0x7D: return false
            case 0x21...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: continue
            default: return false
            }
        }
        return true
    }
}
