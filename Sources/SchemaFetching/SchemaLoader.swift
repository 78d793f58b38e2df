import Dispatch
import DownloadProtocol
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import YAMLDocumentModel

/// Loads schemas and catalogs at the edge for the model's ``DocumentModel/schemaLoadRequests``: local
/// files (`file:` URIs or absolute paths), `http:` URLs to `localhost` or a literal address over a socket
/// of the loader's own (``PlainHTTP``, whose memory is bounded whatever the network's speed), and every
/// other download (`https:`, a host name to resolve, a proxy) through the helper process `pureyaml-fetch`
/// (``DownloadProcess``; this process never loads the network stack), with bounds enforced
/// while the bytes arrive (docs/security.md): a size limit that stops the transfer, a time-out that
/// cancels it, redirects to the same origin only, the loopback switch on every hop, at most
/// ``Options/maxConcurrentDownloads`` at once, an optional run-wide ``DownloadBudget`` (the command
/// line's), and a persistent ``SchemaDiskCache`` with a size limit.
///
/// HTTP: a cached copy is revalidated with `If-None-Match`/`If-Modified-Since` (a `304` keeps it); when the
/// server cannot be reached, times out or answers 5xx, the cached copy is used as-is. With
/// ``Options/allowNetwork`` false nothing is downloaded, but cached copies are still used.
public final class SchemaLoader: Sendable {
    /// A run-wide bound on downloading, for `pureyaml check`: once `seconds` of waiting for downloads or
    /// `downloads` requests are spent, further downloads are refused (cached copies are still used), and
    /// an origin that did not answer in time is not asked again in the run.
    public struct DownloadBudget: Sendable {
        /// Seconds of waiting for the network in the whole run (default 30, or `PUREYAML_DOWNLOAD_BUDGET`).
        public var seconds: TimeInterval
        /// Requests in the whole run (default 100).
        public var downloads = 100

        /// The default budget, `PUREYAML_DOWNLOAD_BUDGET` (seconds) when set to a positive number.
        public init(environment: [String: String] = ProcessEnvironment.variables(["PUREYAML_DOWNLOAD_BUDGET"])) {
            seconds = environment["PUREYAML_DOWNLOAD_BUDGET"].flatMap(TimeInterval.init).flatMap { $0 > 0 ? $0 : nil } ?? 30
        }
    }

    /// Limits and switches.
    public struct Options: Sendable {
        /// Seconds before an HTTP request is given up and its transfer cancelled (default 10, or
        /// `PUREYAML_DOWNLOAD_TIMEOUT` when set to a positive number).
        public var timeout: TimeInterval = ProcessEnvironment["PUREYAML_DOWNLOAD_TIMEOUT"]
            .flatMap(TimeInterval.init).flatMap { $0 > 0 ? $0 : nil } ?? 10
        /// Largest accepted body or file, in bytes (default 20 MiB); a larger body stops the transfer.
        public var maxBytes = 20 << 20
        /// Whether HTTP requests may be made (`yaml.schemaDownload.enable`).
        public var allowNetwork = true
        /// Whether HTTP requests may go to hosts other than the loopback interface. False when the
        /// environment variable `PUREYAML_NETWORK` is `loopback` (tests and air-gapped machines set it, so
        /// that nothing leaves the machine while local schema servers still work). Holds for every
        /// redirect too; only literal loopback hosts count (``isLoopback(_:)``), no name is resolved.
        public var allowRemoteHosts = ProcessEnvironment["PUREYAML_NETWORK"] != "loopback"
        /// The on-disk cache, nil for none.
        public var cache: SchemaDiskCache? = SchemaDiskCache.defaultDirectory().map { SchemaDiskCache(directory: $0) }
        /// The run-wide budget, nil for none (the language server, which runs for hours, has none; each of
        /// its downloads is still bounded by ``timeout`` and ``maxBytes``).
        public var budget: DownloadBudget?
        /// Downloads running at once (default 4); more wait for a free slot.
        public var maxConcurrentDownloads = 4
        /// The `pureyaml-fetch` executable for downloads this process does not make itself; nil: the one
        /// ``DownloadProcess/locate(environment:)`` finds (beside the running executable, else `PUREYAML_FETCH`).
        public var downloadProgram: String?
        /// The resident memory (`VmRSS`, bytes) past which `pureyaml-fetch` is killed (default 160 MiB):
        /// libcurl reads ahead of what the helper has handed on, so its memory is not bounded by
        /// ``maxBytes`` alone; 160 MiB leaves room for the helper's own ~25 MiB, a body at the limit in
        /// flight and libcurl's buffers.
        public var maxHelperResidentBytes = 160 << 20

