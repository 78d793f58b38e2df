import Foundation

/// Command-line options of `pureyaml-bench`.
struct BenchOptions {
    /// `--quick`: fewer runs and a smaller input set (a CI smoke run).
    var quick = false
    /// `--filter NAME`: only inputs whose name contains NAME (case-insensitive); repeatable.
    var filters: [String] = []
    /// `--markdown`: print GitHub markdown tables (for docs/performance.md).
    var markdown = false
    /// `--no-lsp`: skip the editor-latency part.
    var skipLSP = false
    /// `--stage NAME`: only this in-process stage (repeatable; for profiling).
    var stages: [String] = []
    /// `--lsp-only`: skip the in-process stages (and the whole-program section).
    var skipStages = false
    /// `--no-whole-program`: skip the whole-program section (`pureyaml check` as a process).
    var skipWholeProgram = false
    /// `--server PATH`: the `pureyaml` executable to launch (default: next to this executable).
    var server: String?
    /// `--save-inputs DIR`: also write the generated inputs to DIR.
    var saveInputs: String?

    static let usage = """
    usage: pureyaml-bench [--quick] [--filter NAME]... [--markdown] [--stage NAME]... [--no-lsp | --lsp-only]
                          [--no-whole-program | --whole-program-only] [--server PATH] [--save-inputs DIR]
      --quick        fewer runs and smaller inputs (CI smoke run)
      --filter NAME  only inputs whose name contains NAME
      --markdown     print markdown tables (for docs/performance.md)
      --no-lsp       skip the editor-latency measurements through `pureyaml lsp`
      --lsp-only     only the editor-latency measurements
      --no-whole-program    skip `pureyaml check` run as a process (CPU time, peak RSS, libyaml beside it)
      --whole-program-only  only that section
      --stage NAME   only this in-process stage (parse, lint, compose, diagnostics, schema, outline, format, keystroke,
                     keystroke-end, keystroke-lint, keystroke-schema)
      --server PATH  the pureyaml executable (default: the one beside pureyaml-bench)
      --save-inputs DIR  write the generated inputs to DIR
    Big inputs come from $PUREYAML_SHARED/corpus/big (else ../shared); build with `swift build -c release` first.
    """

    /// Parses `arguments` (without the program name); nil with a message on stderr when they are wrong.
    static func parse(_ arguments: [String]) -> BenchOptions? {
        var o = BenchOptions()
        var i = 0
        func value() -> String? {
            i += 1
            return i < arguments.count ? arguments[i] : nil
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": o.quick = true
            case "--markdown": o.markdown = true
            case "--no-lsp": o.skipLSP = true
            case "--lsp-only": o.skipStages = true; o.skipWholeProgram = true
            case "--no-whole-program": o.skipWholeProgram = true
            case "--whole-program-only": o.skipStages = true; o.skipLSP = true
            case "--filter":
                guard let v = value() else { return fail("--filter needs a NAME") }
                o.filters.append(v.lowercased())
            case "--stage":
                guard let v = value() else { return fail("--stage needs a NAME") }
                o.stages.append(v)
            case "--server":
                guard let v = value() else { return fail("--server needs a PATH") }
                o.server = v
            case "--save-inputs":
                guard let v = value() else { return fail("--save-inputs needs a DIR") }
                o.saveInputs = v
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                return fail("unknown argument '\(arguments[i])'")
            }
            i += 1
        }
        return o
    }

    private static func fail(_ message: String) -> BenchOptions? {
        FileHandle.standardError.write(Data("pureyaml-bench: \(message)\n\(usage)\n".utf8))
        return nil
    }

    /// Whether `name` passes the filters.
    func includes(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.lowercased().contains($0) }
    }
}
