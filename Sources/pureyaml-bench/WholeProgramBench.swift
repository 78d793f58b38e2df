import Foundation

/// The whole program as a user runs it (issue 19): the built `pureyaml check` launched as a process on
/// files written to a temporary folder, measured by `wait4` (the child's user + system CPU time and peak
/// RSS, ``ChildRun``), beside libyaml's whole-process event parse of the same file when libyaml's
/// headers and a C compiler are installed (a 20-line C program compiled at bench time); and the server's
/// peak RSS after opening the 10 MB stream over its pipes.
///
/// Runs alternate, pureyaml then libyaml, input by input, so that load from other processes touches both
/// sides of a pair alike; a ratio is the median of the per-pair ratios (libyaml CPU ÷ pureyaml CPU: above
/// 1, pureyaml used less CPU). Every child runs with `PUREYAML_NETWORK=loopback` (nothing is downloaded).
struct WholeProgramBench {
    let pureyaml: URL
    /// Runs per input (each side).
    let runs: Int
    /// Where the inputs and the libyaml program are written.
    let folder: URL

    /// One input `check` is run on.
    struct Input {
        let name: String
        /// The file or folder given to `pureyaml check`.
        let path: String
        /// Bytes of the file, or of all YAML files of the folder.
        let bytes: Int
        /// Whether libyaml parses it too (files only).
        let file: Bool
    }

    /// The figures of one input.
    struct Row {
        let input: Input
        var pureyaml: [ChildRun] = []
        var libyaml: [ChildRun] = []
        /// Why libyaml has no figure ("libyaml not installed", "libyaml: parse error").
        var libyamlNote: String = ""

        var cpu: Double { Sample.median(pureyaml.map(\.cpuSeconds)) }
        var wall: Double { Sample.median(pureyaml.map(\.wallSeconds)) }
        var peakRSS: Int { pureyaml.map(\.peakRSS).max() ?? 0 }
        var libyamlCPU: Double { Sample.median(libyaml.map(\.cpuSeconds)) }
        var libyamlRSS: Int { libyaml.map(\.peakRSS).max() ?? 0 }
        /// libyaml CPU ÷ pureyaml CPU, per pair.
        var ratios: [Double] { zip(libyaml, pureyaml).map { $0.cpuSeconds / max($1.cpuSeconds, 1e-9) } }
        var ratio: Double { Sample.median(ratios) }
        /// "1.02 (0.98–1.05)": the median pair ratio and the 25th–75th percentile.
        var ratioFigure: String {
            "\(Figures.fixed(ratio, 2)) (\(Figures.fixed(Sample.percentile(ratios, 25), 2))–\(Figures.fixed(Sample.percentile(ratios, 75), 2)))"
        }
        /// Exit statuses of pureyaml's runs, distinct.
        var statuses: [Int32] { Array(Set(pureyaml.map(\.status))).sorted() }
    }

    /// The server's memory after it opened one file.
    struct ServerRow {
        let input: String
        let bytes: Int
        /// `VmHWM` (peak) and `VmRSS` of the server once it has answered a request sent after the open.
        let peak: Int
        let resident: Int
    }

    static let environment = ["PUREYAML_NETWORK": "loopback"]