        /// Default options.
        public init() {}
    }

    /// The options in force.
    public let options: Options
    /// How many downloads were handed to `pureyaml-fetch` (for tests: a refused download must not start
    /// one, and a plain `http:` download to a literal address does not need one).
    private let spawned = Mutex(0)
    /// What the run-wide budget has spent (seconds, requests), and when each origin last timed out.
    private let spent = Mutex<(seconds: TimeInterval, downloads: Int, timedOut: [String: DispatchTime])>((0, 0, [:]))
    /// Without a run-wide budget (the language server), an origin that let a download time out is not
    /// asked again for this many seconds, so that many URLs on one unresponsive server cost one time-out.
    static let unresponsiveOriginPause: TimeInterval = 60
    private let slots: DispatchSemaphore

    /// A loader with `options`. Makes no network connection and starts no process.
    public init(options: Options = Options()) {
        self.options = options
        slots = DispatchSemaphore(value: max(1, options.maxConcurrentDownloads))
    }

    /// How many downloads went to `pureyaml-fetch` so far.
    package var processDownloads: Int { spawned.withLock { $0 } }

    /// Loads `uri` synchronously (blocks for at most about ``Options/timeout`` seconds). Never call it on
    /// the queue that serves the protocol; use ``load(_:policy:completion:)`` there.
    ///
    /// With a `policy` (the model's ``SchemaSettings/trustPolicy``), a local file reached through a
    /// symbolic link is read only when the link's target is inside the policy's folders too, or when the
    /// file is one of the policy's ``TrustPolicy/readableFiles``.
    public func load(_ uri: String, policy: TrustPolicy? = nil) -> SchemaLoadResult {
        let lower = uri.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return loadHTTP(uri, from: uri) }
        if lower.hasPrefix("file:") {
            guard let path = DocumentURI(uri).filePath else { return .failure(SchemaLoadFailure("not a local file URI")) }
            return loadFile(path, policy: policy)
        }
        if uri.hasPrefix("/") { return loadFile(uri, policy: policy) }
        return .failure(SchemaLoadFailure("unsupported location (expected an http(s) URL, a file URI or a path)"))
    }

    /// Downloads the `http(s)` URL `uri` from the mirror URL `source` (``SchemaSettings/mirrors``), as
    /// ``load(_:policy:)`` would download `uri` itself, except that the request goes to `source`: the
    /// bounds, the loopback switch and the run's budget apply to `source`, while the cache keeps the copy
    /// under `uri`, the download's identity. Blocks like ``load(_:policy:)``.
    public func load(_ uri: String, from source: String) -> SchemaLoadResult {
        guard TrustPolicy.isRemote(uri), TrustPolicy.isRemote(source) else {
            return .failure(SchemaLoadFailure("a mirror URL must be an http(s) URL"))
        }
        return loadHTTP(uri, from: source)
    }

    /// Loads `uri` on a thread of its own and calls `completion` there with the result. Not on a Dispatch
    /// queue: a load blocks while it waits (up to its time-out), and blocked pool threads would hold up
    /// the queues the server's other work runs on.
    public func load(_ uri: String, policy: TrustPolicy? = nil, completion: @escaping @Sendable (SchemaLoadResult) -> Void) {
        Thread.detachNewThread { [self] in completion(load(uri, policy: policy)) }
    }

    /// Loads every schema `model` asks for, and what those `$ref`, performing
    /// ``Intent/schemaLoaded(_:_:)`` for each; each URI is tried once, from where the model says
    /// (``DocumentModel/loadSchema(_:allowNetwork:completion:)``: a mirror, or the URI itself), through
    /// this loader. For tests of a model without an environment of its own.
    public func loadAll(into model: DocumentModel) {
        var attempted: Set<String> = []
        let environment = ModelEnvironment(capabilities: capabilities)
        while let next = model.schemaLoadRequests.first(where: { !attempted.contains($0) }) {
            attempted.insert(next)
            final class Box: @unchecked Sendable { var result: SchemaLoadResult = .failure(SchemaLoadFailure("not loaded")) }
            let box = Box()
            let done = DispatchSemaphore(value: 0)
            model.loadSchema(next, allowNetwork: options.allowNetwork, through: environment) { result in
                box.result = result
                done.signal()
            }
            done.wait()
            model.perform(.schemaLoaded(next, box.result))
        }
    }

    /// What this loader gives a ``ModelEnvironment``: schema loads and downloads (from mirrors too), the
    /// cached copies; other files are read from disk as they are.
    var capabilities: ModelEnvironment.Capabilities {
        var capabilities = ModelEnvironment.Capabilities(
            readFile: { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } },
            kind: { path in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
                return isFolder.boolValue ? .folder : .file(size: 0)
            },
            listFolder: { try? FileManager.default.contentsOfDirectory(atPath: $0) },
            fetch: { [self] uri, _, completion in load(uri, completion: completion) },
            now: { Date().timeIntervalSince1970 },
            cachedCopy: { [self] uri in options.cache?.read(uri)?.body },
            loadSchemaFile: { [self] path, trust in load(path, policy: trust) })
        capabilities.fetchFrom = { [self] uri, source, _, completion in
            Thread.detachNewThread { completion(self.load(uri, from: source)) }
        }
        return capabilities
    }

    private func loadFile(_ path: String, policy: TrustPolicy?) -> SchemaLoadResult {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // A file the user's settings name is theirs wherever its link points.
        if let policy, resolved != path, !policy.readableFiles.contains(path), !Self.inside(resolved, policy) {
            return .failure(SchemaLoadFailure("the file is a symbolic link to a place outside the folders schemas may be read from (see docs/security.md)"))
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            return .failure(SchemaLoadFailure("no such file"))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            return .failure(SchemaLoadFailure(attributes[.type] as? FileAttributeType == .typeDirectory ? "no such file" : "not a regular file"))
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { return .failure(SchemaLoadFailure("cannot read \(path)")) }
        defer { try? handle.close() }
        // Read at most one byte past the limit: the size attribute of a file can lie (it may grow).
        guard let data = try? handle.read(upToCount: options.maxBytes + 1) ?? Data() else {
            return .failure(SchemaLoadFailure("cannot read \(path)"))
        }
        if data.count > options.maxBytes { return .failure(SchemaLoadFailure("the file is larger than \(options.maxBytes) bytes")) }
        return .success([UInt8](data))
    }

    /// True when `path` (symbolic links resolved) is inside one of `policy`'s folders, resolved too.
    private static func inside(_ path: String, _ policy: TrustPolicy) -> Bool {
        policy.readableFolders.contains { folder in
            let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            return path == real || path.hasPrefix(real == "/" ? "/" : real + "/")
        }
    }

    /// Downloads `uri` (the identity: the cache's key) from `source` (`uri` itself, or a mirror URL).
    private func loadHTTP(_ uri: String, from source: String) -> SchemaLoadResult {
        let cached = options.cache?.read(uri)
        guard options.allowNetwork else {
            if let cached { return .success(cached.body) }
            return .failure(.downloadsDisabled)
        }
        guard let url = URL(string: source), url.host != nil else {
            return .failure(SchemaLoadFailure(source == uri ? "not a valid URL" : "the mirror URL \(source) is not a valid URL"))
        }
        if !options.allowRemoteHosts && !Self.isLoopback(url.host ?? "") {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("downloads from \(url.host ?? "?") are disabled (PUREYAML_NETWORK=loopback) and no cached copy exists",
                                              kind: .unavailable))
        }
        // One download slot per transfer; the checks below are made once the slot is had, so that URLs
        // queued behind a server that timed out are refused at once.
        slots.wait()
        defer { slots.signal() }
        var timeout = options.timeout
        let origin = DownloadProtocol.origin(url)
        let refusal: String? = spent.withLock { spent in
            if let at = spent.timedOut[origin] {
                if options.budget != nil {
                    return "not downloaded: an earlier download from the same server got no complete answer within its time-out in this run"
                }
                if Double(DispatchTime.now().uptimeNanoseconds - at.uptimeNanoseconds) / 1e9 < Self.unresponsiveOriginPause {
                    return "not downloaded: an earlier download from the same server got no complete answer within its time-out "
                        + "less than \(Int(Self.unresponsiveOriginPause)) s ago"
                }
            }
            if let budget = options.budget {
                if spent.seconds >= budget.seconds || spent.downloads >= budget.downloads {
                    return "not downloaded: this run's download budget (\(Self.seconds(budget.seconds)) s, \(budget.downloads) downloads; "
                        + "PUREYAML_DOWNLOAD_BUDGET) is spent"
                }
                spent.downloads += 1
            }
            return nil
        }
        if let refusal {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure(refusal, kind: .unavailable))
        }
        if let budget = options.budget { timeout = min(timeout, max(0.1, budget.seconds - spent.withLock { $0.seconds })) }
        var headers: [(String, String)] = []
        if let etag = cached?.etag { headers.append(("If-None-Match", etag)) }
        if let modified = cached?.lastModified { headers.append(("If-Modified-Since", modified)) }
        let started = DispatchTime.now()
        let outcome = fetch(url, headers: headers, timeout: timeout)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let timedOut = outcome.timedOut
        spent.withLock { spent in
            spent.seconds += seconds
            if timedOut { spent.timedOut[origin] = .now() }
        }
        if let refusal = outcome.refusal { return .failure(refusal) }
        if outcome.timedOut {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("no complete answer within \(Self.seconds(timeout)) s; the transfer was cancelled", kind: .unavailable))
        }
        guard let http = outcome.response, outcome.error == nil else {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("cannot reach the server: \(outcome.error ?? "no response")", kind: .unavailable))
        }
        switch http.statusCode {
        case 304 where cached != nil:
            options.cache?.touch(uri)
            return .success(cached?.body ?? [])
        case 200..<300:
            let body = [UInt8](outcome.body)
            options.cache?.write(uri, SchemaDiskCache.Entry(body: body, etag: http.value(forHTTPHeaderField: "ETag"),
                                                            lastModified: http.value(forHTTPHeaderField: "Last-Modified")))
            return .success(body)
        case 300..<400:
            return .failure(SchemaLoadFailure("HTTP \(http.statusCode): a redirect that was not followed"))
        case 500...:
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("HTTP \(http.statusCode)", kind: .unavailable))
        default:
            return .failure(SchemaLoadFailure("HTTP \(http.statusCode)"))
        }
    }

    /// `2`, `2.5`: seconds for messages.
    private static func seconds(_ t: TimeInterval) -> String { t == t.rounded() ? String(Int(t)) : String(format: "%.1f", t) }

    /// True for `localhost` and literal addresses of the loopback interface: a dotted-quad IPv4 address
    /// in 127.0.0.0/8 (four decimal numbers of 0–255) and `::1` (bracketed or not). Nothing is resolved:
    /// a name such as `127.0.0.1.example.com` is not loopback.
    public static func isLoopback(_ host: String) -> Bool { DownloadProtocol.isLoopback(host) }

    /// The refusal of a body larger than `maxBytes`.
    static func tooLarge(_ maxBytes: Int) -> SchemaLoadFailure {
        SchemaLoadFailure("the response is larger than \(maxBytes) bytes (the transfer was stopped)")
    }

    /// The refusal of a redirect to another origin (or, with the loopback switch, off loopback).
    static let redirectRefused =
        SchemaLoadFailure("the server redirected to another origin (scheme, host or port), which is not followed (see docs/security.md)")

    /// How one download ended, whichever transport made it.
    private struct Fetched {
        var body = Data()
        var response: ResponseHead?
        /// Why no usable response came (cannot connect, the connection broke), for the message.
        var error: String?
        /// Why a bound stopped it (too large, a redirect to another origin).
        var refusal: SchemaLoadFailure?
        var timedOut = false
    }

    /// The variables that configure a proxy for plain `http:` (libcurl's, which ``usesPlainHTTP(_:environment:)`` defers to).
    static let proxyVariables = ["http_proxy", "all_proxy", "ALL_PROXY"]

    /// True when `url` goes over ``PlainHTTP``, in this process: an `http:` URL whose host is `localhost` or
    /// a literal IP address (nothing to resolve), unless a proxy is configured for it (`http_proxy`,
    /// `all_proxy`) and the host is not loopback. Everything else goes to `pureyaml-fetch`: `https:`, a
    /// proxy (libcurl honours it), and a host name, whose resolution cannot be cancelled in-process.
    static func usesPlainHTTP(_ url: URL, environment: [String: String] = ProcessEnvironment.variables(proxyVariables)) -> Bool {
        guard url.scheme?.lowercased() == "http", let host = url.host else { return false }
        if isLoopback(host) { return true }
        let proxied = proxyVariables.contains { !(environment[$0] ?? "").isEmpty }
        return !proxied && isLiteralAddress(host)
    }

    /// True when `host` is an IPv4 or IPv6 address written out (bracketed or not), not a name.
    static func isLiteralAddress(_ host: String) -> Bool {
        var h = host
        if h.hasPrefix("[") && h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, h, &v4) == 1 || inet_pton(AF_INET6, h, &v6) == 1
    }

    /// One `GET` of `url` with the extra request `headers`, ended after at most `timeout` seconds (then
    /// the connection is closed or the helper process killed).
    private func fetch(_ url: URL, headers: [(String, String)], timeout: TimeInterval) -> Fetched {
        let deadline = DispatchTime.now() + timeout
        let outcome: PlainHTTP.Outcome
        if Self.usesPlainHTTP(url) {
            outcome = PlainHTTP.get(url, headers: headers, deadline: deadline, maxBytes: options.maxBytes,
                                    allowRemoteHosts: options.allowRemoteHosts)
        } else {
            guard let program = options.downloadProgram ?? DownloadProcess.locate(),
                  FileManager.default.isExecutableFile(atPath: program) else {
                return Fetched(refusal: DownloadProcess.missing())
            }
            spawned.withLock { $0 += 1 }
            outcome = DownloadProcess.get(url, program: program, headers: headers, deadline: deadline, maxBytes: options.maxBytes,
                                          maxResidentBytes: options.maxHelperResidentBytes, allowRemoteHosts: options.allowRemoteHosts)
        }
        switch outcome {
        case .response(let response, let body): return Fetched(body: body, response: response)
        case .refused(let refusal): return Fetched(refusal: refusal)
        case .timedOut: return Fetched(timedOut: true)
        case .failed(let why): return Fetched(error: why)
        }
    }
}
