import SchemaFetching
import YAMLDocumentModel
import XCTest

/// yamllint's user-global configuration, the fallback where no `.yamllint` applies: `YAMLLINT_CONFIG_FILE`,
/// else `$XDG_CONFIG_HOME/yamllint/config`, else `~/.config/yamllint/config` (yamllint 1.38 `cli.py`).
final class LintUserConfigurationTests: XCTestCase {
    func testEnvironmentVariableWins() {
        XCTAssertEqual(LintEnvironment.userConfigFile(environment: ["YAMLLINT_CONFIG_FILE": "/etc/lint.yaml",
                                                                   "XDG_CONFIG_HOME": "/x"], home: "/home/u"),
                       "/etc/lint.yaml")
    }

    func testXDGConfigHomeThenHome() {
        XCTAssertEqual(LintEnvironment.userConfigFile(environment: ["XDG_CONFIG_HOME": "/x"], home: "/home/u"),
                       "/x/yamllint/config")
        XCTAssertEqual(LintEnvironment.userConfigFile(environment: ["XDG_CONFIG_HOME": ""], home: "/home/u"),
                       "/home/u/.config/yamllint/config")
        XCTAssertEqual(LintEnvironment.userConfigFile(environment: [:], home: "/home/u"), "/home/u/.config/yamllint/config")
    }
}
