import Foundation
import YAMLDocumentModel

extension CommandLineTool {
    /// `pureyaml check --fix PATH...`: writes every verified fix-all edit the model offers (core fixes and
    /// yamllint fixes, see docs/lint.md) into each file, then checks the files as `check` does. Standard
    /// input (`-`) is checked but not fixed.
    func fixThenCheck(_ args: [String]) -> Int32 {
        let paths = args.filter { $0 != "--fix" }
        let model = DocumentModel()
        model.perform(.configureLint(.fileSystem))
        var ioFailed = false
        for input in expand(paths.filter { !$0.hasPrefix("-") }, ioFailed: &ioFailed) {
            guard let (uri, bytes, display) = read(input, ioFailed: &ioFailed) else { continue }
            model.load(uri, bytes: bytes)
            if let edits = model.fixAllEdits(uri), !edits.isEmpty {
                var fixed = bytes
                for e in edits.sorted(by: { $0.range.start > $1.range.start }) where e.range.end <= fixed.count {
                    fixed.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
                }
                do {
                    try Data(fixed).write(to: URL(fileURLWithPath: input))
                    err("fixed \(display) (\(edits.count) edit\(edits.count == 1 ? "" : "s"))\n")
                } catch {
                    err("pureyaml check: cannot write \(input): \(error.localizedDescription)\n")
                    ioFailed = true
                }
            }
            model.perform(.close(uri))
        }
        if ioFailed { return 2 }
        return check(paths)
    }
}
