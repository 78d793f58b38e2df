import JSONRPC

/// The subset of the client's capabilities (LSP 3.17 "ClientCapabilities") the server looks at.
/// Every member is optional: absent means "not supported". Unknown members are ignored on decoding.
public struct ClientCapabilities: Codable, Sendable, Hashable {
    /// Workspace capabilities.
    public var workspace: Workspace?
    /// Text-document capabilities.
    public var textDocument: TextDocument?
    /// Window capabilities.
    public var window: Window?
    /// General capabilities (position encodings).
    public var general: General?
    /// Experimental capabilities, raw.
    public var experimental: LSPAny?

    /// Creates capabilities.
    public init(workspace: Workspace? = nil, textDocument: TextDocument? = nil, window: Window? = nil,
                general: General? = nil, experimental: LSPAny? = nil) {
        self.workspace = workspace
        self.textDocument = textDocument
        self.window = window
        self.general = general
        self.experimental = experimental
    }

    /// `capabilities.general`.
    public struct General: Codable, Sendable, Hashable {
        /// The encodings the client supports, most preferred first (LSP 3.17); `utf-16` is always implied.
        public var positionEncodings: [PositionEncodingKind]?

        /// Creates general capabilities.
        public init(positionEncodings: [PositionEncodingKind]? = nil) { self.positionEncodings = positionEncodings }
    }

    /// `capabilities.workspace`.
    public struct Workspace: Codable, Sendable, Hashable {
        /// Whether the client answers `workspace/configuration`.
        public var configuration: Bool?
        /// Whether the client supports workspace folders.
        public var workspaceFolders: Bool?
        /// `workspace.didChangeConfiguration`.
        public var didChangeConfiguration: DynamicRegistration?
        /// `workspace.didChangeWatchedFiles`: whether the client watches the files the server registers.
        public var didChangeWatchedFiles: DynamicRegistration?
        /// `workspace.diagnostics`: whether the client accepts `workspace/diagnostic/refresh`.
        public var diagnostics: RefreshSupport?
        /// `workspace.workspaceEdit`: which ``WorkspaceEdit`` forms the client applies.
        public var workspaceEdit: WorkspaceEditSupport?
        /// `workspace.semanticTokens`: whether the client accepts `workspace/semanticTokens/refresh`.
        public var semanticTokens: RefreshSupport?
        /// `workspace.foldingRange`: whether the client accepts `workspace/foldingRange/refresh` (LSP 3.18).
        public var foldingRange: RefreshSupport?

        /// `WorkspaceEditClientCapabilities` (LSP 3.17): the part the server reads.
        public struct WorkspaceEditSupport: Codable, Sendable, Hashable {
            /// Whether the client applies versioned `documentChanges`.
            public var documentChanges: Bool?
            public init(documentChanges: Bool? = nil) { self.documentChanges = documentChanges }
        }

        /// A `refreshSupport` flag (LSP 3.17 `DiagnosticWorkspaceClientCapabilities`).
        public struct RefreshSupport: Codable, Sendable, Hashable {
            public var refreshSupport: Bool?
            public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
        }

        /// Creates workspace capabilities.
        public init(configuration: Bool? = nil, workspaceFolders: Bool? = nil,
                    didChangeConfiguration: DynamicRegistration? = nil) {
            self.configuration = configuration
            self.workspaceFolders = workspaceFolders
            self.didChangeConfiguration = didChangeConfiguration
        }
    }

    /// A capability that only says whether dynamic registration is supported.
    public struct DynamicRegistration: Codable, Sendable, Hashable {
        /// Whether the client supports `client/registerCapability` for this feature.
        public var dynamicRegistration: Bool?

        /// Creates the capability.
        public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
    }

    /// `capabilities.window`.
    public struct Window: Codable, Sendable, Hashable {
        /// Whether the client supports work-done progress.
        public var workDoneProgress: Bool?

        /// Creates window capabilities.
        public init(workDoneProgress: Bool? = nil) { self.workDoneProgress = workDoneProgress }
    }

