import YAMLComposer

/// The shape a schema gives a value, for inserting a skeleton when a property is completed: what kind of
/// node and which members it must have. Computed a few levels deep at most.
public indirect enum SchemaValueShape: Sendable, Hashable {
    /// Several kinds are allowed, or the schema does not say.
    case unknown
    /// A scalar; with the value to start from (the `default`, or the only `enum`/`const` value) when there is one.
    case scalar(JSONValue?)
    /// A mapping with the members the applying schemas require (in schema order; for a union the document
    /// does not decide yet, those of its first alternative), each with its shape.
    case object(required: [SchemaRequiredMember])
    /// A sequence whose items have this shape.
    case array(item: SchemaValueShape)
}

/// A member a mapping must have (`required`), with the shape of its value.
public struct SchemaRequiredMember: Sendable, Hashable {
    /// The member name.
    public var name: String
    /// The shape of its value.
    public var shape: SchemaValueShape

    /// Creates a member.
    public init(name: String, shape: SchemaValueShape) {
        self.name = name
        self.shape = shape
    }
}
