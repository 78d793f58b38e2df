// swift-tools-version:6.0
// PureYAML — a YAML language server and command-line checker/formatter.
// Targets follow ../shared/ARCHITECTURE.md, lowest tier first. No package dependencies.
import PackageDescription

let package = Package(
    name: "PureYAML",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pureyaml", targets: ["pureyaml"]),
    ],
    dependencies: [],
    targets: [
        // Tier 0: YAML core (standard library only).
        .target(name: "YAMLSyntax"),
        .target(name: "YAMLParser", dependencies: ["YAMLSyntax"]),
        .target(name: "YAMLComposer", dependencies: ["YAMLParser", "YAMLSyntax"]),
        .target(name: "YAMLFormatter", dependencies: ["YAMLComposer", "YAMLParser", "YAMLSyntax"]),
        .target(name: "YAMLSchema", dependencies: ["YAMLComposer", "YAMLParser", "YAMLSyntax"]),
        // Tier 1: the engine.
        .target(name: "YAMLDocumentModel",
                dependencies: ["YAMLSyntax", "YAMLParser", "YAMLComposer", "YAMLFormatter", "YAMLSchema"]),
        // Tier 2: wire and renderers.
        .target(name: "JSONRPC"),
        .target(name: "LanguageServerProtocol", dependencies: ["JSONRPC"]),
        .target(name: "YAMLLanguageServer",
                dependencies: ["YAMLDocumentModel", "YAMLSyntax", "JSONRPC", "LanguageServerProtocol"]),
        .target(name: "PureYAMLCommandLine", dependencies: ["YAMLDocumentModel"]),
        // Tier 3: the executable.
        .executableTarget(name: "pureyaml",
                          dependencies: ["YAMLLanguageServer", "PureYAMLCommandLine", "JSONRPC"]),

        // Test support: locating ../shared, running the built binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "YAMLSyntaxTests", dependencies: ["YAMLSyntax", "TestSupport"]),
        .testTarget(name: "YAMLParserTests", dependencies: ["YAMLParser", "YAMLSyntax", "TestSupport"]),
        .testTarget(name: "YAMLComposerTests", dependencies: ["YAMLComposer", "YAMLParser", "TestSupport"]),
        .testTarget(name: "YAMLFormatterTests",
                    dependencies: ["YAMLFormatter", "YAMLComposer", "YAMLParser", "TestSupport"],
                    exclude: ["Golden"]), // golden files, read from the package root at run time
        .testTarget(name: "YAMLSchemaTests", dependencies: ["YAMLSchema", "YAMLComposer", "TestSupport"]),
        .testTarget(name: "YAMLDocumentModelTests", dependencies: ["YAMLDocumentModel", "TestSupport"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "LanguageServerProtocol"]),
        .testTarget(name: "YAMLLanguageServerTests",
                    dependencies: ["YAMLLanguageServer", "LanguageServerProtocol", "JSONRPC", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
