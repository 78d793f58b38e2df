/// Markdown written by a schema's author (`markdownDescription`), made safe to show in an editor: a
/// schema can come from any repository or server, and editors act on links in hovers (VS Code runs a
/// `command:` link when it is clicked) and fetch the images they show.
///
/// - Links `[text](destination)` (and reference definitions `[id]: destination`) keep their
///   destination only when it is `http:`, `https:` or `mailto:` or has no scheme (`#anchor`,
///   `relative/page`); otherwise (`command:`, `file:`, `javascript:`, …) only the text stays.
/// - Images `![alt](source)` become their alt text, so that no image is fetched for a schema's hover,
///   unless `allowImages` (the user's `pureyaml.hover.allowImages`) is true and the source is `https:`;
///   an image of any other scheme (`http:`, `file:`, `data:`, no scheme, …) still becomes its alt text.
/// - Autolinks `<https://…>` stay; any other `<` that starts a tag is escaped (`&lt;`), so no raw HTML
///   (`<a href="command:…">`, `<img src=…>`) reaches the client.
/// - Code spans and fenced code blocks are kept as written.
public enum SchemaMarkdown {
    /// `markdown` with unsafe links, images and HTML removed (see the type's documentation); `https:`
    /// images are kept only when `allowImages`. The result of one call, sanitized again, only loses what
    /// the second call's `allowImages` refuses.
    public static func sanitized(_ markdown: String, allowImages: Bool = false) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).filter { !isUnsafeDefinition($0) }
        let text = Array(lines.joined(separator: "\n"))
        return sanitized(text, allowImages: allowImages)
    }

    private static func sanitized(_ text: [Character], allowImages: Bool) -> String {
        var out = ""
        var i = 0
        while i < text.count {
            let c = text[i]
            if c == "\\", i + 1 < text.count {
                out.append(c); out.append(text[i + 1]); i += 2; continue
            }
            if c == "`" {
                // A code span or fenced block (a run of n backticks to the next run of n) is copied as is:
                // nothing in it is a link or a tag.
                var n = 0
                while i + n < text.count, text[i + n] == "`" { n += 1 }
                var j = i + n
                var end: Int?
                while j < text.count {
                    if text[j] == "`" {
                        var m = 0
                        while j + m < text.count, text[j + m] == "`" { m += 1 }
                        if m == n { end = j + m; break }
                        j += m
                    } else {
                        j += 1
                    }
                }
                let stop = end ?? i + n
                out += String(text[i..<stop])
                i = stop
                continue
            }
            let image = c == "!" && i + 1 < text.count && text[i + 1] == "["
            if c == "[" || image, let link = self.link(text, at: image ? i + 1 : i) {
                if image && allowImages && isSafeImage(link.destination) {
                    out += "![" + sanitized(link.label, allowImages: allowImages) + "](" + link.destination + ")"
                } else if image || !isSafe(link.destination) {
                    out += sanitized(link.label, allowImages: allowImages)
                } else if link.destination.isEmpty {
                    out += "[" + sanitized(link.label, allowImages: allowImages) + "]" + String(text[(i + link.label.count + 2)..<link.end])
                } else {
                    out += "[" + sanitized(link.label, allowImages: allowImages) + "](" + link.destination + ")"
                }
                i = link.end
                continue
            }
            if c == "<", i + 1 < text.count, text[i + 1].isLetter || text[i + 1] == "/" || text[i + 1] == "!" || text[i + 1] == "?" {
                if let close = text[(i + 1)...].firstIndex(of: ">") {
                    let inside = String(text[(i + 1)..<close])
                    if !inside.contains(" "), inside.contains(":"), isSafe(inside), scheme(of: inside) != nil {
                        out += "<" + inside + ">"
                        i = close + 1
                        continue
                    }
                }
                out += "&lt;"
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// `[label](destination)` or `[label][reference]` starting at the `[` at `start`.
    private static func link(_ text: [Character], at start: Int) -> (label: String, destination: String, end: Int)? {
        var depth = 0
        var k = start
        while k < text.count {
            if text[k] == "\\" { k += 2; continue }
            if text[k] == "[" { depth += 1 } else if text[k] == "]" { depth -= 1; if depth == 0 { break } }
            k += 1
        }
        guard k < text.count, k + 1 < text.count else { return nil }
        let label = String(text[(start + 1)..<k])
        if text[k + 1] == "(" {
            var parens = 0
            var j = k + 1
            while j < text.count {
                if text[j] == "(" { parens += 1 } else if text[j] == ")" { parens -= 1; if parens == 0 { break } }
                j += 1
            }
            guard j < text.count else { return nil }
            let destination = String(text[(k + 2)..<j]).trimmingSpaces
            return (label, destination, j + 1)
        }
        if text[k + 1] == "[", let close = text[(k + 1)...].firstIndex(of: "]") {
            // A reference link: its definition was checked (and dropped when unsafe) line by line, so the
            // link stays as written (with a dropped definition it shows as plain text).
            return (label, "", close + 1)
        }
        return nil
    }

    /// True for a reference definition line (`[id]: destination`) whose destination is not safe.
    private static func isUnsafeDefinition(_ line: Substring) -> Bool {
        let t = line.drop { $0 == " " }
        guard t.hasPrefix("["), let close = t.firstIndex(of: "]"), t[close...].hasPrefix("]:") else { return false }
        let destination = t[t.index(close, offsetBy: 2)...].trimmingSpaces.split(separator: " ").first.map(String.init) ?? ""
        return !isSafe(destination)
    }

    /// True when `destination` (possibly in `<…>`, possibly followed by a title) may stay a link.
    private static func isSafe(_ destination: String) -> Bool {
        var d = Substring(destination)
        if d.hasPrefix("<") { d = d.dropFirst() }
        guard let scheme = scheme(of: String(d)) else { return true }
        return ["http", "https", "mailto"].contains(scheme)
    }

    /// True when the image source `destination` (possibly in `<…>`, possibly followed by a title) is `https:`.
    private static func isSafeImage(_ destination: String) -> Bool {
        var d = Substring(destination)
        if d.hasPrefix("<") { d = d.dropFirst() }
        return scheme(of: String(d)) == "https"
    }

    /// The lowercased URI scheme of `s` (RFC 3986 §3.1, letters, digits, `+`, `-`, `.` before a `:`),
    /// or nil when it has none.
    private static func scheme(of s: String) -> String? {
        // Spaces and control characters inside a scheme would still be read as one by some clients.
        let cleaned = s.filter { !$0.isWhitespace && !($0.asciiValue.map { $0 < 0x20 } ?? false) }
        guard let colon = cleaned.firstIndex(of: ":") else { return nil }
        let name = cleaned[..<colon]
        guard let first = name.first, first.isLetter,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return nil }
        return name.lowercased()
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
