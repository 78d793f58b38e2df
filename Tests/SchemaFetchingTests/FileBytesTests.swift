import Foundation
import SchemaFetching
import XCTest

/// ``FileBytes``: a file's bytes read straight into an array are the bytes `FileManager` reads, for regular
/// files of every size around the buffer's first capacity, an empty file, a pipe (no size: the buffer grows)
/// and a folder or a missing path (the `errno` of the failure); a limit refuses more bytes than it allows.
final class FileBytesTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: temp) }

    private func bytes(_ count: Int) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    func testRegularFilesReadWhole() throws {
        for count in [0, 1, 4095, 65_536, 65_537, 200_001] {
            let path = temp.appendingPathComponent("f\(count)").path
            let content = bytes(count)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(content)))
            XCTAssertEqual(try FileBytes.read(path), content, "\(count) bytes")
            XCTAssertEqual(FileBytes.read(path, maxBytes: count), content, "\(count) bytes, at the limit")
            XCTAssertEqual(FileBytes.read(path, maxBytes: count + 1), content, "\(count) bytes, under the limit")
            if count > 0 { XCTAssertNil(FileBytes.read(path, maxBytes: count - 1), "\(count) bytes, over the limit") }
        }
    }

    /// A FIFO has no size: read as it comes, through a buffer that grows past its first 64 KiB.
    func testAPipeIsReadToItsEnd() throws {
        let path = temp.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let content = bytes(300_000)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(content))
            try? handle.close()
        }
        writer.start()
        XCTAssertEqual(try FileBytes.read(path), content)
    }

    func testFailuresSayTheirErrno() throws {
        for (path, code) in [(temp.appendingPathComponent("missing.yaml").path, ENOENT), (temp.path, EISDIR)] {
            XCTAssertThrowsError(try FileBytes.read(path), path) { error in
                let ns = error as NSError
                XCTAssertEqual(ns.domain, NSPOSIXErrorDomain, path)
                XCTAssertEqual(ns.code, Int(code), path)
            }
            XCTAssertNil(FileBytes.read(path, maxBytes: 100), path)
        }
    }
}
