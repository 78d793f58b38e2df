import Foundation
import YAMLDocumentModel

extension LintEnvironment {
    /// File access for yamllint configuration discovery, shared by both renderers: files are read from
    /// disk, and `YAMLLINT_CONFIG_FILE` comes from the process environment (`~` expanded).
    public static var fileSystem: LintEnvironment {
        LintEnvironment(readFile: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } },
                        configFileFromEnvironment: ProcessInfo.processInfo.environment["YAMLLINT_CONFIG_FILE"]
                            .map { NSString(string: $0).expandingTildeInPath })
    }
}
