/// What the model needs from the outside world to find a document's yamllint configuration, supplied by
/// the renderer with ``Intent/configureLint(_:)``: the model itself never touches the file system.
///
/// Discovery (done by the model through `readFile`, as yamllint does): `.yamllint`, `.yamllint.yaml`,
/// `.yamllint.yml` in the document's directory and then each parent directory; else the file named by
/// `YAMLLINT_CONFIG_FILE`. Paths are absolute file system paths (`/`-separated).
public struct LintEnvironment: Sendable {
    /// Reads the file at an absolute path; nil when it does not exist or cannot be read.
    public var readFile: @Sendable (String) -> [UInt8]?
    /// The value of `YAMLLINT_CONFIG_FILE`, if set (already expanded to an absolute path by the renderer).
    public var configFileFromEnvironment: String?

    /// An environment reading files with `readFile`.
    public init(readFile: @escaping @Sendable (String) -> [UInt8]?, configFileFromEnvironment: String? = nil) {
        self.readFile = readFile
        self.configFileFromEnvironment = configFileFromEnvironment
    }
}
