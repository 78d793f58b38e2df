import Foundation
import JSONRPC
import LanguageServerProtocol
import SchemaFetching
import YAMLDocumentModel

/// Schema loading and the `pureyaml/schemaInfo` request. The model decides which schemas are needed
/// (and reads local schema files itself); this renderer only starts the downloads through the model's
/// environment (``ModelEnvironment/fetch(_:allowNetwork:trust:completion:)``), off the protocol queue, and
/// hands the bytes back as ``Intent/schemaLoaded(_:_:)``, so that a slow download never delays other
/// documents.
extension LanguageServer {
    /// Starts from the model's editor defaults with the workspace folders from `initialize`
    /// (`workspaceFolders`, else `rootUri`, else `rootPath`).
    func configureSchemaDefaults(_ params: InitializeParams) {
        var folders = (params.workspaceFolders ?? []).map { DocumentURI($0.uri) }
        if folders.isEmpty, let root = params.rootUri { folders = [DocumentURI(root)] }
        if folders.isEmpty, let path = params.rootPath { folders = [DocumentURI(filePath: path)] }
        perform(.configure(.editorDefaults(workspaceFolders: folders)))
    }

    /// Starts loading every URI the model waits for that is not being loaded yet; each result comes back
    /// on the protocol queue as an intent.
    func startSchemaLoads() {
        let allowNetwork = model.settings.schema.downloadEnabled
        for uri in model.schemaLoadRequests where schemaLoadsInFlight.insert(uri).inserted {
            log("loading schema \(uri)")
            downloadStarted(uri)
            let schedule = self.schedule
            model.environment.fetch(uri, allowNetwork: allowNetwork, trust: model.trustPolicy(forLoading: uri)) { result in
                schedule(nil) { server in server.schemaLoadFinished(uri, result) }
            }
        }
    }

    /// Hands a finished load to the model (on the handler queue).
    func schemaLoadFinished(_ uri: String, _ result: SchemaLoadResult) {
        schemaLoadsInFlight.remove(uri)
        if case .failure(let f) = result { log("schema \(uri): \(f.message)") }
        perform(.schemaLoaded(uri, result))
        // After the model has seen it: the documents it `$ref`s are downloaded in the same burst.
        downloadFinished(uri)
        // Revalidation may have composed a large document again (and released it).
        Self.returnFreedMemory()
    }

    /// The work-done progress of one burst of downloads: from the first download started while none ran
    /// to the moment none runs.
    struct DownloadProgress {
        /// The token of `window/workDoneProgress/create`.
        var token: String
        /// The id of that request, until the client answered it.
        var request: RequestID?
        /// False once the client answered the request with an error: nothing more is sent.
        var accepted = true
        /// Downloads started and finished in the burst.
        var started = 0, finished = 0
    }

    /// A download of `uri` started: for a client that declares `window.workDoneProgress`, creates the
    /// burst's progress (`window/workDoneProgress/create`, then `$/progress` begin) or reports the new
    /// count (LSP 3.17 §3.18 "Work Done Progress"). Other clients are sent nothing.
    func downloadStarted(_ uri: String) {
        guard clientCapabilities.window?.workDoneProgress == true else { return }
        if downloadProgress == nil {
            downloadProgressCount += 1
            let id = makeRequestID()
            let token = "pureyaml-schema-downloads-\(downloadProgressCount)"
            downloadProgress = DownloadProgress(token: token, request: id)
            connection.request(WorkDoneProgressCreateRequest.self, id: id, params: WorkDoneProgressCreateParams(token: token))
            downloadProgress?.started = 1
            sendDownloadProgress(.begin("Downloading schemas", message: uri, percentage: 0))
        } else {
            downloadProgress?.started += 1
            reportDownloadProgress(uri)
        }
    }

    /// A download of `uri` finished: reports it, and ends the burst's progress when none runs any more.
    func downloadFinished(_ uri: String) {
        guard downloadProgress != nil else { return }
        downloadProgress?.finished += 1
        if schemaLoadsInFlight.isEmpty {
            sendDownloadProgress(.end("\(downloadProgress?.finished ?? 0) downloaded or failed"))
            downloadProgress = nil
        } else {
            reportDownloadProgress(uri)
        }
    }

    private func reportDownloadProgress(_ uri: String) {
        guard let p = downloadProgress else { return }
        sendDownloadProgress(.report("\(p.finished) of \(p.started): \(uri)", percentage: p.finished * 100 / max(p.started, 1)))
    }

    private func sendDownloadProgress(_ value: WorkDoneProgress) {
        guard let p = downloadProgress, p.accepted else { return }
        connection.notify(ProgressNotification.self, params: ProgressParams(token: p.token, value: value))
    }

    /// True when `response` answers the burst's `window/workDoneProgress/create` (request `id`); after an
    /// error, no more progress is sent with its token (LSP 3.17 §3.18).
    func answersDownloadProgressCreate(_ id: RequestID, _ response: ResponseMessage) -> Bool {
        guard let p = downloadProgress, p.request == id else { return false }
        downloadProgress?.request = nil
        if case .failure(let error) = response.result {
            log("window/workDoneProgress/create failed: \(error.message)")
            downloadProgress?.accepted = false
        }
        return true
    }

    /// Answers `pureyaml/schemaInfo`.
    func schemaInfo(_ params: SchemaInfoParams) -> LSPAny {
        let uri = FromLSP.uri(params.textDocument.uri)
        guard let info = model.schemaInfo(uri), let snapshot = model.snapshot(uri) else { return .null }
        let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
        var result: [String: LSPAny] = ["uri": .string(uri.string)]
        if let url = info.catalogURL, let status = info.catalogStatus {
            result["catalog"] = .object(["url": .string(url), "status": .string(status.description)])
        }
        result["documents"] = .array(info.documents.map { d in
            var item: [String: LSPAny] = ["index": .integer(d.index), "disabled": .bool(d.disabled),
                                          "range": (try? LSPAny(encoding: to.range(d.range))) ?? .null]
            if let s = d.schemaURI { item["schema"] = .string(s) }
            if !d.additionalSchemaURIs.isEmpty { item["additionalSchemas"] = .array(d.additionalSchemaURIs.map(LSPAny.string)) }
            if let r = d.rule { item["rule"] = .string(r.description) }
            if let s = d.status { item["status"] = .string(s.description) }
            return .object(item)
        })
        return .object(result)
    }
}
