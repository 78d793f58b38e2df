import Foundation
import YAMLDocumentModel

extension LintEnvironment {
    /// File access for yamllint configuration discovery, shared by both renderers: files are read from
    /// disk, and the fallback configuration is yamllint's user-global one (``userConfigFile(environment:home:)``)
    /// from the process environment, whose relative paths are read from the process's current directory.
    public static var fileSystem: LintEnvironment {
        LintEnvironment(readFile: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } },
                        configFileFromEnvironment: userConfigFile(environment: ProcessInfo.processInfo.environment,
                                                                  home: NSHomeDirectory()),
                        currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// yamllint's user-global configuration, used where no `.yamllint` applies: `YAMLLINT_CONFIG_FILE` when
    /// set (`~` expanded; a missing file is not replaced by the next one, as in yamllint), else
    /// `$XDG_CONFIG_HOME/yamllint/config` when `XDG_CONFIG_HOME` is set and not empty, else
    /// `<home>/.config/yamllint/config`. The file need not exist.
    public static func userConfigFile(environment: [String: String], home: String) -> String {
        if let file = environment["YAMLLINT_CONFIG_FILE"] { return NSString(string: file).expandingTildeInPath }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/yamllint/config" }
        return home + "/.config/yamllint/config"
    }
}
