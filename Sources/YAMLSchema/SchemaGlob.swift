import YAMLSyntax

/// A file-name glob as written in `yaml.schemas` settings and SchemaStore catalog `fileMatch` lists.
///
/// Syntax: `*` matches any run of characters except `/`; `**` any run including `/` (and `**/` also
/// matches no folder at all); `?` one character except `/`; `[abc]`, `[a-z]`, `[!abc]` one character of
/// (not of) a set; `{a,b}` one of the alternatives (nested braces allowed). Everything else matches itself.
///
/// Matching follows yaml-language-server and VS Code's JSON service: a leading `/` or `./` is dropped and
/// the pattern may match any tail of the path that starts at a folder boundary, as if it began with `**/`.
/// So `docker-compose.yml` matches `/home/u/app/docker-compose.yml`, and `/.github/workflows/*` matches
/// `.github/workflows/ci.yml` below the workspace root as well as deeper copies.
public struct SchemaGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// The compiled pattern, with `**/` in front (which changes nothing for a pattern that starts with `**`).
    private let program: GlobProgram<UInt8>

    /// Compiles `pattern`. Never fails: a malformed class or brace is matched literally.
    public init(_ pattern: String) { self.init(pattern, anchored: false) }

    /// Compiles `pattern` (see ``init(_:)``). `anchored`: the
    /// pattern matches whole paths only, from their start (no `**/` in front), as a glob relative to a
    /// folder (`crds/*.yaml` matches `crds/a.yaml`, not `x/crds/a.yaml`).
    public init(_ pattern: String, anchored: Bool) {
        self.pattern = pattern
        var body = Substring(pattern)
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        if body.hasPrefix("/") { body = body.drop { $0 == "/" } }
        program = Self.syntax.compile((anchored ? [] : Array("**/".utf8)) + Array(body.utf8))
    }

    /// True when `path` (a `/`-separated path, absolute or relative; a leading `/` is ignored) matches.
    /// With `prefix`, true when `path` could be the start of a match (a folder a walk must enter).
    public func matches(_ path: String, prefix: Bool = false) -> Bool {
        var bytes = Array(path.utf8)[...]
        while bytes.first == UInt8(ascii: "/") { bytes.removeFirst() }
        return program.matches(bytes, prefix: prefix)
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// The dialect: `**/`, `**`, `*`, `?`, `[...]` (`!` or `^` negates), `{a,b}`, no escapes.
    static let syntax = GlobSyntax<UInt8>(braces: true, escapes: false, negations: ["!", "^"], emptySets: false,
                                          symbol: { UInt8($0.value) })

    /// True when the glob `p` matches all of `s`; linear in each (see ``GlobProgram``).
    static func match(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        syntax.compile(p).matches(s)
    }
}
