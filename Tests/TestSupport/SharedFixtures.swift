import Foundation

/// Locates `../shared` (the yaml-test-suite, JSON-Schema-Test-Suite, corpus and schemas that sit beside
/// the project) for tests. The only place tests look it up.
///
/// Order: the environment variable `PUREYAML_SHARED` (an empty value counts as unset); otherwise
/// `../shared` relative to the package root.
public enum SharedFixtures {
    /// The package root (the folder holding Package.swift), found from this file's path.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/TestSupport/SharedFixtures.swift -> package root
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The shared folder, or nil when it does not exist.
    public static var root: URL? {
        let url = location(environment: ProcessInfo.processInfo.environment["PUREYAML_SHARED"])
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }

    /// Where the shared folder is looked for, given the value of `PUREYAML_SHARED` (nil when unset): that
    /// path (relative ones from the package root), or `../shared` beside the package when it is unset or
    /// empty (an empty path would otherwise name the package root itself).
    public static func location(environment value: String?) -> URL {
        guard let value, !value.isEmpty else { return packageRoot.appendingPathComponent("../shared").standardizedFileURL }
        return URL(fileURLWithPath: value, relativeTo: packageRoot).standardizedFileURL
    }

    /// True when running in CI (`CI=true`), where a missing shared folder is a failure, not a skip.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The subfolder `name` of the shared folder, or a reason to skip the test when it is absent.
    /// In CI a missing folder is reported as a failure by the caller (see ``require(_:)``).
    public static func folder(_ name: String) -> Result<URL, SkipReason> {
        guard let root else {
            return .failure(SkipReason(message: "../shared not found (set PUREYAML_SHARED); skipping \(name) tests"))
        }
        let url = root.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .failure(SkipReason(message: "\(url.path) not found; skipping \(name) tests"))
        }
        return .success(url)
    }

    /// Why a shared-data test cannot run.
    public struct SkipReason: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

import XCTest

/// Returns `../shared/<name>` for a test, or throws `XCTSkip` with a clear message when it is absent.
/// Under `CI=true` a missing folder fails the test instead of skipping it.
public func requireSharedFolder(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    switch SharedFixtures.folder(name) {
    case .success(let url): return url
    case .failure(let reason):
        if SharedFixtures.isCI {
            XCTFail("CI=true but \(reason.message)", file: file, line: line)
            throw reason
        }
        throw XCTSkip(reason.message)
    }
}
