import Foundation

/// What `editors/neovim/test/e2e.lua` observed in one headless Neovim session, decoded from the JSON file
/// it writes (`E2E_RESULT`). Keys are the script's snake_case names.
///
/// Positions: `NeovimRunResult.Diagnostic` lines and columns come from `vim.diagnostic.get()` (0-based
/// lines, UTF-8 byte columns, already converted by Neovim); `Position` values are raw LSP positions
/// (0-based line, character in ``offsetEncoding`` units: `utf-16` or `utf-8`).
struct NeovimRunResult: Decodable {
    /// `major.minor.patch` of the Neovim that ran the script.
    var nvimVersion: String
    /// Set when the script stopped early (a timeout, or a Lua error with its traceback).
    var error: String?
    /// The steps the script reached, in order (the last one tells where it stopped).
    var steps: [String]
    var initialized: Bool?
    /// The position encoding the client uses for this server (`client.offset_encoding`).
    var offsetEncoding: String?
    var supports: Supports?
    /// Every `textDocument/publishDiagnostics` the client received, in arrival order.
    var publishes: [Publish]
    var firstPublish: Publish?
    /// `vim.diagnostic.get(bufnr)` after the first publish (plus a pull, where the client pulls).
    var diagnostics: [Diagnostic]?
    /// `E2E_EXPECT_DIAGNOSTIC`: whether a diagnostic with that text reached the buffer without an edit, and
    /// how long the script waited for it after the first diagnostics (milliseconds).
    var expectedDiagnosticFound: Bool?
    var expectedDiagnosticMs: Int?
    /// The top level of `textDocument/documentSymbol` (nil when not advertised).
    var symbols: [Symbol]?
    var symbolsError: ResponseError?
    var hover: Hover?
    var edit: Edit?
    /// The quick-fix steps (`E2E_CODE_ACTION`).
    var codeAction: CodeAction?
    /// The buffer text as loaded (lines joined with `\n`, final `\n` added).
    var originalText: String
    /// The buffer text just before `:write` (format on save runs after this).
    var preSaveText: String?
    var saved: Bool?
    var formatOnSaveRan: Bool?
    /// `textDocument/formatting` requests sent by the client during the session.
    var formattingRequests: Int?
    /// Notifications the client sent, by method.
    var notifications: NeovimLuaDictionary<Int>
    /// Requests the client sent, by method.
    var requests: NeovimLuaDictionary<Int>
    /// `contentChanges` entries over all `textDocument/didChange` notifications.
    var contentChanges: Int
    var exit: Exit?
    /// True when the server did not exit after `shutdown`/`exit` and had to be killed.
    var exitForced: Bool?
    /// Neovim's `lsp.log` (the server's stderr is logged there).
    var lspLog: String?

    /// Which methods the client considers supported (from the server's capabilities).
    struct Supports: Decodable {
        var hover: Bool
        var documentSymbol: Bool
        var formatting: Bool
        var pullDiagnostics: Bool
    }

    /// One `publishDiagnostics` notification, summarized.
    struct Publish: Decodable {
        var uri: String
        /// `PublishDiagnosticsParams.version`; nil when the server left it out.
        var version: Int?
        var count: Int
        /// LSP start lines (0-based) of the diagnostics with severity Error (or no severity).
        var errorLines: [Int]
        /// Each diagnostic's `code` as a string (`""` when absent), in order.
        var codes: [String]?
    }

    /// One `vim.diagnostic` entry.
    struct Diagnostic: Decodable {
        var lnum: Int
        var col: Int
        /// 1 error, 2 warning, 3 information, 4 hint.
        var severity: Int?
        var message: String
    }

    /// A raw LSP position.
    struct Position: Decodable, Equatable {
        var line: Int
        var character: Int
    }

    /// One top-level document symbol with the names of its children.
    struct Symbol: Decodable {
        var name: String
        var kind: Int?
        /// Start of `selectionRange` (nil for flat `SymbolInformation` results).
        var selection: Position?
        var children: [String]
        /// Start of each child's `selectionRange`, in the order of ``children``.
        var childSelections: [Position]
        /// True when the result was `DocumentSymbol[]` (has `selectionRange`).
        var hierarchical: Bool
    }

    /// A JSON-RPC error object as Neovim passes it on.
    struct ResponseError: Decodable {
        var code: Int?
        var message: String?
    }

    /// The hover request on the first top-level key.
    struct Hover: Decodable {
        /// False when the server did not advertise `hoverProvider` (nothing was sent).
        var advertised: Bool?
        var position: Position?
        var error: ResponseError?
        var isNull: Bool?
        var text: String?
        var range: Range?
    }

    /// A raw LSP range.
    struct Range: Decodable {
        var start: Position
        var end: Position
    }

    /// The editing steps (`E2E_EDIT=1`): break line 2, repair it, type a comment line at the top.
    struct Edit: Decodable {
        /// Version (`b:changedtick`) after inserting the broken line.
        var version: Int
        var brokenPublish: Publish?
        var brokenDiagnostics: [BrokenDiagnostic]
        var repairedVersion: Int
        var repairedPublish: Publish?
        /// True when the buffer text after the repair equals the loaded text.
        var repairedEqual: Bool
        var typedVersion: Int
        var typedPublish: Publish?
        var typedFirstLine: String?
    }

    /// The quick-fix steps: ask for code actions on the first diagnostic with the code under test, pick
    /// its quick fix, resolve it when it came without `edit` (and the server advertises `resolveProvider`),
    /// apply its `WorkspaceEdit`, and wait for the diagnostics of the edited text.
    struct CodeAction: Decodable {
        /// `client` (Neovim's own capabilities) or `eager` (the same without `codeAction.resolveSupport`).
        var mode: String
        /// `textDocument.codeAction.resolveSupport.properties` the client declared (empty: none).
        var declaredResolveProperties: [String]
        /// `textDocument.codeAction.dataSupport` the client declared.
        var declaredDataSupport: Bool
        /// `codeActionProvider.resolveProvider` the server advertised.
        var resolveProvider: Bool
        /// 0-based line of the diagnostic asked about; nil when no diagnostic had the code.
        var diagnosticLine: Int?
        var listError: ResponseError?
        /// The code actions listed for that diagnostic.
        var listed: [Listed]?
        var pickedTitle: String?
        /// True when the picked action came with its `edit` in the list (no resolve needed).
        var pickedHadEdit: Bool?
        /// True when `codeAction/resolve` was sent.
        var resolved: Bool?
        var resolveError: ResponseError?
        /// True when the action finally applied had an `edit`.
        var appliedHadEdit: Bool?
        /// The buffer text after `vim.lsp.util.apply_workspace_edit` (lines joined with `\n`, final `\n`).
        var textAfter: String?
        /// `b:changedtick` after the edit.
        var versionAfter: Int?
        /// The first diagnostics (pushed or pulled) for a version at least ``versionAfter``.
        var publishAfter: Publish?
    }

    /// One listed code action, summarized.
    struct Listed: Decodable {
        var title: String
        var kind: String?
        var hasEdit: Bool
        var hasData: Bool
    }

    /// An error-severity `vim.diagnostic` entry after the broken edit.
    struct BrokenDiagnostic: Decodable {
        var lnum: Int
        var message: String
    }

    /// How the server process ended (`on_exit`).
    struct Exit: Decodable {
        var code: Int
        var signal: Int
    }

    /// Decodes the script's JSON output.
    static func decode(_ data: Data) throws -> NeovimRunResult {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(NeovimRunResult.self, from: data)
    }
}
