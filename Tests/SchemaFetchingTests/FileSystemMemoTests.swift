import Foundation
import SchemaFetching
import XCTest
import YAMLDocumentModel

/// ``FileSystemMemo``: the live environment with a memo answers every question about a path (what it names,
/// where its links lead, its bytes, a folder's names) as the live environment without one does, on a tree
/// of folders, files and symbolic links of every kind (to files and folders, relative and absolute,
/// dangling, a loop, through a linked folder), for paths that exist and paths that do not.
final class FileSystemMemoTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        // Resolved, so that the tree's own paths hold no link (the temporary folder may be one).
        let base = URL(fileURLWithPath: FileManager.default.temporaryDirectory.path).resolvingSymlinksInPath()
        temp = base.appendingPathComponent("pureyaml-memo-\(UUID().uuidString)")
        let fm = FileManager.default
        for folder in ["a/b/c", "a/d", "outside/x"] {
            try fm.createDirectory(at: temp.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write("a/.yamllint", "extends: default\n")
        try write("a/b/.pureyaml.yaml", "format:\n  indentWidth: 4\n")
        try write("a/b/c/doc.yaml", "key: value\n")
        try write("a/d/.editorconfig", "root = true\n")
        try write("outside/x/s.json", "{}")
        try write("big.yaml", String(repeating: "k: v\n", count: 20_000))
        try link("a/linkfile.yaml", to: "b/c/doc.yaml")
        try link("a/linkdir", to: temp.appendingPathComponent("a/b").path)
        try link("a/outlink", to: "../outside/x")
        try link("a/dangling.yaml", to: "nowhere.yaml")
        try link("a/loop1", to: "loop2")
        try link("a/loop2", to: "loop1")
        try link("a/d/up", to: "..")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: temp) }

    private func write(_ path: String, _ text: String) throws {
        try text.write(to: temp.appendingPathComponent(path), atomically: false, encoding: .utf8)
    }

    private func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: temp.appendingPathComponent(path).path, withDestinationPath: target)
    }

    /// Every path asked about: the tree's entries, names inside them that do not exist, names below files and
    /// below missing folders, paths through links, and paths with `.` and `..`.
    private var paths: [String] {
        let root = temp.path
        let relative = ["", "a", "a/.yamllint", "a/.yamllint.yaml", "a/b", "a/b/.pureyaml.yaml", "a/b/.pureyaml.yml",
                        "a/b/c", "a/b/c/doc.yaml", "a/b/c/.editorconfig", "a/d/.editorconfig", "a/linkfile.yaml",
                        "a/linkdir", "a/linkdir/c/doc.yaml", "a/linkdir/.pureyaml.yaml", "a/linkdir/c/.yamllint",
                        "a/outlink", "a/outlink/s.json", "a/outlink/none.json", "a/dangling.yaml", "a/loop1",
                        "a/loop1/x.yaml", "a/d/up", "a/d/up/.yamllint", "a/d/up/b/c/doc.yaml", "missing",
                        "missing/deeper/.yamllint", "a/b/c/doc.yaml/.yamllint", "big.yaml", "a/./b/.pureyaml.yaml",
                        "a/b/../.yamllint", "a/b/"]
        return relative.map { $0.isEmpty ? root : root + "/" + $0 } + ["/", "/nonexistent-pureyaml-folder/.yamllint"]
    }

    func testTheMemoAnswersAsTheFileSystemDoes() {
        let live = ModelEnvironment.fileSystem
        let memo = FileSystemMemo()
        let remembering = ModelEnvironment.fileSystem(downloadBudget: nil, memo: memo)
        // Twice: the first asks fill the memo, the second are answered from it.
        for round in 1...2 {
            for path in paths {
                XCTAssertEqual(remembering.resolvingLinks(path), live.resolvingLinks(path), "links of \(path), round \(round)")
                XCTAssertEqual(remembering.kind(path), live.kind(path), "kind of \(path), round \(round)")
                XCTAssertEqual(remembering.readFile(path), live.readFile(path), "bytes of \(path), round \(round)")
                XCTAssertEqual(remembering.listFolder(path)?.sorted(), live.listFolder(path)?.sorted(), "names in \(path), round \(round)")
            }
        }
        // Sanity: the tree holds what the comparisons are about.
        XCTAssertEqual(live.readFile(temp.path + "/a/linkfile.yaml").map { String(decoding: $0, as: UTF8.self) }, "key: value\n")
        XCTAssertEqual(live.kind(temp.path + "/a/linkdir"), .folder)
        XCTAssertNil(live.kind(temp.path + "/a/dangling.yaml"))
        XCTAssertEqual(live.resolvingLinks(temp.path + "/a/linkdir/c/doc.yaml"), temp.path + "/a/b/c/doc.yaml")
    }

    /// The memo is a run's: a file written after it was asked about is not seen (`check` reads a tree that
    /// does not change while it runs; a new run makes a new memo).
    func testTheMemoKeepsItsFirstAnswer() throws {
        let memo = FileSystemMemo()
        let remembering = ModelEnvironment.fileSystem(downloadBudget: nil, memo: memo)
        let path = temp.path + "/a/b/c/.yamllint"
        XCTAssertNil(remembering.readFile(path))
        try write("a/b/c/.yamllint", "rules: {}\n")
        XCTAssertNil(remembering.readFile(path))
        XCTAssertNotNil(ModelEnvironment.fileSystem(downloadBudget: nil, memo: FileSystemMemo()).readFile(path))
    }
}
