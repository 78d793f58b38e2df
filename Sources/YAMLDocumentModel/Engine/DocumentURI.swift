import YAMLSyntax

/// The identity of a document: an RFC 3986 URI as the editor sent it (`file:///home/u/a.yaml`,
/// `untitled:Untitled-1`), or the `file` URI of a path given on the command line.
///
/// Compared by exact string, as LSP 3.17 §"Uri" leaves normalisation to the client.
public struct DocumentURI: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The URI text.
    public let string: String

    public init(_ string: String) { self.string = string }

    /// The `file` URI for an absolute or relative file system path (percent-encoding spaces, `%`, `#`, `?`
    /// and non-ASCII bytes).
    public init(filePath path: String) {
        var out = "file://"
        if !path.hasPrefix("/") { out += "/" }
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 0xF)]], as: UTF8.self)
            }
        }
        self.string = out
    }

    /// The file system path of a `file:` URI (percent-decoded), nil for other schemes.
    public var filePath: String? {
        guard string.hasPrefix("file://") else { return nil }
        var rest = Array(string.utf8.dropFirst(7))
        // Drop an authority ("file://host/path"); only the path matters here.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) } else { return nil }
        return PercentDecoding.decode(rest)
    }

    /// The last path component, for messages.
    public var displayName: String {
        let p = filePath ?? string
        return p.split(separator: "/").last.map(String.init) ?? p
    }

    public static func < (a: DocumentURI, b: DocumentURI) -> Bool { a.string < b.string }
    public var description: String { string }
}
