// swift-tools-version:6.0
// PureYAML — a YAML language server and command-line checker/formatter.
// Targets follow ARCHITECTURE.md, lowest tier first. No package dependencies.
import PackageDescription
#if os(Linux)
import Glibc
#endif

/// Settings below apply to release builds on Linux only.
let releaseOnLinux = BuildSettingCondition.when(platforms: [.linux], configuration: .release)

/// A position-independent executable carries one relocation per absolute pointer in its data (~85,000
/// for `pureyaml`, 2 MB of `.rela.dyn` that the loader reads at every start). lld's
/// `-z pack-relative-relocs` stores them as a bitmap (`DT_RELR`, 16 KB), which glibc reads since 2.36;
/// the executable then requires that glibc, so this is only used when the building machine has it
/// (checked with `confstr`), else the default linker and plain relocations are kept.
let packedRelocations: [LinkerSetting] = hostGlibcReadsPackedRelocations
    ? [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], releaseOnLinux)]
    : []
/// True when this machine's C library is glibc 2.36 or later (`DT_RELR` support).
var hostGlibcReadsPackedRelocations: Bool {
    #if os(Linux)
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
    // "glibc 2.36"
    let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = version.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    guard version.hasPrefix("glibc"), numbers.count >= 2 else { return false }
    return numbers[0] > 2 || (numbers[0] == 2 && numbers[1] >= 36)
    #else
    return false
    #endif
}

/// Release executables on Linux link the Swift runtime and Foundation statically (`-static-stdlib`):
/// a dynamically linked `pureyaml lsp` is ~27 MiB resident before it reads a byte, most of it pages of
/// libswiftCore, Foundation and ICU that the loader maps and relocates; linked in, only the code the
/// server runs is resident (see docs/performance.md, "What each optimisation bought"). The modules
/// linked into them are compiled with the flag too, so that they import the toolchain's static
/// modules, whose link entries name every static library they need. Debug builds and test bundles
/// stay dynamic (faster to link).
/// Their functions are each compiled into a section of its own (`-function-sections`), so that the linker
/// can place the functions a start-up runs next to each other (``startupLinking``).
let staticStdlibCompiling: [SwiftSetting] = [.unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"], releaseOnLinux)]
let staticStdlibLinking: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], releaseOnLinux)] + packedRelocations

/// `pureyaml` itself is linked as a static executable (`-static-executable`: the C library and libstdc++
/// too) at a fixed address: no dynamic loader, no shared library to map, no relocation to apply and no
/// symbol to look up at each start, which were about half the CPU time of `pureyaml check` on one small
/// file. The functions a start-up runs (`Sources/pureyaml/Linker/startup-order.txt`, written by
/// `scripts/startup-order` from a profile of `check`, `format` and an `lsp` session) are placed together
/// at the start of the code (lld's `--symbol-ordering-file`): the kernel maps the executable's code 64 KB
/// around each page touched, so scattered functions made most of the 19 MB of code resident. A name the
/// file lists that no longer exists is skipped; a function it does not list is placed as before.
/// (docs/notes/startup.md has the figures.) `-static-executable` needs the static C library (`libc.a`,
/// Debian's libc6-dev; Fedora's glibc-static) and `libstdc++.a`; without them the build links as the other
/// executables do (``staticStdlibLinking``).
let startupLinking: [LinkerSetting] = hostHasStaticCLibraries
    ? [.unsafeFlags(["-static-executable", "-use-ld=lld",
                     "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/pureyaml/Linker/startup-order.txt",
                     "-Xlinker", "--no-warn-symbol-ordering"], releaseOnLinux)]
    : staticStdlibLinking
/// True when this machine has the static C library and libstdc++ that `-static-executable` links.
var hostHasStaticCLibraries: Bool {
    #if os(Linux)
    func exists(_ pattern: String) -> Bool {
        var found = glob_t()
        defer { globfree(&found) }
        return glob(pattern, 0, nil, &found) == 0 && found.gl_pathc > 0
    }
    let libc = ["/usr/lib/*-linux-gnu/libc.a", "/usr/lib64/libc.a", "/usr/lib/libc.a"]
    let libstdcxx = ["/usr/lib/gcc/*/*/libstdc++.a", "/usr/lib64/libstdc++.a", "/usr/lib/*-linux-gnu/libstdc++.a"]
    return libc.contains(where: exists) && libstdcxx.contains(where: exists)
    #else
    return false
    #endif
}
/// A static `FoundationNetworking` (linked into `pureyaml-fetch` only) asks the linker for `-lcurl`, which
/// needs curl's development symlink `libcurl.so`; `Sources/pureyaml/Linker/libcurl.so` is a linker script
/// naming the runtime library `libcurl.so.4` instead (what the toolchain's dynamic `FoundationNetworking`
/// loads), so no development package has to be installed.
let curlLinkerScript: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-L\(Context.packageDirectory)/Sources/pureyaml/Linker"], releaseOnLinux),
]

