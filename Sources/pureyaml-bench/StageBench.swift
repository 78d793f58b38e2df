import Foundation
import YAMLComposer
import YAMLDocumentModel
import YAMLParser
import YAMLSchema
import YAMLSyntax

/// The in-process stages, each timed on its own over one input (CPU time, see ``Stopwatch``).
struct StageBench {
    /// Minimum and maximum runs per figure, and the CPU seconds to spend at least.
    let minRuns: Int
    let maxRuns: Int
    let minSeconds: Double
    /// Minimum and maximum pairs per paired ratio (``pair(_:_:_:_:kind:)``), and the CPU seconds to
    /// spend on both sides together at least.
    let minPairs: Int
    let maxPairs: Int
    let pairSeconds: Double

    /// One measured stage.
    struct Row {
        let input: String
        let stage: String
        let bytes: Int
        let sample: Sample
        let peakRSS: Int
        /// MB/s (10^6 bytes per second) from the median CPU time.
        var megabytesPerSecond: Double { sample.medianCPU > 0 ? Double(bytes) / 1e6 / sample.medianCPU : .infinity }
    }

    /// Each stage runs once untimed before its timed runs (see ``run(_:stages:)``).
    ///
    /// The stages, in order: `parse` (`Parser.parse`), `compose` (`Composer.compose` of a ready parse),
    /// `diagnostics` (`DocumentSnapshot(uri:version:bytes:)`: parse + compose + checks), `schema`
    /// (`JSONSchema.validate` of every composed document, when the input has a schema), `outline`
    /// (`DocumentModel.buildOutline`: the outline built afresh, as the first request at a snapshot does), `format` (`DocumentModel.formatting`, including its safety net) and
    /// `keystroke` (`DocumentModel.perform(.change)` of one character, inserted and deleted in turn:
    /// what the model does per keystroke before diagnostics are published, at a word value near the middle
    /// of the text), `keystroke-end` (the same near the end of the text: in a stream, its last documents),
    /// `keystroke-lint` (the same with lint on, yamllint's `default` preset), `keystroke-schema` (the same with
    /// the input's schemas delivered to the model, when the bench has them: ``BenchSchemas``), and `lint`
    /// (`DocumentModel.lintFindings` of a ready snapshot with yamllint's `default` preset, turned into
    /// diagnostics as the model turns them: what lint adds to a file's diagnostics when it is opened;
    /// its target is at most one parse of the same input).
    static let stages = ["parse", "lint", "compose", "diagnostics", "schema", "outline", "format", "keystroke", "keystroke-end",
                         "keystroke-lint", "keystroke-schema"]

    /// The keystroke stages: the stage, where in the text (``EditorLatencyBench/editSite(in:near:)``), and
    /// the settings of the model typed into (nil: the stage does not apply to the input).
    static func keystrokeStages(_ input: BenchInput) -> [(stage: String, near: Double, settings: Settings?)] {
        var lint = Settings()
        lint.lintEnabled = true
        return [("keystroke", 0.5, Settings()), ("keystroke-end", 0.995, Settings()), ("keystroke-lint", 0.5, lint),
                ("keystroke-schema", 0.5, input.schemas?.settings)]
    }

