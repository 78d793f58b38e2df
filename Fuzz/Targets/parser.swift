import YAMLParser
import YAMLSyntax

/// Parser target: any bytes parse without crashing, print back exactly (the tree is lossless), and every
/// error and event range lies inside the input with errors sorted and events balanced.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = Parser.parse(bytes)
    require(result.tree.printedBytes == bytes, "printedBytes != input")
    var last = 0
    for e in result.errors {
        require(e.range.start >= 0 && e.range.start <= e.range.end && e.range.end <= bytes.count, "error range \(e.range) out of bounds")
        require(e.range.start >= last, "errors not sorted")
        last = e.range.start
    }
    var depth = 0
    for ev in result.events {
        require(ev.range.end <= bytes.count, "event range out of bounds")
        switch ev.kind {
        case .streamStart, .documentStart, .mappingStart, .sequenceStart: depth += 1
        case .streamEnd, .documentEnd, .mappingEnd, .sequenceEnd: depth -= 1
        default: break
        }
        require(depth >= 0, "events unbalanced")
    }
    require(depth == 0, "events unbalanced at the end")
    return 0
}
