/// The release of PureYAML this build is: the one version every place reports (`pureyaml --version`, the
/// language server's `serverInfo.version`, SARIF logs' `tool.driver.version`) and the one that
/// `editors/vscode/package.json` and the newest release heading of `CHANGELOG.md` name (kept equal by
/// `Tests/EndToEndTests/VersionConsistencyTests.swift`). A release is tagged `v` + this string.
public enum PureYAMLVersion {
    /// Semantic Versioning 2.0.0 (`MAJOR.MINOR.PATCH`).
    public static let current = "0.1.0"
}