    /// The generated inputs (`k8s-10MB`, `flow-json-10MB`, `deep-tree-10MB`, `lines-100`; 1 MB ones with
    /// `quick`) written to ``folder``, and the corpus folder when `corpus` is given.
    func inputs(quick: Bool, corpus: URL?, includes: (String) -> Bool) throws -> [Input] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let size = quick ? 1_000_000 : 10_000_000
        let label = quick ? "1MB" : "10MB"
        let generated: [(String, () -> [UInt8])] = [
            ("lines-100", { InputGenerator.kubernetesLines(100) }),
            ("k8s-\(label)", { InputGenerator.kubernetesStream(bytes: size) }),
            ("flow-json-\(label)", { InputGenerator.jsonLikeFlow(bytes: size) }),
            ("deep-tree-\(label)", { InputGenerator.deepBlockTree(bytes: size) }),
        ]
        var out: [Input] = []
        for (name, make) in generated where includes(name) {
            let bytes = make()
            let url = folder.appendingPathComponent("\(name).yaml")
            try Data(bytes).write(to: url)
            out.append(Input(name: name, path: url.path, bytes: bytes.count, file: true))
        }
        if let corpus, includes("corpus") {
            var total = 0
            let enumerator = FileManager.default.enumerator(atPath: corpus.path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".yaml") || path.hasSuffix(".yml") else { continue }
                total += (try? FileManager.default.attributesOfItem(atPath: corpus.appendingPathComponent(path).path)[.size] as? Int) ?? 0
            }
            out.append(Input(name: "corpus", path: corpus.path, bytes: total, file: false))
        }
        return out
    }

    /// The C compiler, if any.
    static var compiler: String? {
        ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Compiles the measuring program (``ChildRun/measurer``) into ``folder``; nil without a C compiler.
    func buildMeasurer() -> String? {
        let source = folder.appendingPathComponent("measure-child.c")
        let binary = folder.appendingPathComponent("measure-child")
        guard let compiler = Self.compiler, (try? Data(ChildRun.measurer.utf8).write(to: source)) != nil,
              (try? ChildRun.run(compiler, ["-O2", "-o", binary.path, source.path]))?.status == 0 else { return nil }
        return binary.path
    }

    /// One run of `executable`, through `measurer` when there is one.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], measurer: String?) -> ChildRun? {
        if let measurer {
            return ChildRun.measured(executable, arguments, environment: environment, with: measurer,
                                     report: folder.appendingPathComponent("rusage.txt").path)
        }
        return try? ChildRun.run(executable, arguments, environment: environment)
    }

    /// Compiles the libyaml event-parse program into ``folder``; its path, or why there is none.
    func buildLibYAMLParser() -> Result<String, WholeProgramNote> {
        let source = folder.appendingPathComponent("libyaml-events.c")
        let binary = folder.appendingPathComponent("libyaml-events")
        let program = """
        /* libyaml's event parse of one file, the whole process: what pureyaml-bench compares `check` with. */
        #include <stdio.h>
        #include <yaml.h>
        int main(int argc, char **argv) {
            FILE *file = argc > 1 ? fopen(argv[1], "rb") : NULL;
            yaml_parser_t parser;
            yaml_event_t event;
            long events = 0;
            int done = 0;
            if (!file || !yaml_parser_initialize(&parser)) return 2;
            yaml_parser_set_input_file(&parser, file);
            while (!done) {
                if (!yaml_parser_parse(&parser, &event)) {
                    fprintf(stderr, "%s at line %lu\\n", parser.problem, (unsigned long)parser.problem_mark.line + 1);
                    return 1;
                }
                done = event.type == YAML_STREAM_END_EVENT;
                yaml_event_delete(&event);
                events++;
            }
            yaml_parser_delete(&parser);
            fclose(file);
            printf("%ld events\\n", events);
            return 0;
        }
        """
        do { try Data(program.utf8).write(to: source) } catch { return .failure(.init("libyaml not measured: \(error)")) }
        guard let compiler = Self.compiler else { return .failure(.init("libyaml not installed (no C compiler to build the event parser)")) }
        let run = try? ChildRun.run(compiler, ["-O2", "-o", binary.path, source.path, "-lyaml"])
        if run?.status == 0 { return .success(binary.path) }
        return .failure(.init("libyaml not installed (\(compiler) … -lyaml failed; Debian: libyaml-dev)"))
    }

    /// Runs `check` (and libyaml) on every input, alternating, ``runs`` times each.
    func measure(_ inputs: [Input], log: (String) -> Void) -> [Row] {
        let libyaml = buildLibYAMLParser()
        if case .failure(let note) = libyaml { log("  whole program: \(note.text)") }
        let measurer = buildMeasurer()
        if measurer == nil { log("  whole program: no C compiler: peak RSS figures include the bench's own memory") }
        var rows: [Row] = []
        for input in inputs {
            log("  whole program: \(input.name) (\(Figures.size(input.bytes)))")
            var row = Row(input: input)
            let parser: String?
            switch libyaml {
            case .success(let path) where input.file: parser = path
            case .success: parser = nil; row.libyamlNote = "folder: no libyaml figure"
            case .failure(let note): parser = nil; row.libyamlNote = note.text
            }
            // One untimed run of each first: the files are in the page cache for both.
            _ = run(pureyaml.path, ["check", input.path], environment: Self.environment, measurer: measurer)
            if let parser, run(parser, [input.path], measurer: measurer)?.status != 0 {
                row.libyamlNote = "libyaml reports a parse error"
            }
            for _ in 0..<runs {
                guard let one = run(pureyaml.path, ["check", input.path], environment: Self.environment, measurer: measurer) else { break }
                row.pureyaml.append(one)
                if let parser, row.libyamlNote.isEmpty, let other = run(parser, [input.path], measurer: measurer) {
                    row.libyaml.append(other)
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// The server's peak and current RSS after opening `input` (a fresh server; `didOpen`, its diagnostics,
    /// and one more round trip so that it has finished with the open).
    func serverAfterOpen(_ name: String, bytes: [UInt8]) throws -> ServerRow {
        let client = try LSPClient(executable: pureyaml)
        defer { client.stop() }
        _ = try client.initialize()
        let uri = "file:///bench/\(name).yaml"
        try client.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": String(decoding: bytes, as: UTF8.self)]]])
        _ = try client.waitFor("diagnostics of \(uri)", timeout: 300) { EditorLatencyBench.isPublish($0, uri: uri, version: 1) }
        _ = try client.roundTrip("pureyaml-bench/sync", [:])
        return ServerRow(input: name, bytes: bytes.count, peak: Stopwatch.residentBytes(pid: client.pid, field: "VmHWM") ?? 0,
                         resident: Stopwatch.residentBytes(pid: client.pid) ?? 0)
    }

    // MARK: Targets

    /// The memory target of issue 19 for an input of `bytes`: 8 × the input + 30 MB.
    static func memoryLimit(_ bytes: Int) -> Int { 8 * bytes + 30_000_000 }

    /// The targets of issue 19 that these rows measure.
    static func targets(_ rows: [Row], server: [ServerRow]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for row in rows where !row.pureyaml.isEmpty {
            let name = row.input.name
            if row.input.file && row.input.bytes >= 1_000_000 {
                let limit = name.hasPrefix("k8s-") ? 1.0 : 0.7
                if row.libyaml.isEmpty {
                    checks.append(TargetCheck(what: "check CPU, \(name): libyaml ÷ pureyaml", figure: "\(Figures.ms(row.cpu)) ms",
                                              target: "≥ \(Figures.fixed(limit, 1)) (\(row.libyamlNote))", pass: false))
                } else {
                    checks.append(TargetCheck(what: "check CPU, \(name): libyaml events ÷ pureyaml check (pairs)",
                                              figure: row.ratioFigure, target: name.hasPrefix("k8s-") ? "≥ 1.0 (aim 2.0)" : "≥ 0.7",
                                              pass: row.ratio >= limit))
                }
            }
            if row.input.file {
                let limit = memoryLimit(row.input.bytes)
                checks.append(TargetCheck(what: "check peak RSS, \(name)", figure: Figures.mib(row.peakRSS) + " MiB",
                                          target: "< 8 × \(Figures.size(row.input.bytes)) + 30 MB = \(Figures.mib(limit)) MiB",
                                          pass: row.peakRSS < limit))
            }
            if row.input.file && row.input.bytes < 100_000 {
                checks.append(TargetCheck(what: "check of one small file (\(name)), CPU", figure: Figures.ms(row.cpu) + " ms",
                                          target: "< 5 ms", pass: row.cpu < 0.005))
                checks.append(TargetCheck(what: "check of one small file (\(name)), peak RSS", figure: Figures.mib(row.peakRSS) + " MiB",
                                          target: "< 12 MiB", pass: row.peakRSS < 12 << 20))
            }
            if !row.input.file {
                let share = row.wall / max(row.cpu, 1e-9)
                checks.append(TargetCheck(what: "folder check (\(name)) wall ÷ CPU time", figure: Figures.fixed(share, 2),
                                          target: "≤ 0.6 on 2 cores (every core used; an idle machine)", pass: share <= 0.6))
            }
        }
        for s in server {
            let limit = memoryLimit(s.bytes)
            checks.append(TargetCheck(what: "server peak RSS after open, \(s.input)", figure: Figures.mib(s.peak) + " MiB",
                                      target: "< 8 × \(Figures.size(s.bytes)) + 30 MB = \(Figures.mib(limit)) MiB", pass: s.peak < limit))
        }
        return checks
    }

    /// The table of the rows.
    static func table(_ rows: [Row], server: [ServerRow], markdown: Bool) -> String {
        var table = ResultTable(["input", "bytes", "runs", "check CPU ms", "wall ms", "peak RSS MiB", "exit",
                                 "libyaml CPU ms", "libyaml RSS MiB", "libyaml ÷ pureyaml", "note"],
                                numeric: [1, 2, 3, 4, 5, 7, 8])
        for r in rows {
            let hasLib = !r.libyaml.isEmpty
            table.add([r.input.name, "\(r.input.bytes)", "\(r.pureyaml.count)", Figures.ms(r.cpu), Figures.ms(r.wall), Figures.mib(r.peakRSS),
                       r.statuses.map(String.init).joined(separator: ","),
                       hasLib ? Figures.ms(r.libyamlCPU) : "-", hasLib ? Figures.mib(r.libyamlRSS) : "-",
                       hasLib ? r.ratioFigure : "-", r.libyamlNote])
        }
        for s in server {
            table.add([s.input, "\(s.bytes)", "1", "", "", Figures.mib(s.peak), "", "", "", "",
                       "`pureyaml lsp` after didOpen (VmHWM; VmRSS \(Figures.mib(s.resident)) MiB)"])
        }
        return table.render(markdown: markdown)
    }
}

/// Why a whole-program figure is missing.
struct WholeProgramNote: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
