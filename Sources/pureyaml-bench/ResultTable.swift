/// A table of figures printed either aligned for a terminal or as a GitHub markdown table.
struct ResultTable {
    /// Column headings.
    let headings: [String]
    /// Which columns are right-aligned (numbers).
    let numeric: Set<Int>
    /// Rows of cells, one per heading.
    private(set) var rows: [[String]] = []

    init(_ headings: [String], numeric: Set<Int>) {
        self.headings = headings
        self.numeric = numeric
    }

    /// Adds a row (missing trailing cells are blank).
    mutating func add(_ cells: [String]) {
        rows.append(cells + Array(repeating: "", count: max(0, headings.count - cells.count)))
    }

    /// The table as text lines.
    func render(markdown: Bool) -> String {
        let all = [headings] + rows
        var widths = headings.map(\.count)
        for row in all { for (i, c) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        func pad(_ s: String, _ i: Int) -> String {
            let fill = String(repeating: " ", count: widths[i] - s.count)
            return numeric.contains(i) ? fill + s : s + fill
        }
        var lines: [String] = []
        for (r, row) in all.enumerated() {
            let cells = row.prefix(widths.count).enumerated().map { pad($0.element, $0.offset) }
            lines.append(markdown ? "| " + cells.joined(separator: " | ") + " |" : cells.joined(separator: "  "))
            if r == 0 {
                let rule = widths.enumerated().map { i, w in
                    markdown ? String(repeating: "-", count: max(1, w - 1)) + (numeric.contains(i) ? ":" : "-")
                             : String(repeating: "-", count: w)
                }
                lines.append(markdown ? "| " + rule.joined(separator: " | ") + " |" : rule.joined(separator: "  "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Number formatting for the tables.
enum Figures {
    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var s = "\(rounded)"
        if s.contains("e") { return "\(Int(rounded))" }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        let frac = parts.count > 1 ? String(parts[1]) : ""
        if digits == 0 { return String(parts[0]) }
        s = String(parts[0]) + "." + (frac + String(repeating: "0", count: digits)).prefix(digits)
        return s
    }

    /// Milliseconds from seconds, with precision suited to the size.
    static func ms(_ seconds: Double) -> String {
        let m = seconds * 1000
        return m < 10 ? fixed(m, 2) : m < 100 ? fixed(m, 1) : fixed(m, 0)
    }

    /// Bytes as MB (10^6) with one decimal, or KB below 1 MB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? fixed(Double(bytes) / 1e6, 2) + " MB" : fixed(Double(bytes) / 1e3, 1) + " KB"
    }

    /// Bytes as MiB with one decimal.
    static func mib(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) }
}
