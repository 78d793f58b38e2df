import Foundation
import JSONRPC

/// Framer target: the LSP base-protocol framer accepts any byte stream in any chunking. The input's
/// first byte seeds the chunk sizes; the rest is the stream. Invariants: no crash, memory stays bounded
/// (a small content limit, so a huge `Content-Length` must be skipped, not buffered), and the events are
/// the same whether the stream arrives in chunks or all at once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let seed = input.first else { return 0 }
    let stream = Array(input.dropFirst())

    var whole = MessageFramer(maximumContentLength: 4096, maximumHeaderLength: 512)
    let expected = whole.push(stream[...]) + whole.finish()

    var chunked = MessageFramer(maximumContentLength: 4096, maximumHeaderLength: 512)
    var events: [FramerEvent] = []
    var state = UInt32(seed) &* 2_654_435_761 | 1
    var index = 0
    while index < stream.count {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        let length = min(stream.count - index, 1 + Int(state % 17))
        events += chunked.push(stream[index..<index + length])
        index += length
    }
    events += chunked.finish()
    require(merged(events) == merged(expected), "chunking changed the events:\n\(events)\nvs\n\(expected)")
    for case .message(let body) in events { require(body.count <= 4096, "message above the limit") }
    return 0
}

/// Events with consecutive `skippedBytes` reports summed, since chunk boundaries may split one skip in two.
private func merged(_ events: [FramerEvent]) -> [FramerEvent] {
    var out: [FramerEvent] = []
    for event in events {
        if case .error(.skippedBytes(let n)) = event, case .error(.skippedBytes(let m))? = out.last {
            out[out.count - 1] = .error(.skippedBytes(n + m))
        } else {
            out.append(event)
        }
    }
    return out
}
