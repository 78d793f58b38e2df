import Foundation
import JSONRPC

/// Message target: any bytes given to `Message.decode` either decode or throw `InvalidMessage`, never
/// crash; a decoded message encodes to JSON that decodes to the same message, and a rejection's error
/// response (what the connection sends back) encodes too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzBytes(data, size))
    do {
        let message = try Message.decode(bytes)
        let encoded: Data
        do { encoded = try message.encodedJSON() } catch { fatalError("a decoded message does not encode: \(error)") }
        do {
            let again = try Message.decode(encoded)
            require(again == message, "round trip changed the message:\n\(message)\nvs\n\(again)")
        } catch {
            fatalError("re-encoded message does not decode: \(error)")
        }
    } catch {
        require((try? Message.response(error.response).encodedJSON()) != nil, "the error response does not encode")
    }
    return 0
}
