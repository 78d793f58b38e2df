import Foundation
import TestSupport

extension ServerProcess {
    /// The `diagnostics` of the next `textDocument/publishDiagnostics` for `uri` whose list `accept`s
    /// (other messages before it are skipped); throws on timeout.
    func publishedDiagnostics(for uri: String, accepting accept: ([[String: Any]]) -> Bool = { _ in true }) throws -> [[String: Any]] {
        let m = try receive(until: {
            guard ($0["method"] as? String) == "textDocument/publishDiagnostics",
                  let p = $0["params"] as? [String: Any], p["uri"] as? String == uri else { return false }
            return accept((p["diagnostics"] as? [[String: Any]]) ?? [])
        }).match
        return (m["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }
}
