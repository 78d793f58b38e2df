import Foundation
import JSONRPC
import LanguageServerProtocol
import SchemaFetching
import YAMLDocumentModel

/// Schema loading and the `pureyaml/schemaInfo` request. The model decides which schemas are needed
/// (and reads local schema files and mirror folders itself); this renderer only starts the downloads the
/// model asks for (``DocumentModel/loadSchema(_:allowNetwork:through:completion:)``), off the protocol queue, and
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
            model.loadSchema(uri, allowNetwork: allowNetwork) { result in
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
        downloadsSettled()
        // Revalidation may have composed a large document again (and released it).
        Self.returnFreedMemory()
    }

    /// The work-done progress of one burst of downloads: from the first download started while none ran
    /// to the moment none runs. Nothing is sent with its token before the client answered
    /// `window/workDoneProgress/create` (so that the token exists on the client's side), and nothing at all
    /// after an error answer (LSP 3.17 §3.18 "Work Done Progress").
    struct DownloadProgress {
        /// The token of `window/workDoneProgress/create`.
        var token: String
        /// The id of that request.
        var request: RequestID
        /// True once the client answered the request with success and `begin` was sent.
        var begun = false
        /// True once the client answered the request with an error: nothing is sent.
        var refused = false
        /// True once no download runs any more (the burst is over; `end` is sent once begun).
        var ended = false
        /// Downloads started and finished in the burst, and the last one started or finished.
        var started = 0, finished = 0, last = ""
    }

    /// A download of `uri` started: for a client that declares `window.workDoneProgress`, asks the
    /// client to create the burst's progress (`window/workDoneProgress/create`; `$/progress` begin follows
    /// its answer) or reports the new count. Other clients are sent nothing.
    func downloadStarted(_ uri: String) {
        guard clientCapabilities.window?.workDoneProgress == true else { return }
        if downloadProgress == nil {
            downloadProgressCount += 1
            let id = makeRequestID()
            let token = "pureyaml-schema-downloads-\(downloadProgressCount)"
            downloadProgress = DownloadProgress(token: token, request: id)
            connection.request(WorkDoneProgressCreateRequest.self, id: id, params: WorkDoneProgressCreateParams(token: token))
        }
        downloadProgress?.started += 1
        downloadProgress?.last = uri
        if let p = downloadProgress, p.begun { sendReport(p) }
    }

    /// A download of `uri` finished: reports it, and ends the burst's progress when none runs any more
    /// (a burst whose creation the client has not answered yet waits for the answer, to begin and end).
    func downloadFinished(_ uri: String) {
        guard var p = downloadProgress else { return }
        p.finished += 1
        p.last = uri
        downloadProgress = p
        guard schemaLoadsInFlight.isEmpty else {
            if p.begun { sendReport(p) }
            return
        }
        p.ended = true
        downloadProgress = nil
        if p.begun { sendEnd(p) } else if !p.refused { unansweredDownloadProgress[p.request] = p }
    }

    private func sendReport(_ p: DownloadProgress) {
        connection.notify(ProgressNotification.self, params: ProgressParams(token: p.token, value: .report(
            "\(p.finished) of \(p.started): \(p.last)", percentage: p.finished * 100 / max(p.started, 1))))
    }

    private func sendEnd(_ p: DownloadProgress) {
        connection.notify(ProgressNotification.self, params: ProgressParams(token: p.token, value: .end("\(p.finished) downloaded or failed")))
    }

    /// True when `response` answers a burst's `window/workDoneProgress/create` (request `id`). On success
    /// the burst begins (`$/progress` begin with the downloads so far), and ends at once when it is over
    /// already; after an error nothing is sent with its token (LSP 3.17 §3.18).
    func answersDownloadProgressCreate(_ id: RequestID, _ response: ResponseMessage) -> Bool {
        let burst: DownloadProgress
        if let p = downloadProgress, p.request == id {
            burst = p
        } else if let p = unansweredDownloadProgress.removeValue(forKey: id) {
            burst = p
        } else {
            return false
        }
        if case .failure(let error) = response.result {
            log("window/workDoneProgress/create failed: \(error.message)")
            if !burst.ended { downloadProgress?.refused = true }
            return true
        }
        connection.notify(ProgressNotification.self, params: ProgressParams(token: burst.token, value: .begin(
            "Downloading schemas", message: burst.last, percentage: burst.finished * 100 / max(burst.started, 1))))
        if burst.ended { sendEnd(burst) } else { downloadProgress?.begun = true }
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
