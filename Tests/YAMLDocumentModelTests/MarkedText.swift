import YAMLDocumentModel
import YAMLSyntax

/// A test text with position markers `1️⃣`…`9️⃣` removed: the plain text and the UTF-8 byte offset
/// where each marker stood.
struct MarkedText {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
    let text: String
    let offsets: [String: Int]

    init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        outer: while !rest.isEmpty {
            for m in Self.markers where rest.hasPrefix(m) {
                offsets[m] = text.utf8.count
                rest = rest.dropFirst(m.count)
                continue outer
            }
            text.append(rest.removeFirst())
        }
        self.text = text
        self.offsets = offsets
    }

    /// The offset of marker `m` (e.g. "1️⃣"); 0 when absent (the test then fails on the value it checks).
    subscript(_ m: String) -> Int { offsets[m] ?? 0 }

    /// A model holding the text as `uri`.
    func model(_ uri: DocumentURI = DocumentURI("file:///w/test.yaml"), settings: Settings = Settings()) -> DocumentModel {
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 1, text: text))
        return model
    }

    /// The text covered by `range`.
    func slice(_ range: TextRange) -> String {
        String(decoding: Array(text.utf8)[range.start..<range.end], as: UTF8.self)
    }
}

/// The default document URI of tests.
let testURI = DocumentURI("file:///w/test.yaml")
