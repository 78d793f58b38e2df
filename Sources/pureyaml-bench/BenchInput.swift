import Foundation
import YAMLSchema

/// One benchmark input: a name, its bytes, and optionally a schema to validate it against.
struct BenchInput {
    /// Short name used in tables and by `--filter`.
    let name: String
    /// The text, UTF-8.
    let bytes: [UInt8]
    /// Where the text came from (a corpus path or "generated").
    let origin: String
    /// A compiled schema the document is validated against in the `schema` stage, when one applies.
    var schema: JSONSchema? = nil
    /// The schema documents a model validating the input asks for (the `keystroke-schema` stage), when the
    /// bench has them.
    var schemas: BenchSchemas? = nil

    /// Number of lines (line feeds, plus one for a last line without a break).
    var lineCount: Int {
        let feeds = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return feeds + (bytes.last == 0x0A || bytes.isEmpty ? 0 : 1)
    }
}
