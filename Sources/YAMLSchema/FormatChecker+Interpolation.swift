/// Variable references inside URI-family `format` values.
///
/// CI systems and shells expand variable references before a value is used as a URI: GitLab CI's
/// `environment: url: https://example.com/${CI_COMMIT_REF_NAME}/x` or `${CI_SERVER_URL}/group/project`
/// is a valid pipeline, yet `{`/`}` are not RFC 3986 characters and the second has no scheme. So for
/// `uri`, `uri-reference`, `iri` and `iri-reference` the value is checked with each reference standing
/// for a placeholder that is valid in any component (JSON Schema 2020-12 Validation §7.2 makes format
/// assertion optional and asks for its level of support to be documented: docs/schemas.md). The text around the references is still checked
/// in full: `https://exa mple.com/${X}` or `${X}/%zz` is reported. `uri-template` needs no exception:
/// `${NAME}` is already a valid RFC 6570 template (literal `$` and the expression `{NAME}`).
extension FormatChecker {
    /// RFC 3986 URI (or reference; RFC 3987 IRI when `international`) after setting aside variable
    /// references (`variableReferencesReplaced`). A value that starts with a reference may take its
    /// scheme and authority from it (`${CI_SERVER_URL}/group/project`), so the rest is then checked
    /// as the path, query and fragment of an absolute URI: its characters, percent escapes and fragment.
    static func isInterpolatedURI(_ s: String, absolute: Bool, international: Bool) -> Bool {
        guard let (text, leadingReference) = variableReferencesReplaced(s) else {
            return isURI(s, absolute: absolute, international: international)
        }
        return isURI(leadingReference ? "a:" + text : text, absolute: absolute, international: international)
    }

    /// `s` with every variable reference replaced by `0` (a valid host, port, path segment, query and
    /// fragment), and whether `s` starts with a reference; nil when `s` has no reference.
    ///
    /// References are the POSIX shell / GitLab CI forms `${NAME}` and `$NAME`, NAME being an ASCII letter
    /// or `_` followed by letters, digits and `_`; `$$` is an escaped `$` and stays as it is. Any other
    /// `$` is literal (a valid URI character).
    static func variableReferencesReplaced(_ s: String) -> (text: String, leadingReference: Bool)? {
        let b = Array(s.utf8)
        func isNameStart(_ c: UInt8) -> Bool {
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "_")
        }
        func isName(_ c: UInt8) -> Bool { isNameStart(c) || (c >= 48 && c <= 57) }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var found = false, leading = false
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "$"), i + 1 < b.count else {
                out.append(b[i])
                i += 1
                continue
            }
            var end: Int?  // one past the reference, when `b[i...]` starts with one
            if b[i + 1] == UInt8(ascii: "$") {
                out.append(contentsOf: [b[i], b[i + 1]])
                i += 2
                continue
            } else if b[i + 1] == UInt8(ascii: "{"), i + 2 < b.count, isNameStart(b[i + 2]) {
                var j = i + 3
                while j < b.count, isName(b[j]) { j += 1 }
                if j < b.count, b[j] == UInt8(ascii: "}") { end = j + 1 }
            } else if isNameStart(b[i + 1]) {
                var j = i + 2
                while j < b.count, isName(b[j]) { j += 1 }
                end = j
            }
            guard let end else {
                out.append(b[i])
                i += 1
                continue
            }
            if i == 0 { leading = true }
            found = true
            out.append(UInt8(ascii: "0"))
            i = end
        }
        guard found else { return nil }
        return (String(decoding: out, as: UTF8.self), leading)
    }
}
