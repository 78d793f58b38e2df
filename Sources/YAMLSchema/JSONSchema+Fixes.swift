import YAMLComposer

/// What quick fixes need to know about a violation: the subschema holding the failing keyword, found by
/// the violation's ``SchemaViolation/schemaURI`` and ``SchemaViolation/schemaPath``.
extension JSONSchema {
    /// Largest number of alternatives a union fix looks at.
    static let maximumFixAlternatives = 12

    /// The subschema whose keyword failed; nil when the violation is not from this schema.
    func failingSchema(_ violation: SchemaViolation) -> SchemaNode? {
        guard let slash = violation.schemaPath.lastIndex(of: "/") else { return nil }
        let pointer = String(violation.schemaPath[..<slash])
        return store.nodes[pointer.isEmpty ? violation.schemaURI : violation.schemaURI + "#" + pointer]
    }

    /// The operand schemas of the failing `anyOf`/`oneOf`; empty for other violations.
    private func failingAlternatives(_ violation: SchemaViolation) -> [SchemaNode] {
        guard let node = failingSchema(violation) else { return [] }
        for keyword in node.keywords where keyword.name == violation.keyword {
            switch keyword.operand {
            case .anyOf(let list), .oneOf(let list): return Array(list.prefix(Self.maximumFixAlternatives))
            default: break
            }
        }
        return []
    }

    /// The scalar values a violation's failing keyword allows: an `enum`'s values or a `const`, or for an
    /// `anyOf`/`oneOf` those of its alternatives (through `$ref`s and nested unions). When the value in
    /// the document (at the violation's instance location below `root`) is a string, the closest values
    /// come first (Levenshtein distance), otherwise schema order. Empty for other violations.
    public func allowedValues(for violation: SchemaViolation, in root: YAMLNode?) -> [JSONValue] {
        var values: [JSONValue] = []
        if let node = failingSchema(violation) {
            for keyword in node.keywords where keyword.name == violation.keyword {
                switch keyword.operand {
                case .enumeration(let list): values = list
                case .constant(let value): values = [value]
                case .anyOf, .oneOf:
                    var navigator = SchemaNavigator(store: store)
                    let reached = navigator.expand(failingAlternatives(violation).map { SchemaNavigator.Reached(node: $0, certain: false) },
                                                   instance: nil)
                    values = SchemaLocationInfo(reached).allowedValues
                default: break
                }
            }
        }
        values = values.filter { v in
            switch v {
            case .array, .object: return false
            default: return true
            }
        }
        guard let root, let path = SchemaPathStep.steps(ofPointer: violation.instancePath, in: root),
              let node = SchemaPathStep.node(at: path, in: root)?.resolved, case .scalar(let text, _) = node.content else { return values }
        let distances = values.map { v -> Int in
            guard case .string(let s) = v else { return Int.max }
            return EditDistance.distance(text.lowercased(), s.lowercased(), limit: 64) ?? Int.max
        }
        return values.indices.sorted { distances[$0] != distances[$1] ? distances[$0] < distances[$1] : $0 < $1 }.map { values[$0] }
    }

    /// For a `required` violation, the members the failing keyword requires that the mapping at the
    /// violation's instance location lacks, each with the shape of its value (for a default); empty for
    /// other violations.
    public func missingMembers(for violation: SchemaViolation, in root: YAMLNode) -> [SchemaRequiredMember] {
        guard violation.keyword == "required", let node = failingSchema(violation) else { return [] }
        var names: [String] = []
        for keyword in node.keywords {
            if case .required(let list) = keyword.operand { names = list }
        }
        return members(names, at: violation.instancePath, in: root)
    }

    /// For an `anyOf`/`oneOf` violation on a mapping, per alternative, the members it requires (directly or
    /// through `$ref`/`allOf`) that the mapping lacks; alternatives that lack nothing, and repeats, are left
    /// out. Empty for other violations.
    public func missingMemberAlternatives(for violation: SchemaViolation, in root: YAMLNode) -> [[SchemaRequiredMember]] {
        var out: [[SchemaRequiredMember]] = []
        var seen: Set<[String]> = []
        for alternative in failingAlternatives(violation) {
            var navigator = SchemaNavigator(store: store)
            var names: [String] = []
            for r in navigator.expand([SchemaNavigator.Reached(node: alternative, certain: true)], instance: nil) where r.certain {
                for keyword in r.node.keywords {
                    if case .required(let list) = keyword.operand { names += list.filter { !names.contains($0) } }
                }
            }
            let missing = members(names, at: violation.instancePath, in: root)
            if !missing.isEmpty, seen.insert(missing.map(\.name)).inserted { out.append(missing) }
        }
        return out
    }

    /// Those of `names` the mapping at `pointer` lacks, each with the shape of its value.
    private func members(_ names: [String], at pointer: String, in root: YAMLNode) -> [SchemaRequiredMember] {
        guard let path = SchemaPathStep.steps(ofPointer: pointer, in: root) else { return [] }
        var navigator = SchemaNavigator(store: store)
        let (schemas, instance) = navigator.locate(path, from: self.root, instance: root, near: nil, typing: false)
        guard let entries = instance?.mergedMappingEntries else { return [] }
        let present = Set(entries.map { InstanceValue.keyText($0.key) })
        var seen: Set<String> = []
        return names.filter { !present.contains($0) && seen.insert($0).inserted }.map { name in
            let member = navigator.expand(navigator.children(of: schemas, .property(name)), instance: nil)
            return SchemaRequiredMember(name: name, shape: navigator.shape(member, depth: SchemaNavigator.maximumShapeDepth))
        }
    }
}