    /// `capabilities.textDocument`.
    public struct TextDocument: Codable, Sendable, Hashable {
        /// `textDocument.synchronization`.
        public var synchronization: Synchronization?
        /// `textDocument.publishDiagnostics`.
        public var publishDiagnostics: PublishDiagnostics?
        /// `textDocument.diagnostic`: present when the client can pull diagnostics (LSP 3.17).
        public var diagnostic: Diagnostic?
        /// `textDocument.hover`.
        public var hover: Hover?
        /// `textDocument.completion`.
        public var completion: Completion?
        /// `textDocument.documentSymbol`.
        public var documentSymbol: DocumentSymbol?
        /// `textDocument.foldingRange`.
        public var foldingRange: FoldingRange?
        /// `textDocument.formatting`.
        public var formatting: DynamicRegistration?
        /// `textDocument.semanticTokens`.
        public var semanticTokens: SemanticTokens?
        /// `textDocument.codeAction`.
        public var codeAction: CodeAction?

        /// Creates text-document capabilities.
        public init(synchronization: Synchronization? = nil, publishDiagnostics: PublishDiagnostics? = nil,
                    diagnostic: Diagnostic? = nil, hover: Hover? = nil, completion: Completion? = nil,
                    documentSymbol: DocumentSymbol? = nil, foldingRange: FoldingRange? = nil,
                    formatting: DynamicRegistration? = nil, semanticTokens: SemanticTokens? = nil) {
            self.semanticTokens = semanticTokens
            self.synchronization = synchronization
            self.publishDiagnostics = publishDiagnostics
            self.diagnostic = diagnostic
            self.hover = hover
            self.completion = completion
            self.documentSymbol = documentSymbol
            self.foldingRange = foldingRange
            self.formatting = formatting
        }

        /// `textDocument.synchronization`.
        public struct Synchronization: Codable, Sendable, Hashable {
            /// Whether dynamic registration is supported.
            public var dynamicRegistration: Bool?
            /// Whether the client sends `didSave`.
            public var didSave: Bool?

            /// Creates the capability.
            public init(dynamicRegistration: Bool? = nil, didSave: Bool? = nil) {
                self.dynamicRegistration = dynamicRegistration
                self.didSave = didSave
            }
        }

        /// `textDocument.publishDiagnostics`.
        public struct PublishDiagnostics: Codable, Sendable, Hashable {
            /// Whether `relatedInformation` is shown.
            public var relatedInformation: Bool?
            /// Whether the client interprets `version` in `publishDiagnostics`.
            public var versionSupport: Bool?
            /// Whether `codeDescription` is supported.
            public var codeDescriptionSupport: Bool?
            /// Whether `data` is preserved between publish and code action.
            public var dataSupport: Bool?

            /// Creates the capability.
            public init(relatedInformation: Bool? = nil, versionSupport: Bool? = nil,
                        codeDescriptionSupport: Bool? = nil, dataSupport: Bool? = nil) {
                self.relatedInformation = relatedInformation
                self.versionSupport = versionSupport
                self.codeDescriptionSupport = codeDescriptionSupport
                self.dataSupport = dataSupport
            }
        }

        /// `textDocument.diagnostic` (pull diagnostics, LSP 3.17).
        public struct Diagnostic: Codable, Sendable, Hashable {
            /// Whether dynamic registration is supported.
            public var dynamicRegistration: Bool?
            /// Whether related documents may be reported.
            public var relatedDocumentSupport: Bool?

            /// Creates the capability.
            public init(dynamicRegistration: Bool? = nil, relatedDocumentSupport: Bool? = nil) {
                self.dynamicRegistration = dynamicRegistration
                self.relatedDocumentSupport = relatedDocumentSupport
            }
        }

        /// `textDocument.hover`.
        public struct Hover: Codable, Sendable, Hashable {
            /// Content formats the client supports, preferred first.
            public var contentFormat: [MarkupKind]?

            /// Creates the capability.
            public init(contentFormat: [MarkupKind]? = nil) { self.contentFormat = contentFormat }

            /// Decodes the capability; unknown markup kinds are left out (see `decodeMarkupKinds(forKey:)`).
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                contentFormat = try container.decodeMarkupKinds(forKey: .contentFormat)
            }
        }

        /// `textDocument.codeAction` (LSP 3.17 "CodeActionClientCapabilities"): the part the server reads.
        public struct CodeAction: Codable, Sendable, Hashable {
            /// Whether the client keeps a code action's `data` between `textDocument/codeAction` and
            /// `codeAction/resolve`.
            public var dataSupport: Bool?
            /// The code action properties the client can have filled in lazily by `codeAction/resolve`.
            public var resolveSupport: ResolveSupport?