    /// Measures the `wanted` stages of `input`, each on its own (the rows), and appends to `ratios` the
    /// `lint` ÷ `parse` ratio measured in pairs when both stages are wanted.
    func run(_ input: BenchInput, stages wanted: Set<String>, ratios: inout [PairedRatio]) -> [Row] {
        var rows: [Row] = []
        let bytes = input.bytes
        func record<T>(_ stage: String, _ body: (() -> T)?) {
            guard wanted.contains(stage), let body else { return }
            // One untimed run first, so that every timed run finds the heap the stage itself needs already
            // mapped: the first run of a large input faults in tens of MB of fresh pages (15,000 page
            // faults, +60 ms, for `anchors-20k` diagnostics), how many depends on what the previous stages
            // and inputs left on the heap, and with 5 runs of a slow stage one or two such runs moved
            // the median. Work that maps fresh memory on every run (arrays above glibc's mmap threshold)
            // is still timed on every run.
            withExtendedLifetime(body()) {}
            let sample = Sample.measure(minRuns: minRuns, maxRuns: maxRuns, minSeconds: minSeconds, body)
            rows.append(Row(input: input.name, stage: stage, bytes: bytes.count, sample: sample, peakRSS: Stopwatch.peakRSSBytes()))
        }
        for stage in ["parse", "lint"] where wanted.contains(stage) { record(stage, Self.work(stage, on: input)) }
        // Issue 10's ratio, measured again with the two stages alternated (see ``pair(_:_:_:_:kind:)``).
        if wanted.contains("parse") && wanted.contains("lint") {
            ratios.append(pair(input, "lint", input, "parse", kind: .cpuTime))
        }
        for stage in ["compose", "diagnostics"] where wanted.contains(stage) { record(stage, Self.work(stage, on: input)) }
        if let schema = input.schema {
            let composition = Composer.compose(Parser.parse(bytes))
            record("schema") { composition.documents.map { schema.validate($0) } }
        }
        let model = DocumentModel()
        let uri = DocumentURI("file:///bench/\(input.name)")
        model.perform(.openFile(uri, bytes: bytes))
        // Built afresh every run: `model.outline(uri)` answers from the per-snapshot cache after the first.
        if let snapshot = model.snapshot(uri) {
            let limit = model.settings(for: uri).maxItemsComputed
            record("outline") { DocumentModel.buildOutline(snapshot, limit: limit) }
        }
        // Laid out and checked afresh every run: `model.formatting(uri)` answers from the per-snapshot cache after the first.
        if let snapshot = model.snapshot(uri) {
            record("format") { DocumentModel.buildFormatting(snapshot, options: model.formatOptions(FormattingRequest(), for: uri)) }
        }
        for (stage, near, settings) in Self.keystrokeStages(input) where wanted.contains(stage) {
            guard let settings, let site = EditorLatencyBench.editSite(in: bytes, near: near) else { continue }
            // A model of its own per stage, opened and given its schemas before the timed keystrokes.
            let typed = stage == "keystroke" ? model : DocumentModel(settings: settings)
            let path = DocumentURI("file:///bench/\(input.name).yaml")
            let document = stage == "keystroke" ? uri : path
            if stage != "keystroke" { typed.perform(.openFile(document, bytes: bytes)) }
            if stage == "keystroke-schema", let schemas = input.schemas {
                schemas.deliver(to: typed)
                let statuses = typed.schemaInfo(document)?.documents.map { $0.status.map { String("\($0)".prefix { $0 != "(" }) } ?? "none" } ?? []
                let counts = Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count).sorted { $0.key < $1.key }
                let findings = typed.diagnostics(document)?.diagnostics.filter { $0.source == "pureyaml-schema" }.count ?? 0
                log("    \(input.name) keystroke-schema: schema status \(counts.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")), \(findings) schema findings")
            }
            var version = 1
            let at = LineColumn(line: site.line, column: site.column)
            let past = LineColumn(line: site.line, column: site.column + 1)
            record(stage) { () -> Set<SurfaceArea> in
                version += 1
                let change = version % 2 == 0 ? TextChange(range: (at, at), text: "x") : TextChange(range: (at, past), text: "")
                return typed.perform(.change(document, version: version, changes: [change], encoding: .utf16))
            }
        }
        return rows
    }

    /// The work of a stage that a ratio pairs (`parse`, `lint`, `compose`, `diagnostics`) on `input`, with
    /// what it reads prepared beforehand (the ready parse for `compose`, the snapshot for `lint`); nil for
    /// other stages.
    private func log(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    static func work(_ stage: String, on input: BenchInput) -> (() -> Any)? {
        let bytes = input.bytes
        let uri = DocumentURI("file:///bench/\(input.name)")
        switch stage {
        case "parse":
            return { Parser.parse(bytes) }
        case "lint":
            let snapshot = DocumentSnapshot(uri: uri, version: 1, bytes: bytes)
            return { () -> [YAMLDiagnostic] in
                // The model makes each finding a diagnostic (code = rule, severity from the level, source
                // `yamllint`); that is part of what lint adds, so it is timed too.
                (DocumentModel.lintFindings(snapshot, preset: "default") ?? []).map {
                    YAMLDiagnostic(range: $0.range, severity: $0.level == .error ? .error : .warning, code: $0.rule,
                                   message: $0.message, source: DocumentModel.lintSource)
                }
            }
        case "compose":
            let parse = Parser.parse(bytes)
            return { Composer.compose(parse) }
        case "diagnostics":
            return { DocumentSnapshot(uri: uri, version: 1, bytes: bytes) }
        default:
            return nil
        }
    }

    /// The ratio of stage `numeratorStage` on `numerator` to stage `denominatorStage` on `denominator`,
    /// the two timed in alternation (``PairedSample``): the per-pair ratios, their median and spread.
    func pair(_ numerator: BenchInput, _ numeratorStage: String, _ denominator: BenchInput, _ denominatorStage: String,
              kind: PairedRatio.Kind) -> PairedRatio {
        let none: () -> Any = { () }
        let sample = PairedSample.measure(minPairs: minPairs, maxPairs: maxPairs, minSeconds: pairSeconds,
                                          Self.work(numeratorStage, on: numerator) ?? none,
                                          Self.work(denominatorStage, on: denominator) ?? none)
        return PairedRatio(numerator: .init(input: numerator.name, stage: numeratorStage, bytes: numerator.bytes.count),
                           denominator: .init(input: denominator.name, stage: denominatorStage, bytes: denominator.bytes.count),
                           kind: kind, sample: sample)
    }
}
