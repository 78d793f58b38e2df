import Foundation
import SchemaFetching
import YAMLDocumentModel

extension CommandLineTool {
    /// `pureyaml check --fix [options] PATH...`: writes every verified fix-all edit the model offers (core
    /// fixes and yamllint fixes, see docs/lint.md) into each file, then checks the files as `check` does
    /// with the same options. Standard input (`-`) is checked but not fixed.
    func fixThenCheck(_ args: [String]) -> Int32 {
        let rest = args.filter { $0 != "--fix" }
        // The schema options (`--schema`, `--explain`, `--offline`) do not change the fixes, but must be
        // taken out before the common options are read, as `check` does; a usage error is left to `check`.
        var common = rest
        guard var schemaOptions = SchemaCheckOptions.extract(&common, err: { _ in }, workingDirectory: workingDirectory, environment: environment),
              case .success(let options) = CommandOptions.parse(common, command: "check") else { return check(rest) }
        // The folders of `check`'s trust policy, so that the fixes come from the configuration files the
        // check reads (none that a symbolic link leads out of them).
        schemaOptions.allowNamedPaths(options.paths, environment: environment)
        let model = makeModel(options.configuration, adjust: schemaOptions.apply)
        var reported: Set<String> = []
        var ioFailed = false
        for input in expand(options.paths.filter { $0 != "-" }, configuration: options.configuration, trust: model.environment.trust.policy,
                            ioFailed: &ioFailed) {
            // The file's settings (`pureyaml.lint.*` among them) apply as they do for `check`.
            guard let file = read(input, stdinFilename: nil, ioFailed: &ioFailed),
                  open(file, in: model, reported: &reported, ioFailed: &ioFailed) != nil else { continue }
            if let edits = model.fixAllEdits(file.uri), !edits.isEmpty {
                let fixed = TextReplacement.apply(edits, to: file.bytes)
                if rewrite(input, with: fixed, command: "check") {
                    err("fixed \(file.display) (\(edits.count) edit\(edits.count == 1 ? "" : "s"))\n")
                } else {
                    ioFailed = true
                }
            }
            model.perform(.close(file.uri))
        }
        if ioFailed { return 2 }
        return check(rest)
    }
}