            /// `resolveSupport`: the names of the properties resolved lazily, e.g. `["edit"]`.
            public struct ResolveSupport: Codable, Sendable, Hashable {
                /// The property names (required by LSP 3.17; a client that leaves it out resolves nothing).
                public var properties: [String]?
                /// Creates the capability.
                public init(properties: [String]?) { self.properties = properties }
            }

            /// Creates the capability.
            public init(dataSupport: Bool? = nil, resolveSupport: ResolveSupport? = nil) {
                self.dataSupport = dataSupport
                self.resolveSupport = resolveSupport
            }
        }

        /// `textDocument.completion`.
        public struct Completion: Codable, Sendable, Hashable {
            /// `completion.completionItem`.
            public var completionItem: CompletionItem?

            /// Creates the capability.
            public init(completionItem: CompletionItem? = nil) { self.completionItem = completionItem }

            /// `completion.completionItem`.
            public struct CompletionItem: Codable, Sendable, Hashable {
                /// Whether snippets are supported in insert texts.
                public var snippetSupport: Bool?
                /// Documentation formats the client supports, preferred first.
                public var documentationFormat: [MarkupKind]?
                /// The ``InsertTextMode``s the client accepts on an item (LSP 3.17, since 3.16).
                public var insertTextModeSupport: InsertTextModeSupport?

                /// Creates the capability.
                public init(snippetSupport: Bool? = nil, documentationFormat: [MarkupKind]? = nil,
                            insertTextModeSupport: InsertTextModeSupport? = nil) {
                    self.snippetSupport = snippetSupport
                    self.documentationFormat = documentationFormat
                    self.insertTextModeSupport = insertTextModeSupport
                }

                /// Decodes the capability; unknown markup kinds in `documentationFormat` are left out (see
                /// `decodeMarkupKinds(forKey:)`).
                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    snippetSupport = try container.decodeIfPresent(Bool.self, forKey: .snippetSupport)
                    documentationFormat = try container.decodeMarkupKinds(forKey: .documentationFormat)
                    insertTextModeSupport = try container.decodeIfPresent(InsertTextModeSupport.self, forKey: .insertTextModeSupport)
                }

                /// `completionItem.insertTextModeSupport`.
                public struct InsertTextModeSupport: Codable, Sendable, Hashable {
                    /// The raw ``InsertTextMode`` values the client accepts (raw, so a value from a later
                    /// protocol version does not make the capabilities undecodable).
                    public var valueSet: [Int]

                    /// Creates the capability.
                    public init(valueSet: [Int]) { self.valueSet = valueSet }

                    /// Whether `mode` is among the accepted values.
                    public func supports(_ mode: InsertTextMode) -> Bool { valueSet.contains(mode.rawValue) }
                }
            }
        }

        /// `textDocument.documentSymbol`.
        public struct DocumentSymbol: Codable, Sendable, Hashable {
            /// Whether the client accepts hierarchical `DocumentSymbol[]` results.
            public var hierarchicalDocumentSymbolSupport: Bool?

            /// Creates the capability.
            public init(hierarchicalDocumentSymbolSupport: Bool? = nil) {
                self.hierarchicalDocumentSymbolSupport = hierarchicalDocumentSymbolSupport
            }
        }

        /// `textDocument.semanticTokens` (the members the server looks at).
        public struct SemanticTokens: Codable, Sendable, Hashable {
            /// Whether the client accepts tokens that span lines (LSP 3.17); else they are split per line.
            public var multilineTokenSupport: Bool?
            /// Whether the client accepts overlapping tokens.
            public var overlappingTokenSupport: Bool?

            /// Creates the capability.
            public init(multilineTokenSupport: Bool? = nil, overlappingTokenSupport: Bool? = nil) {
                self.multilineTokenSupport = multilineTokenSupport
                self.overlappingTokenSupport = overlappingTokenSupport
            }
        }

        /// `textDocument.foldingRange`.
        public struct FoldingRange: Codable, Sendable, Hashable {
            /// The maximum number of ranges the client wants.
            public var rangeLimit: Int?
            /// Whether the client ignores start/end characters and folds whole lines.
            public var lineFoldingOnly: Bool?

            /// Creates the capability.
            public init(rangeLimit: Int? = nil, lineFoldingOnly: Bool? = nil) {
                self.rangeLimit = rangeLimit
                self.lineFoldingOnly = lineFoldingOnly
            }
        }
    }
}
