import YAMLComposer

/// What quick fixes need to know about a violation: the subschema holding the failing keyword, found by
/// the violation's ``SchemaViolation/schemaURI`` and ``SchemaViolation/schemaPath``.
extension JSONSchema {
    /// The subschema whose keyword failed; nil when the violation is not from this schema.
    func failingSchema(_ violation: SchemaViolation) -> SchemaNode? {
        guard let slash = violation.schemaPath.lastIndex(of: "/") else { return nil }
        let pointer = String(violation.schemaPath[..<slash])
        return store.nodes[pointer.isEmpty ? violation.schemaURI : violation.schemaURI + "#" + pointer]
    }

    /// For an `enum` or `const` violation, the values the failing keyword allows (in schema order); empty
    /// for other violations.
    public func allowedValues(for violation: SchemaViolation) -> [JSONValue] {
        guard let node = failingSchema(violation) else { return [] }
        for keyword in node.keywords where keyword.name == violation.keyword {
            switch keyword.operand {
            case .enumeration(let list): return list
            case .constant(let value): return [value]
            default: break
            }
        }
        return []
    }

    /// For a `required` violation, the members the failing keyword requires that the mapping at the
    /// violation's instance location lacks, each with the shape of its value (for a default); empty for
    /// other violations.
    public func missingMembers(for violation: SchemaViolation, in root: YAMLNode) -> [SchemaRequiredMember] {
        guard violation.keyword == "required", let node = failingSchema(violation),
              let path = SchemaPathStep.steps(ofPointer: violation.instancePath, in: root) else { return [] }
        var names: [String] = []
        for keyword in node.keywords {
            if case .required(let list) = keyword.operand { names = list }
        }
        var navigator = SchemaNavigator(store: store)
        let (schemas, instance) = navigator.locate(path, from: self.root, instance: root, near: nil, typing: false)
        let present = Set(instance?.mergedMappingEntries?.map { InstanceValue.keyText($0.key) } ?? [])
        var seen: Set<String> = []
        return names.filter { !present.contains($0) && seen.insert($0).inserted }.map { name in
            let member = navigator.expand(navigator.children(of: schemas, .property(name)), instance: nil)
            return SchemaRequiredMember(name: name, shape: navigator.shape(member, depth: SchemaNavigator.maximumShapeDepth))
        }
    }
}
