import Foundation
import JSONRPC
import XCTest
@testable import YAMLLanguageServer

/// The guarantee behind "every request is answered exactly once", checked on the reply itself: a second
/// answer is dropped, and a reply released unanswered answers -32603.
final class PendingReplyTests: XCTestCase {
    /// The responses `body` makes the replies write, decoded from the connection's output.
    private func responses(_ body: (Connection) -> Void) throws -> [ResponseMessage] {
        let pipe = Pipe()
        let connection = try Connection(input: FileHandle(forReadingAtPath: "/dev/null")!, output: pipe.fileHandleForWriting)
        body(connection)
        try pipe.fileHandleForWriting.close()
        var framer = MessageFramer()
        var messages: [ResponseMessage] = []
        for case .message(let data) in framer.push(pipe.fileHandleForReading.readDataToEndOfFile()) + framer.finish() {
            if case .response(let r) = try Message.decode(data) { messages.append(r) }
        }
        return messages
    }

    func testASecondAnswerIsDroppedAndAnUnansweredReplyAnswersInternalError() throws {
        let written = try responses { connection in
            let answered = PendingReply(id: .number(1), method: "textDocument/hover", connection: connection)
            answered.fail(.requestCancelled)
            answered.fail(.contentModified)
            XCTAssertTrue(answered.isAnswered)
            _ = PendingReply(id: .number(2), method: "textDocument/hover", connection: connection) // released unanswered
        }
        XCTAssertEqual(written.map(\.id), [.number(1), .number(2)])
        guard case .failure(let first) = written[0].result, case .failure(let dropped) = written[1].result else {
            return XCTFail("\(written)")
        }
        XCTAssertEqual(first.code, .requestCancelled, "the first answer wins")
        XCTAssertEqual(dropped.code, .internalError)
    }
}
