import Foundation
import TestSupport
import XCTest

/// Inputs a CI job meets: unreadable folders, pipes, UTF-16 files, a mistyped --schema.
final class CommandLineInputTests: XCTestCase {
    private func binary() throws -> URL {
        guard let b = BuiltBinary.pureyaml else { XCTFail("the pureyaml executable was not built"); throw XCTSkip("no binary") }
        return b
    }

    private func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testAFolderThatCannotBeListedFailsTheCheck() throws {
        // Root can list any folder, so as root the check runs as `nobody` through util-linux's setpriv.
        let setpriv = "/usr/bin/setpriv"
        if getuid() == 0 && !FileManager.default.isExecutableFile(atPath: setpriv) {
            throw XCTSkip("running as root without setpriv: cannot drop privileges to test an unreadable folder")
        }
        let dir = try tempDir()
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "a: 1\n".write(to: locked.appendingPathComponent("x.yaml"), atomically: true, encoding: .utf8)
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o755) }
        let r = getuid() == 0
            ? try runProcess(URL(fileURLWithPath: setpriv),
                             ["--reuid=65534", "--regid=65534", "--clear-groups", try binary().path, "check", dir.path])
            : try runProcess(try binary(), ["check", dir.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(String(decoding: r.stderr, as: UTF8.self).contains("cannot list the folder"))
    }

    /// A file named twice, or named and also found in a folder given too, is checked and formatted once,
    /// at its first mention.
    func testEachFileIsCheckedOnceHoweverOftenItIsNamed() throws {
        let dir = try tempDir()
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let a = sub.appendingPathComponent("a.yaml"), b = sub.appendingPathComponent("b.yaml")
        try "a: [1\n".write(to: a, atomically: true, encoding: .utf8)
        try "b:   [1\n".write(to: b, atomically: true, encoding: .utf8)
        let check = try runProcess(try binary(), ["check", b.path, b.path, sub.path + "/", dir.path + "/sub/../sub/b.yaml"])
        let out = String(decoding: check.stdout, as: UTF8.self)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }, [b.path, a.path], out)
        XCTAssertTrue(String(decoding: check.stderr, as: UTF8.self).hasPrefix("checked 2 files"),
                      String(decoding: check.stderr, as: UTF8.self))
        // format --check shows each file's diff once.
        try "a: 1\n".write(to: a, atomically: true, encoding: .utf8)
        try "b:   1\n".write(to: b, atomically: true, encoding: .utf8)
        let format = try runProcess(try binary(), ["format", "--check", b.path, sub.path, b.path])
        XCTAssertEqual(format.status, 1)
        XCTAssertEqual(String(decoding: format.stdout, as: UTF8.self).components(separatedBy: "+++ ").count - 1, 1,
                       String(decoding: format.stdout, as: UTF8.self))
    }

    func testAPipeCanBeCheckedByPath() throws {
        let r = try runProcess(try binary(), ["check", "/dev/stdin"], stdin: Data("a: [1\n".utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(String(decoding: r.stdout, as: UTF8.self).contains("[unclosed-flow-sequence]"))
    }

    func testUTF16FilesAreCheckedAndLeftUntouchedByFormat() throws {
        let dir = try tempDir()
        let file = dir.appendingPathComponent("u16.yaml")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "a:    é\nb: 1\n".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        try Data(bytes).write(to: file)
        let check = try runProcess(try binary(), ["check", file.path])
        XCTAssertEqual(check.status, 0, String(decoding: check.stdout + check.stderr, as: UTF8.self))
        let format = try runProcess(try binary(), ["format", file.path])
        XCTAssertEqual(format.status, 1)
        XCTAssertTrue(String(decoding: format.stderr, as: UTF8.self).contains("UTF-16LE"))
        XCTAssertEqual([UInt8](try Data(contentsOf: file)), bytes, "not one byte changed")
    }

    func testAMissingSchemaFileIsAUsageError() throws {
        let dir = try tempDir()
        let file = dir.appendingPathComponent("a.yaml")
        try "a: 1\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try runProcess(try binary(), ["check", "--schema", dir.appendingPathComponent("nope.json").path, file.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(String(decoding: r.stderr, as: UTF8.self).contains("no such file"))
    }

    /// A --schema file that exists but is not a schema validates nothing: exit 2 like a missing one, and the
    /// finding says why; a usable schema still decides the status by its findings.
    func testABrokenSchemaFileIsAUsageError() throws {
        let dir = try tempDir()
        let file = dir.appendingPathComponent("a.yaml")
        try "a: 1\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = dir.appendingPathComponent("broken.json")
        try "{ not json".write(to: broken, atomically: true, encoding: .utf8)
        let r = try runProcess(try binary(), ["check", "--schema", broken.path, file.path])
        XCTAssertEqual(r.status, 2, String(decoding: r.stdout + r.stderr, as: UTF8.self))
        XCTAssertTrue(String(decoding: r.stdout, as: UTF8.self).contains("schema-invalid"))
        XCTAssertTrue(String(decoding: r.stderr, as: UTF8.self).contains("could not be used"))
        let good = dir.appendingPathComponent("good.json")
        try #"{"properties": {"a": {"type": "integer"}}}"#.write(to: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runProcess(try binary(), ["check", "--schema", good.path, file.path]).status, 0)
    }

    /// A FIFO named `*.yaml` inside a checked folder is skipped, not read (reading it would block forever);
    /// regular files and links to them are checked (a link to a file already checked is that file: once).
    func testAFIFOInAFolderDoesNotBlockTheCheck() throws {
        let top = try tempDir()
        let dir = top.appendingPathComponent("checked")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "a: 1\n".write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        // The link's target is inside the checked folder: a link out of it would be skipped (see
        // CommandLineWriteTests), and the target itself is found too but checked once.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "t: 1\n".write(to: dir.appendingPathComponent("sub/target.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link.yaml"),
                                                   withDestinationURL: dir.appendingPathComponent("sub/target.yaml"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("same.yaml"),
                                                   withDestinationURL: dir.appendingPathComponent("a.yaml"))
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("pipe.yaml").path, 0o600), 0)
        let r = try runProcess(try binary(), ["check", dir.path])
        XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        XCTAssertTrue(String(decoding: r.stderr, as: UTF8.self).contains("2 files"), String(decoding: r.stderr, as: UTF8.self))
    }

    /// A link named `*.yaml` whose target is missing fails the check of its folder (exit 2, named on
    /// standard error: the check did not read every file), while the other files are still checked; a
    /// broken link the walk would not take (`notes.txt`) is no problem.
    func testABrokenLinkInAFolderFailsTheCheck() throws {
        let dir = try tempDir()
        try "a: 1\n".write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("notes.txt").path,
                                                   withDestinationPath: "missing.txt")
        let clean = try runProcess(try binary(), ["check", dir.path])
        XCTAssertEqual(clean.status, 0, String(decoding: clean.stderr, as: UTF8.self))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("gone.yaml").path,
                                                   withDestinationPath: "missing.yaml")
        let r = try runProcess(try binary(), ["check", dir.path])
        let stderr = String(decoding: r.stderr, as: UTF8.self)
        XCTAssertEqual(r.status, 2, stderr)
        XCTAssertTrue(stderr.contains("gone.yaml: a symbolic link to a file that does not exist"), stderr)
        XCTAssertTrue(stderr.contains("1 file"), stderr)
    }

    /// A loop of symbolic links named `*.yaml` in a folder is called a loop, not a link to a missing file.
    func testALoopOfLinksInAFolderIsSaidToBeALoop() throws {
        let dir = try tempDir()
        try "a: 1\n".write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("one.yaml").path, withDestinationPath: "two.yaml")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("two.yaml").path, withDestinationPath: "one.yaml")
        let r = try runProcess(try binary(), ["check", dir.path])
        let stderr = String(decoding: r.stderr, as: UTF8.self)
        XCTAssertEqual(r.status, 2, stderr)
        XCTAssertTrue(stderr.contains("one.yaml: a loop of symbolic links"), stderr)
        XCTAssertTrue(stderr.contains("two.yaml: a loop of symbolic links"), stderr)
        XCTAssertFalse(stderr.contains("does not exist"), stderr)
    }
}
