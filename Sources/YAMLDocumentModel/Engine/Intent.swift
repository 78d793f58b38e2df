import YAMLSyntax

/// Everything a renderer can ask the model to do. The only way state changes
/// (see ``DocumentModel/perform(_:)``). Plain data: intents built from equal input compare equal, and
/// ``description`` gives a one-line account of one for logs (without document text).
public enum Intent: Sendable, Hashable, CustomStringConvertible {
    /// A document was opened with `text` at `version` (LSP `textDocument/didOpen`; the CLI opens each file
    /// at version 0). Opening an open document replaces it.
    case open(DocumentURI, version: Int, text: String)
    /// A file's `bytes`, which may be invalid UTF-8 as files on disk can be, opened as `uri` at version 0
    /// (the command line's way in; same areas as ``open(_:version:text:)``). A UTF-16 or UTF-32 stream
    /// (YAML 1.2.2 §5.2) is checked as its UTF-8 transcoding; formatting such a document is refused
    /// (``DocumentModel/formatting(_:request:)``), since writing it back would change its encoding.
    case openFile(DocumentURI, bytes: [UInt8])
    /// Edits applied in order, giving `version` (LSP `textDocument/didChange`). Positions in `changes` are
    /// counted in `encoding`. Versions need not be consecutive; a change to an unknown document is ignored.
    case change(DocumentURI, version: Int, changes: [TextChange], encoding: ColumnEncoding)
    /// The document was closed; its diagnostics become empty.
    case close(DocumentURI)
    /// The document was saved (text, if the client sent it, replaces the model's when different).
    case save(DocumentURI, text: String?)
    /// New settings for every document.
    case configure(Settings)
    /// Files changed, appeared or disappeared on disk (LSP `workspace/didChangeWatchedFiles`, or a save in
    /// the editor): the model reads again what it depends on among them — yamllint configuration
    /// (`.yamllint*`), project settings (`.pureyaml.yaml`/`.yml`), and schema files in use — through its
    /// ``ModelEnvironment``.
    case filesChanged([DocumentURI])
    /// The edge delivered a schema or catalog the model asked for (see
    /// ``DocumentModel/schemaLoadRequests``): its bytes, or why it could not. Documents using it are
    /// revalidated.
    case schemaLoaded(String, SchemaLoadResult)
    /// Several loads the edge finished, delivered at once: each as by ``schemaLoaded(_:_:)``, in order, and
    /// the documents using them revalidated once, not once per load (300 schemas failing for a 300-document
    /// stream re-associated the stream 300 times).
    case schemasLoaded([SchemaDelivery])
}

/// One schema or catalog load the edge finished (``Intent/schemasLoaded(_:)``): the URI the model asked
/// for and its bytes, or why there are none.
public struct SchemaDelivery: Sendable, Hashable {
    /// The URI as ``DocumentModel/schemaLoadRequests`` listed it.
    public var uri: String
    /// Its bytes, or why it has none.
    public var result: SchemaLoadResult

    public init(_ uri: String, _ result: SchemaLoadResult) {
        self.uri = uri
        self.result = result
    }
}

extension Intent {
    /// One line for logs: the case, the document and its version, sizes instead of text.
    public var description: String {
        switch self {
        case let .open(uri, version, text): return "open \(uri) v\(version) (\(text.utf8.count) bytes)"
        case let .openFile(uri, bytes): return "openFile \(uri) (\(bytes.count) bytes)"
        case let .change(uri, version, changes, encoding):
            return "change \(uri) v\(version) (\(changes.count) change\(changes.count == 1 ? "" : "s"), \(encoding.rawValue))"
        case let .close(uri): return "close \(uri)"
        case let .save(uri, text): return "save \(uri)" + (text.map { " (\($0.utf8.count) bytes)" } ?? "")
        case .configure: return "configure"
        case let .filesChanged(uris): return "filesChanged " + uris.map(\.description).joined(separator: ", ")
        case let .schemaLoaded(uri, result):
            switch result {
            case .success(let bytes): return "schemaLoaded \(uri) (\(bytes.count) bytes)"
            case .failure(let why): return "schemaLoaded \(uri) (failed: \(why))"
            }
        case let .schemasLoaded(loads):
            let failed = loads.filter { if case .failure = $0.result { true } else { false } }.count
            return "schemasLoaded \(loads.count) (\(failed) failed)"
        }
    }

    /// True for intents that report what the editor did to a document (open, change, close, save), as
    /// opposed to changes that reach documents from elsewhere (settings, a schema that arrived).
    public var comesFromTheDocument: Bool {
        switch self {
        case .open, .openFile, .change, .close, .save: return true
        default: return false
        }
    }
}