let package = Package(
    name: "PureYAML",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pureyaml", targets: ["pureyaml"]),
        .executable(name: "pureyaml-fetch", targets: ["pureyaml-fetch"]),
    ],
    dependencies: [],
    targets: [
        // Tier 0: YAML core (standard library only).
        .target(name: "YAMLSyntax"),
        .target(name: "YAMLParser", dependencies: ["YAMLSyntax"]),
        .target(name: "YAMLComposer", dependencies: ["YAMLParser", "YAMLSyntax"]),
        .target(name: "YAMLFormatter", dependencies: ["YAMLComposer", "YAMLParser", "YAMLSyntax"]),
        .target(name: "YAMLSchema", dependencies: ["YAMLComposer", "YAMLParser", "YAMLSyntax"]),
        .target(name: "YAMLLint", dependencies: ["YAMLComposer", "YAMLParser", "YAMLSyntax"]),
        // Tier 1: the engine.
        .target(name: "YAMLDocumentModel",
                dependencies: ["YAMLSyntax", "YAMLParser", "YAMLComposer", "YAMLFormatter", "YAMLSchema", "YAMLLint"]),
        // Tier 2: wire and renderers.
        .target(name: "JSONRPC"),
        .target(name: "LanguageServerProtocol", dependencies: ["JSONRPC"]),
        .target(name: "YAMLLanguageServer",
                dependencies: ["YAMLDocumentModel", "YAMLSyntax", "JSONRPC", "LanguageServerProtocol", "SchemaFetching"]),
        // Schema loading at the edge (files, http(s) with an on-disk cache), shared by both renderers.
        // Downloads other than plain `http:` to a literal address run in the `pureyaml-fetch` process, the
        // only code that links FoundationNetworking (libcurl, TLS): `pureyaml` starts without them.
        .target(name: "SchemaFetching", dependencies: ["YAMLDocumentModel", "DownloadProtocol"]),
        .target(name: "DownloadProtocol"),
        .target(name: "PureYAMLCommandLine", dependencies: ["YAMLDocumentModel", "SchemaFetching"]),
        // Tier 3: the executable.
        .executableTarget(name: "pureyaml",
                          dependencies: ["YAMLLanguageServer", "PureYAMLCommandLine", "JSONRPC"],
                          exclude: ["Linker"],
                          linkerSettings: startupLinking),
        // The download helper `pureyaml` runs beside itself (docs/security.md).
        .executableTarget(name: "pureyaml-fetch", dependencies: ["DownloadProtocol"],
                          linkerSettings: staticStdlibLinking + curlLinkerScript),
        // The benchmark: `swift run -c release pureyaml-bench`.
        .executableTarget(name: "pureyaml-bench",
                          dependencies: ["YAMLDocumentModel", "YAMLParser", "YAMLComposer", "YAMLFormatter",
                                         "YAMLSchema", "YAMLSyntax"],
                          linkerSettings: staticStdlibLinking),

        // Test support: locating ../shared, running the built binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The in-process LSP test client: the server on in-memory pipes, typed requests and replies.
        .target(name: "LanguageServerTestSupport",
                dependencies: ["YAMLLanguageServer", "LanguageServerProtocol", "JSONRPC", "TestSupport"],
                path: "Tests/LanguageServerTestSupport"),
        .testTarget(name: "YAMLSyntaxTests", dependencies: ["YAMLSyntax", "TestSupport"]),
        .testTarget(name: "YAMLParserTests", dependencies: ["YAMLParser", "YAMLSyntax", "TestSupport"], exclude: ["Recovery"]),
        .testTarget(name: "YAMLComposerTests", dependencies: ["YAMLComposer", "YAMLParser", "TestSupport"]),
        .testTarget(name: "YAMLFormatterTests",
                    dependencies: ["YAMLFormatter", "YAMLComposer", "YAMLParser", "TestSupport"],
                    exclude: ["Golden"]), // golden files, read from the package root at run time
        .testTarget(name: "YAMLSchemaTests", dependencies: ["YAMLSchema", "YAMLComposer", "TestSupport"]),
        .testTarget(name: "YAMLLintTests", dependencies: ["YAMLLint", "YAMLParser", "TestSupport"]),
        .testTarget(name: "YAMLDocumentModelTests", dependencies: ["YAMLDocumentModel", "TestSupport"],
                    exclude: ["OutlineGolden"]), // golden files, read from the package root at run time
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "LanguageServerProtocol"]),
        .testTarget(name: "YAMLLanguageServerTests",
                    dependencies: ["YAMLLanguageServer", "LanguageServerProtocol", "JSONRPC", "TestSupport",
                                   "LanguageServerTestSupport"]),
        .testTarget(name: "SchemaFetchingTests", dependencies: ["SchemaFetching", "DownloadProtocol", "YAMLDocumentModel", "TestSupport"]),
        .testTarget(name: "EndToEndTests",
                    dependencies: ["TestSupport", "YAMLSchema", "YAMLComposer", "YAMLParser", "PureYAMLCommandLine"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every module linked into the executables is compiled for the static runtime in release builds on Linux
// (see `staticStdlibCompiling`); tests and their support target keep the dynamic one.
for target in package.targets where target.type != .test && !target.name.hasSuffix("TestSupport") {
    target.swiftSettings = (target.swiftSettings ?? []) + staticStdlibCompiling
}
