import Foundation
import YAMLDocumentModel

/// The command-line renderer: `check`, `format` and `events` over the same model the language server
/// uses. It reads files, performs intents, and prints the surfaces; it decides nothing about YAML.
///
/// Exit codes: 0 success, 1 findings (errors, or files that would change under `format --check`),
/// 2 usage or I/O problems.
public struct CommandLineTool {
    /// Where normal output goes (stdout by default).
    var out: (String) -> Void
    /// Where problems go (stderr by default).
    var err: (String) -> Void
    /// Reads standard input for `-`.
    var readStandardInput: () -> [UInt8]

    public init(out: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                readStandardInput: @escaping () -> [UInt8] = {
                    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
                }) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
    }

    /// Runs `command` with `arguments` (the words after the subcommand) and returns the exit code.
    public func run(command: String, arguments: [String]) -> Int32 {
        switch command {
        case "check": return check(arguments)
        case "format": return format(arguments)
        case "events": return events(arguments)
        default:
            err("pureyaml: unknown command '\(command)'\n")
            return 2
        }
    }

    // MARK: check

    func check(_ args: [String]) -> Int32 {
        if args.contains("--fix") { return fixThenCheck(args) }
        let paths = args.filter { !$0.hasPrefix("-") || $0 == "-" }
        if let bad = args.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            err("pureyaml check: unknown option '\(bad)'\n\(Help.check)")
            return 2
        }
        guard !paths.isEmpty else { err(Help.check); return 2 }
        let model = DocumentModel()
        model.perform(.configureLint(.fileSystem))
        var errors = 0, warnings = 0, files = 0
        var ioFailed = false
        for input in expand(paths, ioFailed: &ioFailed) {
            guard let (uri, bytes, display) = read(input, ioFailed: &ioFailed) else { continue }
            files += 1
            model.load(uri, bytes: bytes)
            guard let snapshot = model.snapshot(uri), let surface = model.diagnostics(uri) else { continue }
            for d in surface.diagnostics {
                let p = snapshot.humanPosition(of: d.range.start)
                out("\(display):\(p.line):\(p.column): \(d.severity.label): \(d.message) [\(d.code)]\n")
                if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
            }
            model.perform(.close(uri))
        }
        if ioFailed { return 2 }
        err("checked \(files) file\(files == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n")
        return errors > 0 ? 1 : 0
    }

    // MARK: format

    func format(_ args: [String]) -> Int32 {
        var checkOnly = false
        var paths: [String] = []
        for a in args {
            if a == "--check" { checkOnly = true }
            else if a.hasPrefix("-") && a != "-" { err("pureyaml format: unknown option '\(a)'\n\(Help.format)"); return 2 }
            else { paths.append(a) }
        }
        guard !paths.isEmpty else { err(Help.format); return 2 }
        let model = DocumentModel()
        var ioFailed = false
        var changed = 0
        var invalid = 0
        for input in expand(paths, ioFailed: &ioFailed) {
            guard let (uri, bytes, display) = read(input, ioFailed: &ioFailed) else { continue }
            model.load(uri, bytes: bytes)
            guard let surface = model.formatting(uri) else { continue }
            if surface.refusal != nil, let diags = model.diagnostics(uri)?.diagnostics,
               let first = diags.first(where: { $0.severity == .error }), let snap = model.snapshot(uri) {
                let p = snap.humanPosition(of: first.range.start)
                err("\(display):\(p.line):\(p.column): error: \(first.message) [\(first.code)] (not formatted)\n")
                invalid += 1
            } else if let why = surface.refusal {
                err("\(display): not formatted: \(why)\n")
                invalid += 1
            }
            if input == "-" {
                if !checkOnly { out(String(decoding: surface.formattedText, as: UTF8.self)) }
                if surface.formattedText != bytes { changed += 1; if checkOnly { out("\(display)\n") } }
            } else if surface.formattedText != bytes {
                changed += 1
                if checkOnly {
                    out("\(display)\n")
                } else {
                    do { try Data(surface.formattedText).write(to: URL(fileURLWithPath: input)) } catch {
                        err("pureyaml format: cannot write \(input): \(error.localizedDescription)\n")
                        ioFailed = true
                    }
                }
            }
            model.perform(.close(uri))
        }
        if ioFailed { return 2 }
        if checkOnly && changed > 0 { return 1 }
        return invalid > 0 ? 1 : 0
    }

    // MARK: events

    func events(_ args: [String]) -> Int32 {
        guard args.count == 1 else { err(Help.events); return 2 }
        var ioFailed = false
        guard let (uri, bytes, display) = read(args[0], ioFailed: &ioFailed) else { return 2 }
        let model = DocumentModel()
        model.load(uri, bytes: bytes)
        guard let (lines, errors) = model.events(uri), let snap = model.snapshot(uri) else { return 2 }
        if let first = errors.first {
            let p = snap.humanPosition(of: first.range.start)
            err("\(display):\(p.line):\(p.column): error: \(first.message) [\(first.code)]\n")
            return 1
        }
        out(lines.map { $0 + "\n" }.joined())
        return 0
    }

    // MARK: input

    /// Expands directories into the YAML files below them (sorted), keeping files and `-` as given.
    func expand(_ paths: [String], ioFailed: inout Bool) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for p in paths {
            if p == "-" { out.append(p); continue }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
                err("pureyaml: \(p): no such file or directory\n")
                ioFailed = true
                continue
            }
            if !isDir.boolValue { out.append(p); continue }
            var found: [String] = []
            walk(p, into: &found)
            out += found.sorted()
        }
        return out
    }

    private func walk(_ dir: String, into found: inout [String]) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: dir) else { return }
        for name in names {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                if !YAMLFileFilter.isSkippedDirectory(name) { walk(path, into: &found) }
            } else if YAMLFileFilter.isYAMLFile(name) {
                found.append(path)
            }
        }
    }

    /// Reads a file (or stdin for `-`): its URI, bytes and the name to print.
    func read(_ input: String, ioFailed: inout Bool) -> (DocumentURI, [UInt8], String)? {
        if input == "-" { return (DocumentURI("stdin:"), readStandardInput(), "<stdin>") }
        guard let data = FileManager.default.contents(atPath: input) else {
            err("pureyaml: cannot read \(input)\n")
            ioFailed = true
            return nil
        }
        let absolute = URL(fileURLWithPath: input).standardizedFileURL.path
        return (DocumentURI(filePath: absolute), [UInt8](data), input)
    }
}
