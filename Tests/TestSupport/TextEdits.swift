import Foundation

/// Applies LSP 3.17 `TextEdit`s (as decoded JSON objects) to `text` the way a client does: positions are
/// 0-based lines (ending at `\n`, `\r\n` or `\r`) and characters counted in `encoding` (`"utf-16"`, the
/// LSP default, or `"utf-8"`); a character past the line end means the line end; edits are applied from
/// the last to the first. Throws when an edit lacks a range or position, or when edits overlap.
public func applyLSPTextEdits(_ edits: [[String: Any]], to text: String, encoding: String = "utf-16") throws -> String {
    struct BadEdit: Error, CustomStringConvertible { var description: String }
    // Work in code units of the negotiated encoding.
    let utf8 = encoding == "utf-8"
    var units: [UInt32] = utf8 ? text.utf8.map(UInt32.init) : text.utf16.map(UInt32.init)
    var lineStarts = [0]
    var k = 0
    while k < units.count {
        if units[k] == 13, k + 1 < units.count, units[k + 1] == 10 { k += 2; lineStarts.append(k); continue }
        if units[k] == 10 || units[k] == 13 { lineStarts.append(k + 1) }
        k += 1
    }
    func offset(_ p: Any?) throws -> Int {
        guard let p = p as? [String: Any], let line = p["line"] as? Int, let ch = p["character"] as? Int else {
            throw BadEdit(description: "bad position \(String(describing: p))")
        }
        guard line < lineStarts.count else { return units.count }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : units.count
        // The line's content ends before its line break.
        while end > lineStarts[line], units[end - 1] == 10 || units[end - 1] == 13 { end -= 1 }
        return min(lineStarts[line] + ch, end)
    }
    var resolved: [(start: Int, end: Int, text: String)] = []
    for e in edits {
        guard let range = e["range"] as? [String: Any] else { throw BadEdit(description: "edit without a range: \(e)") }
        resolved.append((try offset(range["start"]), try offset(range["end"]), e["newText"] as? String ?? ""))
    }
    resolved.sort { $0.start > $1.start }
    var previousStart = Int.max
    for r in resolved {
        guard r.end <= previousStart, r.start <= r.end else { throw BadEdit(description: "overlapping or reversed edits") }
        previousStart = r.start
        let replacement: [UInt32] = utf8 ? r.text.utf8.map(UInt32.init) : r.text.utf16.map(UInt32.init)
        units.replaceSubrange(r.start..<r.end, with: replacement)
    }
    return utf8 ? String(decoding: units.map { UInt8($0) }, as: UTF8.self)
        : String(decoding: units.map { UInt16($0) }, as: UTF16.self)
}
