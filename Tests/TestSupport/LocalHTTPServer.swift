import Foundation
import XCTest

/// The HTTP server on 127.0.0.1 the schema tests use: ``LoopbackHTTPServer``, which serves a folder's files
/// with ETags and the misbehaving responses the download bounds are tested against.
public typealias LocalHTTPServer = LoopbackHTTPServer


/// Runs python3 with `arguments` (a script that listens on 127.0.0.1 and prints its port as its first
/// line); returns the process and the port. Skips the test when python3 is missing (fails under CI=true)
/// or the server does not start.
public func startLoopbackPythonServer(arguments: [String], what: String) throws -> (process: Process, port: Int) {
    guard let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 is required for \(what)") }
        throw XCTSkip("python3 not found")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = out.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line += chunk
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
        process.terminate()
        throw XCTSkip("\(what) did not start")
    }
    return (process, port)
}
