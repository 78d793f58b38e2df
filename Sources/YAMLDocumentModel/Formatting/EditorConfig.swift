/// `.editorconfig` files (https://spec.editorconfig.org): INI-like sections whose headers are globs
/// matched against a file's path. The model never reads files: the renderer passes a `read` function
/// (path -> text, nil when absent), so this stays I/O-free and testable.
public enum EditorConfig {
    /// One `key = value` line of a section (both lowercased and trimmed).
    public struct Property: Sendable, Hashable {
        /// The key, e.g. `indent_size`.
        public var key: String
        /// The value, e.g. `2`.
        public var value: String
    }

    /// One `[glob]` section and its properties in order.
    public struct Section: Sendable, Hashable {
        /// The header's glob (see ``EditorConfigGlob``).
        public var glob: String
        /// The properties, in file order.
        public var properties: [Property] = []
    }

    /// One parsed file: whether it says `root = true`, and its sections in order.
    public struct File: Sendable, Hashable {
        /// `root = true` in the preamble: files in parent directories are not consulted.
        public var isRoot = false
        /// Sections in file order.
        public var sections: [Section] = []
    }

    /// Parses `.editorconfig` text. Comments (`#`, `;` at a line start) and malformed lines are skipped.
    public static func parse(_ text: String) -> File {
        var file = File()
        var inPreamble = true
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]"), line.count >= 2 {
                inPreamble = false
                file.sections.append(Section(glob: String(line.dropFirst().dropLast())))
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingSpaces().lowercased()
            let value = line[line.index(after: eq)...].trimmingSpaces().lowercased()
            if inPreamble {
                if key == "root" { file.isRoot = value == "true" }
            } else if !file.sections.isEmpty {
                file.sections[file.sections.count - 1].properties.append(Property(key: key, value: value))
            }
        }
        return file
    }

    /// The properties for the file at absolute `path` (`/`-separated): `.editorconfig` files are read
    /// from the file's directory upwards until one says `root = true`; nearer files and later sections
    /// win.
    public static func properties(forFile path: String, read: (String) -> String?) -> EditorConfigProperties {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.count >= 2 else { return EditorConfigProperties() }
        components.removeLast()
        var files: [(directory: String, file: File)] = []   // nearest first
        while !components.isEmpty {
            let directory = components.joined(separator: "/")
            if let text = read(directory + "/.editorconfig") {
                let f = parse(text)
                files.append((directory, f))
                if f.isRoot { break }
            }
            components.removeLast()
        }
        var values: [String: String] = [:]
        for (directory, file) in files.reversed() {   // farthest first, so nearer files override
            let relative = String(path.dropFirst(directory.count + 1))
            for section in file.sections where EditorConfigGlob.matches(section.glob, path: relative) {
                for p in section.properties { values[p.key] = p.value }
            }
        }
        return properties(values)
    }

    /// The formatting properties among `values` (`unset` and unknown values give nil).
    static func properties(_ values: [String: String]) -> EditorConfigProperties {
        var p = EditorConfigProperties()
        func bool(_ key: String) -> Bool? { values[key] == "true" ? true : values[key] == "false" ? false : nil }
        if let s = values["indent_size"] {
            let n = s == "tab" ? values["tab_width"].flatMap { Int($0) } : Int(s)
            if let n, n > 0, n <= 16 { p.indentSize = n }
        }
        switch values["end_of_line"] {
        case "lf": p.lineBreak = "\n"
        case "crlf": p.lineBreak = "\r\n"
        case "cr": p.lineBreak = "\r"
        default: break
        }
        p.insertFinalNewline = bool("insert_final_newline")
        p.trimTrailingWhitespace = bool("trim_trailing_whitespace")
        return p
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
