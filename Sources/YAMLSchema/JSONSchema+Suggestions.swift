import YAMLComposer

/// Editor support from a compiled schema: what applies at an instance location (hover), the members and
/// values it allows there (completion), and the skeleton of a value. Every query walks the schema with a
/// fresh ``SchemaNavigator``, so its work is bounded by ``SchemaNavigator/maximumVisits``; none does I/O.
///
/// `root` is the document being edited (it narrows `anyOf`/`oneOf` to the alternatives compatible with
/// what is written, and tells which items an unknown index means, with `offset` in UTF-8 bytes); `typing`
/// says the node at the end of `path` is a half-typed word that must not narrow anything.
extension JSONSchema {
    /// Largest number of member names suggested for one mapping.
    public static let maximumPropertySuggestions = 500

    /// What the schema says about the value at `path` (titles, descriptions, types, values, deprecation).
    public func locationInfo(at path: [SchemaPathStep], in root: YAMLNode?, near offset: Int? = nil,
                             typing: Bool = false) -> SchemaLocationInfo {
        var navigator = SchemaNavigator(store: store)
        return SchemaLocationInfo(navigator.locate(path, from: self.root, instance: root, near: offset, typing: typing).schemas)
    }

    /// The member names the mapping at `path` may have (from `properties`, and names only `required`),
    /// required ones first, then in schema order; each with its value's description and shape. Names the
    /// schema forbids (a `false` subschema) are left out.
    public func propertySuggestions(at path: [SchemaPathStep], in root: YAMLNode?, near offset: Int? = nil,
                                    typing: Bool = false) -> [SchemaPropertySuggestion] {
        var navigator = SchemaNavigator(store: store)
        let schemas = navigator.locate(path, from: self.root, instance: root, near: offset, typing: typing).schemas
        var order: [String] = []
        var requirement: [String: SchemaPropertySuggestion.Requirement] = [:]
        for r in schemas {
            for keyword in r.node.keywords {
                switch keyword.operand {
                case .properties(let list):
                    for p in list where requirement[p.name] == nil {
                        order.append(p.name)
                        requirement[p.name] = .optional
                    }
                case .required(let names):
                    for name in names {
                        if requirement[name] == nil { order.append(name) }
                        let level: SchemaPropertySuggestion.Requirement = r.certain ? .required : .requiredByAlternative
                        requirement[name] = Swift.min(requirement[name] ?? .optional, level)
                    }
                default: break
                }
            }
        }
        var out: [SchemaPropertySuggestion] = []
        for name in order.prefix(Self.maximumPropertySuggestions) {
            let member = navigator.expand(navigator.children(of: schemas, .property(name)), instance: nil)
            if member.contains(where: { $0.node.boolean == false && $0.certain }) { continue }
            out.append(SchemaPropertySuggestion(name: name, requirement: requirement[name] ?? .optional,
                                                info: SchemaLocationInfo(member), shape: navigator.shape(member, depth: 0)))
        }
        return out.enumerated().sorted { a, b in
            a.element.requirement != b.element.requirement ? a.element.requirement < b.element.requirement : a.offset < b.offset
        }.map(\.element)
    }

    /// The scalar values proposed for the node at `path`: `enum`/`const` values, then defaults, examples,
    /// and `true`/`false`/`null` for boolean and null types; each value once.
    public func valueSuggestions(at path: [SchemaPathStep], in root: YAMLNode?, near offset: Int? = nil,
                                 typing: Bool = true) -> [SchemaValueSuggestion] {
        var navigator = SchemaNavigator(store: store)
        let schemas = navigator.locate(path, from: self.root, instance: root, near: offset, typing: typing).schemas
        var out: [SchemaValueSuggestion] = []
        func add(_ value: JSONValue, _ source: SchemaValueSuggestion.Source, _ description: String? = nil) {
            switch value {
            case .array, .object: return
            default: break
            }
            if let i = out.firstIndex(where: { $0.value == value }) {
                if source < out[i].source { out[i].source = source }
                return
            }
            out.append(SchemaValueSuggestion(value: value, source: source, description: description))
        }
        for r in schemas {
            let a = r.node.annotations
            for keyword in r.node.keywords {
                switch keyword.operand {
                case .enumeration(let list): for v in list { add(v, .allowed) }
                case .constant(let v): add(v, .allowed, a.markdownDescription ?? a.description)
                default: break
                }
            }
        }
        for r in schemas {
            let a = r.node.annotations
            if let d = a.defaultValue { add(d, .defaultValue) }
            for e in a.examples { add(e, .example) }
        }
        for r in schemas {
            for type in SchemaNavigator.types(r.node) {
                if type == .boolean { add(.bool(true), .type); add(.bool(false), .type) }
                if type == .null { add(.null, .type) }
            }
        }
        return out.enumerated().sorted { a, b in
            a.element.source != b.element.source ? a.element.source < b.element.source : a.offset < b.offset
        }.map(\.element)
    }

