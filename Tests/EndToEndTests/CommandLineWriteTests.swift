import Foundation
import TestSupport
import XCTest

/// `format` and `check --fix` rewrite files so that none can be lost or reached outside the tree
/// (issue 23): symbolic links out of the walked folder are skipped, a link named on the command line is
/// resolved (and said so), writes are atomic and keep the mode, and a failed write leaves the original.
extension CommandLineTests {
    private func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    func testFolderWalksSkipSymbolicLinksOutOfTheTree() throws {
        let inside = try write("tree/a.yaml", "a:    1\n")
        let outside = try write("outside/b.yaml", "b:    2\n")
        let outsideDot = try write("outside/.bashrc", "x:    3\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("tree/link.yaml").path, withDestinationPath: "../outside/b.yaml")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("tree/dir").path, withDestinationPath: "../outside")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("tree/.bashrc").path, withDestinationPath: "../outside/.bashrc")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("tree/same.yaml").path, withDestinationPath: "a.yaml")
        try write("tree/.yamllint", "extends: default\nyaml-files: ['*', '.*']\nrules:\n  document-start: disable\n  colons: enable\n")
        let tree = folder.appendingPathComponent("tree").path
        for args in [["format", tree], ["check", "--fix", tree]] {
            let r = try run(args)
            XCTAssertTrue(r.err.contains("tree/link.yaml: skipped: a symbolic link to"), "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains("tree/dir: skipped: a symbolic link to"), r.err)
            XCTAssertEqual(try read(outside), "b:    2\n", "\(args) rewrote a file outside the tree")
            XCTAssertEqual(try read(outsideDot), "x:    3\n", "\(args) rewrote a file outside the tree")
        }
        XCTAssertEqual(try read(inside), "a: 1\n")
        XCTAssertTrue(isLink(folder.appendingPathComponent("tree/same.yaml")), "a link inside the tree stays a link")
    }

    func testALinkNamedOnTheCommandLineIsResolvedAndSaidSo() throws {
        let target = try write("outside/b.yaml", "b:    2\n")
        let link = folder.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "outside/b.yaml")
        let r = try run(["format", link.path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.err.contains("\(link.path) is a symbolic link: writing its target"), r.err)
        XCTAssertEqual(try read(target), "b: 2\n")
        XCTAssertTrue(isLink(link), "the link is not replaced by a file")
    }

    func testRewritesKeepTheModeAndLeaveNoTemporaryFiles() throws {
        let f = try write("m.yaml", "a:    1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: f.path)
        XCTAssertEqual(try run(["format", f.path]).status, 0)
        XCTAssertEqual(try read(f), "a: 1\n")
        let mode = try FileManager.default.attributesOfItem(atPath: f.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["m.yaml"])
    }

    /// A write that fails half-way (here: a file-size limit, which root gets too, standing for a full
    /// disk) leaves the original byte for byte, says why and exits 2. Before, the file was truncated
    /// first and a cut-off file that may still parse was left.
    func testAFailedWriteLeavesTheOriginalUntouched() throws {
        for (command, original) in [("format", (0..<1_200).map { "key\($0):    value\($0)\n" }.joined()),
                                    ("check --fix", (0..<1_200).map { "key\($0): &a\($0) value\($0)\n" }.joined())] {
            let f = try write("big.yaml", original)
            let script = "trap '' XFSZ; ulimit -f 8; exec '\(binary.path)' \(command) '\(f.path)'"
            let r = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
            let err = String(decoding: r.stderr, as: UTF8.self)
            XCTAssertEqual(r.status, 2, "\(command): \(err)")
            XCTAssertTrue(err.contains("cannot write \(f.path): cannot write the new text (File too large); the file is unchanged"), err)
            XCTAssertEqual(try read(f), original, "\(command) damaged the original")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.yaml"], "no temporary file is left")
        }
    }
}
