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
        // Revalidation may have composed a large document again (and released it).
        Self.returnFreedMemory()
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
