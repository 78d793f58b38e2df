import Foundation
import YAMLDocumentModel

/// What `check` found for one input, and what it printed on the way, kept so that inputs checked on
/// several threads are reported in the order of the serial loop (``CommandLineTool/checkInputs(_:count:)``).
struct CheckedInput {
    /// What checking the input printed, in order: `true` for the output stream, `false` for problems.
    var printed: [(toOutput: Bool, text: String)] = []
    /// The report of the project configuration file that applies to the input, when it has findings
    /// (`check` shows it once, before the first input it applies to).
    var configurationReport: FileReport?
    /// The input's findings; nil when it was not checked (unreadable, or its configuration file is).
    var report: FileReport?
    /// Whether `--schema` named a schema that could not be used for the input.
    var schemaUnusable = false
    /// Whether reading the input or its configuration failed (exit 2).
    var ioFailed = false
    /// The input's URI while it is open in the model that checked it (nil when it was not opened or is closed).
    var openURI: DocumentURI?
    /// yamllint configuration problems first met while checking the input.
    var lintConfigurationProblems: [LintConfigurationProblem] = []
    /// Schemas that could not be had, with the documents of this input that needed them (new entries or
    /// new documents of the model's ``DocumentModel/missingSchemas``).
    var missingSchemas: [MissingSchema] = []
    /// The `pureyaml.schema.crds` entries the model found unusable while checking this input (the new
    /// entries of ``DocumentModel/unusableDefinitionFiles``).
    var unusableDefinitionFiles: [UnusableDefinitionFile] = []
    /// The SchemaStore catalogs the model could not consult while checking this input (the new entries of
    /// ``DocumentModel/unconsultedCatalogs``).
    var unconsultedCatalogs: [UnconsultedCatalog] = []
}

/// Hands out input indices to the workers of a folder check, in increasing order, and keeps their results.
/// Each worker takes the next index when it is done with one, so every worker checks its inputs in
/// increasing order: a problem first met by the earliest input it applies to is met there, as serially.
final class CheckQueue: @unchecked Sendable {
    // Unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var next = 0
    private var results: [CheckedInput?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next input index, nil when every input was taken.
    func take() -> Int? {
        lock.withLock {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: CheckedInput, at index: Int) { lock.withLock { results[index] = result } }

    /// The results in input order (every index must have been stored).
    var all: [CheckedInput] { lock.withLock { results.map { $0! } } }
}

/// Schema loads of one `check` run shared by its models: each URI (under one trust policy) is loaded once,
/// by the first model that asks; a model asking while that load runs waits for its result. Without it,
/// every worker of a folder check would download the same schema again. Loads run one at a time, as in a
/// check on one thread: the run-wide download budget asks an origin that let a download time out no more
/// (``SchemaLoader/DownloadBudget``), which needs that time-out known before the next request starts.
final class SharedSchemaLoads: @unchecked Sendable {
    // Unchecked: `loads` is read and written under `lock`; a `Pending` result is written once, before its
    // semaphore is signalled, and read only after waiting on it; `loading` is held during each load.
    private struct Key: Hashable { let uri: String; let source: String; let trust: TrustPolicy? }
    private final class Pending {
        let done = DispatchSemaphore(value: 0)
        var result: SchemaLoadResult = .failure(SchemaLoadFailure("not loaded"))
    }
    private let lock = NSLock()
    private let loading = NSLock()
    private var loads: [Key: Pending] = [:]

    /// The result of loading `uri` from `source` (``DocumentModel/downloadSource(_:)``) under `trust`,
    /// from `load` when no model asked for it before.
    func result(_ uri: String, source: String, trust: TrustPolicy?, load: () -> SchemaLoadResult) -> SchemaLoadResult {
        let key = Key(uri: uri, source: source, trust: trust)
        let (pending, first) = lock.withLock {
            if let found = loads[key] { return (found, false) }
            let made = Pending()
            loads[key] = made
            return (made, true)
        }
        if first {
            pending.result = loading.withLock(load)
        } else {
            pending.done.wait()
        }
        pending.done.signal()
        return pending.result
    }
}

extension CommandLineTool {
    /// How many threads check the inputs of one `check` run: one per core, at most one per input.
    static func checkWorkers(inputs: Int) -> Int {
        max(1, min(inputs, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Checks `count` inputs on ``checkWorkers(inputs:)`` threads, each with a model of its own from
    /// `makeModel` (a ``DocumentModel`` is used by one thread at a time), and returns what `check` found
    /// for each, in input order. `checkOne` checks the input at an index in a model, printing through the
    /// tool it is given. With ``freesMemoryOnReturn`` false, each worker leaves its last input open and its
    /// model alive for the process's exit (see there).
    func checkInputs(_ count: Int, makeModel: @escaping () -> DocumentModel,
                     checkOne: @escaping (CommandLineTool, Int, DocumentModel) -> CheckedInput) -> [CheckedInput] {
        let queue = CheckQueue(count: count)
        let workers = checkThreads.map { max(1, min($0, count)) } ?? Self.checkWorkers(inputs: count)
        let work = { (_: Int) in
            let model = makeModel()
            var next = queue.take()
            while let index = next {
                // What this input prints is kept with its result and printed in input order later.
                let printed = PrintedText()
                var tool = self
                tool.out = { printed.lines.append((true, $0)) }
                tool.err = { printed.lines.append((false, $0)) }
                var result = checkOne(tool, index, model)
                result.printed = printed.lines
                queue.store(result, at: index)
                next = queue.take()
                if freesMemoryOnReturn || next != nil, let uri = result.openURI { model.perform(.close(uri)) }
            }
            if !freesMemoryOnReturn { Self.leaveToExit(model) }
        }
        if workers == 1 { work(0); return queue.all }
        // Unchecked: what the workers share is read only (this tool, the closures' captured options and
        // inputs) or synchronised (`queue`, the schema loads); each model and its printing stay on one thread.
        struct Work: @unchecked Sendable { let run: (Int) -> Void }
        let shared = Work(run: work)
        DispatchQueue.concurrentPerform(iterations: workers) { shared.run($0) }
        return queue.all
    }
}

/// The lines one input printed (a worker's own, used by one thread).
private final class PrintedText {
    var lines: [(toOutput: Bool, text: String)] = []
}
