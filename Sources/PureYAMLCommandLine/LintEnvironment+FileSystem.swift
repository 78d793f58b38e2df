import Foundation
import YAMLDocumentModel

extension LintEnvironment {
    /// The command line's file access for yamllint configuration discovery: files are read from disk,
    /// and `YAMLLINT_CONFIG_FILE` comes from the process environment (`~` expanded).
    static var fileSystem: LintEnvironment {
        LintEnvironment(readFile: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } },
                        configFileFromEnvironment: ProcessInfo.processInfo.environment["YAMLLINT_CONFIG_FILE"]
                            .map { NSString(string: $0).expandingTildeInPath })
    }
}
