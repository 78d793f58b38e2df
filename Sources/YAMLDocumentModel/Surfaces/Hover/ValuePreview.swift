import YAMLComposer
import YAMLSyntax

/// A short YAML rendering of a composed node for hovers and completion documentation: aliases expanded
/// and merge keys applied (through ``JSONProjection``), at most ``maxLines`` lines of at most
/// ``maxLineLength`` characters, nesting shown to ``maxDepth`` levels; anything cut is marked `…`.
enum ValuePreview {
    static let maxLines = 20
    static let maxLineLength = 100
    static let maxDepth = 6
    /// Node budget of the projection (a "billion laughs" anchor is not expanded).
    static let nodeBudget = 20_000

    static func text(of node: YAMLNode) -> String {
        guard case .success(let value) = JSONProjection.project(node, nodeBudget: nodeBudget, maxDepth: 200) else {
            return "… (too large to preview)"
        }
        var lines: [String] = []
        var cut = false
        render(value, indent: "", into: &lines, cut: &cut, depth: 0)
        if cut { lines.append("…") }
        return lines.joined(separator: "\n")
    }

    private static func scalar(_ v: JSONValue) -> String? {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer, .number: return v.jsonText
        case .string(let s):
            let plainSafe = !s.isEmpty && CoreSchema.resolvePlainScalarTag(s) == CoreSchema.strTag
                && s.allSatisfy { $0.isLetter || $0.isNumber || " _-./@()".contains($0) }
                && s.first != " " && s.last != " " && s.first != "-"
            return plainSafe ? s : v.jsonText
        case .array(let a) where a.isEmpty: return "[]"
        case .object(let o) where o.isEmpty: return "{}"
        default: return nil
        }
    }

    private static func clip(_ s: String) -> String {
        s.count <= maxLineLength ? s : String(s.prefix(maxLineLength - 1)) + "…"
    }

    private static func render(_ v: JSONValue, indent: String, into lines: inout [String], cut: inout Bool, depth: Int) {
        if let s = scalar(v) { emit(indent + s, &lines, &cut); return }
        if depth >= maxDepth { emit(indent + "…", &lines, &cut); return }
        switch v {
        case .array(let items):
            for item in items {
                if cut { return }
                if let s = scalar(item) { emit(indent + "- " + s, &lines, &cut) } else {
                    emit(indent + "-", &lines, &cut)
                    render(item, indent: indent + "  ", into: &lines, cut: &cut, depth: depth + 1)
                }
            }
        case .object(let members):
            for m in members {
                if cut { return }
                let key = scalar(.string(m.key)) ?? m.key
                if let s = scalar(m.value) { emit(indent + key + ": " + s, &lines, &cut) } else {
                    emit(indent + key + ":", &lines, &cut)
                    render(m.value, indent: indent + "  ", into: &lines, cut: &cut, depth: depth + 1)
                }
            }
        default:
            break
        }
    }

    private static func emit(_ line: String, _ lines: inout [String], _ cut: inout Bool) {
        if lines.count >= maxLines { cut = true; return }
        lines.append(clip(line))
    }

    /// The composed node carrying anchor `name` whose range contains `anchorRange`, searched in the
    /// documents of `composition` without following aliases.
    static func anchoredNode(_ composition: Composition, name: String, anchorRange: TextRange) -> YAMLNode? {
        for document in composition.documents where document.range.touches(anchorRange.start) {
            var stack: [YAMLNode] = [document.root]
            while let node = stack.popLast() {
                if node.anchor == name && node.range.contains(anchorRange.start) { return node }
                guard node.range.touches(anchorRange.start) else { continue }
                switch node.content {
                case .mapping(let pairs): for p in pairs { stack.append(p.key); stack.append(p.value) }
                case .sequence(let items): stack.append(contentsOf: items)
                case .scalar, .alias: break
                }
            }
        }
        return nil
    }
}
