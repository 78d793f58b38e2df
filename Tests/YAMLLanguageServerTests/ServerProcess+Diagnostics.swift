import Foundation
import TestSupport

extension ServerProcess {
    /// The `diagnostics` of the next `textDocument/publishDiagnostics` for `uri` (other messages before it
    /// are skipped); throws on timeout.
    func publishedDiagnostics(for uri: String) throws -> [[String: Any]] {
        let m = try receive(until: {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
        }).match
        return (m["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }
}
