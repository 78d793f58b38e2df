import YAMLComposer
import YAMLParser

/// Composer target: any bytes compose without crashing, and the JSON projection of every document stays
/// within a small node budget (a "billion laughs" input fails fast instead of expanding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzComposer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let composition = Composer.compose(Parser.parse(bytes))
    for e in composition.errors {
        require(e.range.start <= e.range.end && e.range.end <= bytes.count, "composer error range \(e.range) out of bounds")
    }
    for document in composition.documents {
        let budget = 10_000
        let size = JSONProjection.expandedSize(of: document.root, limit: budget)
        require(size <= budget + 1, "expandedSize ignored its limit: \(size)")
        switch JSONProjection.project(document.root, nodeBudget: budget, maxDepth: 200) {
        case .success(let value): _ = value.jsonText
        case .failure: break
        }
    }
    return 0
}
