import YAMLSyntax

/// The YAML 1.2.2 parser: text in, lossless tree + events + errors out. Never throws, never hangs.
///
/// One pass over the UTF-8 bytes: a libyaml-style scanner (implicit keys found when their `:` arrives,
/// virtual block start/end tokens from indentation) feeds a state machine with an explicit stack, so
/// deep nesting cannot overflow the call stack; nesting beyond ``maxNestingDepth`` is reported as
/// `nesting-too-deep` and the rest of the text is kept as an error token.
public enum Parser {
    /// The deepest nesting of block and flow collections parsed before giving up (`nesting-too-deep`).
    public static var maxNestingDepth: Int { Scanner.maxDepth }

    /// Parses a whole YAML stream given as UTF-8 bytes (YAML 1.2.2 §9.2 l-yaml-stream).
    ///
    /// The result's tree prints back to `bytes` exactly, for any input; `events` follow the
    /// yaml-test-suite event model; `errors` are sorted by position (at most one error per line, so a
    /// mistake does not produce a cascade), with warnings such as `%YAML 1.3` (a later minor version) kept alongside.
    public static func parse(_ bytes: [UInt8]) -> ParseResult {
        bytes.withUnsafeBufferPointer { buffer in
            var machine = StreamParser(bytes: bytes, buffer: buffer)
            return machine.run()
        }
    }

    /// ``parse(_:)`` without the lossless tree: the same events and errors, and of the tree only what a
    /// check reads (``SparseSyntax``). For a one-shot check of a text whose tree nobody else reads: the tree
    /// of a 10 MB JSON-like text is about 100 MB, and building it a part of the parse's time.
    package static func parseWithoutTree(_ bytes: [UInt8]) -> EventParse {
        bytes.withUnsafeBufferPointer { buffer in
            var machine = StreamParser(bytes: bytes, buffer: buffer, keepingTree: false)
            return machine.runWithoutTree()
        }
    }

    /// Parses the UTF-8 form of `text`.
    public static func parse(_ text: String) -> ParseResult { parse(Array(text.utf8)) }
}
