/// Which files count as YAML when a directory is checked or formatted.
public enum YAMLFileFilter {
    /// File name extensions treated as YAML, lowercase, without the dot.
    public static let extensions: Set<String> = ["yaml", "yml"]

    /// True when `path` names a YAML file by its extension (case-insensitive).
    public static func isYAMLFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// True for directory names never walked into (version control and build folders).
    public static func isSkippedDirectory(_ name: String) -> Bool {
        name == ".git" || name == ".hg" || name == ".svn" || name == "node_modules" || name == ".build"
    }
}