    /// A member named `name` that the mapping at `path` may have through `patternProperties` or
    /// `additionalProperties` only (a name the user makes up, such as a job id), with its value's
    /// description and shape; nil when `name` is declared in `properties`, not allowed, or its value's
    /// schema says nothing about its shape.
    public func newMemberSuggestion(named name: String, at path: [SchemaPathStep], in root: YAMLNode?,
                                    near offset: Int? = nil) -> SchemaPropertySuggestion? {
        var navigator = SchemaNavigator(store: store)
        let schemas = navigator.locate(path, from: self.root, instance: root, near: offset, typing: true).schemas
        for r in schemas {
            for keyword in r.node.keywords {
                if case .properties(let list) = keyword.operand, list.contains(where: { $0.name == name }) { return nil }
            }
        }
        let member = navigator.expand(navigator.children(of: schemas, .property(name)), instance: nil)
        guard !member.isEmpty, !member.contains(where: { $0.node.boolean == false && $0.certain }) else { return nil }
        let shape = navigator.shape(member, depth: 0)
        if case .unknown = shape { return nil }
        return SchemaPropertySuggestion(name: name, requirement: .optional, info: SchemaLocationInfo(member), shape: shape)
    }
}

extension SchemaNavigator {
    /// How deep ``shape(_:depth:forceObject:)`` describes nested required members.
    static let maximumShapeDepth = 2

    /// The shape the schemas of one location give a value (see ``SchemaValueShape``).
    mutating func shape(_ schemas: [Reached], depth: Int, forceObject: Bool = false) -> SchemaValueShape {
        let info = SchemaLocationInfo(schemas)
        var types = Set(info.types)
        if types.count > 1 { types.remove("null") }
        var objectish = false
        var arrayish = false
        for r in schemas {
            for keyword in r.node.keywords {
                switch keyword.operand {
                case .properties, .required, .patternProperties, .additionalProperties: objectish = true
                case .items, .prefixItems: arrayish = true
                default: break
                }
            }
        }
        let scalarTypes: Set<String> = ["string", "number", "integer", "boolean", "null"]
        if forceObject || types == ["object"] || (types.isEmpty && objectish && !arrayish) {
            var required: [String] = []
            // Members required for sure, and those of the first alternative of undecided unions.
            for r in schemas where r.preferred {
                for keyword in r.node.keywords {
                    if case .required(let names) = keyword.operand { for n in names where !required.contains(n) { required.append(n) } }
                }
            }
            return .object(required: required.map { name in
                let member = depth < Self.maximumShapeDepth
                    ? shape(expand(children(of: schemas, .property(name)), instance: nil), depth: depth + 1) : .unknown
                return SchemaRequiredMember(name: name, shape: member)
            })
        }
        if types == ["array"] || (types.isEmpty && arrayish && !objectish) {
            guard depth < Self.maximumShapeDepth else { return .array(item: .unknown) }
            return .array(item: shape(expand(children(of: schemas, .item(nil)), instance: nil), depth: depth + 1))
        }
        let scalars = info.allowedValues.filter { v in
            switch v {
            case .array, .object: return false
            default: return true
            }
        }
        if (!types.isEmpty && types.isSubset(of: scalarTypes)) || (types.isEmpty && !scalars.isEmpty && scalars.count == info.allowedValues.count) {
            let start = info.defaults.first { d in
                switch d {
                case .array, .object: return false
                default: return true
                }
            } ?? (scalars.count == 1 ? scalars[0] : nil)
            return .scalar(start)
        }
        return .unknown
    }
}
