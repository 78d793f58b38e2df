import YAMLSyntax

/// The event stream of one parse, stored compactly and read as ``Event`` values.
///
/// Each event is kept as a 16-byte record (kind, style, its UTF-8 byte range and where its text is)
/// instead of an ``Event`` with its strings: a scalar whose value equals its source bytes (a plain
/// scalar on one line, a quoted scalar without escapes or line breaks) points into the text, other
/// scalar values are decoded once into a shared byte buffer, anchors and alias names point into the
/// text, and resolved tags are kept once each. An ``Event`` (with its `String`s) is built when an
/// element is read, so iterating, counting and subscripting work as on an `[Event]`.
///
/// Offsets are stored in 32 bits: like ``SyntaxTree``, a parse covers a text of at most 2 GiB
/// (`Int32.max` bytes). Indices are `Int`, from 0 to `count`.
public struct ParseEvents: RandomAccessCollection, Sendable {
    /// Where an event's text lives; the record's `a`/`b` fields are read according to it.
    @usableFromInline enum Text: UInt8, Sendable {
        /// No text (or, for `documentStart`, `a` indexes ``ParseEvents/documents`` when >= 0).
        case none
        /// The bytes `a ..< b` of the source text (scalar value, anchor or alias name).
        case source
        /// The bytes `a ..< b` of ``ParseEvents/decoded`` (a scalar value after escapes and folding).
        case decoded
    }

    /// The kind of an event record (``Event/Kind`` without its payload).
    @usableFromInline enum RecordKind: UInt8, Sendable {
        case streamStart, streamEnd, documentStart, documentEnd
        case mappingStart, mappingEnd, sequenceStart, sequenceEnd, scalar, alias
    }

    /// How a record finds its text range `a ..< b` (see ``Text``): most values are the event's own
    /// range or that range without its first (and last) byte, so they need no room of their own.
    @usableFromInline enum Shape: UInt8, Sendable {
        /// `a ..< b` is `start ..< end` (a plain scalar on one line, or no text at all).
        case whole
        /// `start + 1 ..< end - 1` (a quoted scalar on one line without escapes).
        case inner
        /// `start + 1 ..< end` (an alias: its name without `*`).
        case tail
        /// Kept in ``ParseEvents/spans`` at index `link`, with the properties.
        case spanned
    }

    /// One event in 16 bytes. `start`/`end` are the event's range (UTF-8 byte offsets); `shape` says
    /// where its text range is (see ``Shape``); `link` is an index into ``ParseEvents/properties``
    /// (-1 for none) — for a `documentStart` into ``ParseEvents/documents`` — or, for a `spanned`
    /// record, into ``ParseEvents/spans``; `style` is a ``ScalarStyle`` or ``CollectionStyle``
    /// ordinal, or 1 for an explicit document start or end.
    ///
    /// Records are the largest part of the events and are written once per node into fresh memory,
    /// so they are kept small: a record with its own text range (a value decoded from escapes or
    /// folding, or a node with properties) keeps that range in ``ParseEvents/spans``.
    @usableFromInline struct Record: Sendable {
        var start: Int32
        var end: Int32
        var link: Int32
        var kind: RecordKind
        var style: UInt8
        var text: Text
        var shape: Shape
    }

    /// A record's text range and properties when its ``Shape`` is `spanned`.
    @usableFromInline struct Span: Sendable {
        var a: Int32
        var b: Int32
        var properties: Int32
    }

    /// An event as the parser produces it, before it is stored as a ``Record`` (and a ``Span`` when
    /// needed): `a`/`b` its text range (see ``Text``), `properties` an index into
    /// ``ParseEvents/properties`` or -1, and for a `documentStart`, `a` an index into
    /// ``ParseEvents/documents`` or -1.
    struct Draft {
        var start: Int
        var end: Int
        var a: Int
        var b: Int
        var properties: Int
        var kind: RecordKind
        var style: UInt8
        var text: Text

        init(_ kind: RecordKind, start: Int, end: Int, style: UInt8 = 0, text: Text = .none, a: Int = -1, b: Int = -1,
             properties: Int = -1) {
            self.start = start
            self.end = end
            self.a = a
            self.b = b
            self.properties = properties
            self.kind = kind
            self.style = style
            self.text = text
        }
    }

    /// The records and spans of a parse being built (see ``Record``).
    struct Builder {
        var records: [Record] = []
        var spans: [Span] = []

        /// The number of events so far.
        var count: Int { records.count }

        /// Reserves room for `count` events.
        mutating func reserveCapacity(_ count: Int) { records.reserveCapacity(count) }

        /// Stores `e`, as a record alone when its text range follows from its range (see ``Shape``).
        @inline(__always)
        mutating func append(_ e: Draft) {
            var shape = Shape.whole
            var link = e.kind == .documentStart ? e.a : e.properties
            if e.text != .none {
                if e.properties < 0 && e.text == .source {
                    if e.a == e.start && e.b == e.end {
                        shape = .whole
                    } else if e.a == e.start + 1 && e.b == e.end - 1 {
                        shape = .inner
                    } else if e.a == e.start + 1 && e.b == e.end {
                        shape = .tail
                    } else {
                        shape = .spanned
                    }
                } else {
                    shape = .spanned
                }
                if shape == .spanned {
                    link = spans.count
                    spans.append(Span(a: Int32(truncatingIfNeeded: e.a), b: Int32(truncatingIfNeeded: e.b),
                                      properties: Int32(truncatingIfNeeded: e.properties)))
                }
            }
            records.append(Record(start: Int32(truncatingIfNeeded: e.start), end: Int32(truncatingIfNeeded: e.end),
                                  link: Int32(truncatingIfNeeded: link), kind: e.kind, style: e.style, text: e.text,
                                  shape: shape))
        }

        /// The start of event `index` (UTF-8 byte offset).
        func start(at index: Int) -> Int { Int(records[index].start) }

        /// Sets the end of event `index`, an event without text (a collection start).
        mutating func setEnd(_ end: Int, at index: Int) {
            records[index].end = Int32(truncatingIfNeeded: end)
        }
    }

    /// A node's anchor (source range of the name without `&`; `anchorStart` < 0 for none) and tag
    /// (index into ``ParseEvents/tags``, -1 for none).
    @usableFromInline struct Properties: Sendable {
        var anchorStart: Int32
        var anchorEnd: Int32
        var tag: Int32
    }

    /// `%YAML` version and `%TAG` directives of a document start that has any.
    @usableFromInline struct DocumentInfo: Sendable {
        var version: String?
        var tagDirectives: [TagDirective]
    }

    @usableFromInline var records: [Record]
    @usableFromInline var spans: [Span]
    @usableFromInline var bytes: [UInt8]
    @usableFromInline var decoded: [UInt8]
    @usableFromInline var properties: [Properties]
    @usableFromInline var tags: [String]
    @usableFromInline var documents: [DocumentInfo]
    /// Events given as values (``init(_:)``); used instead of the records when non-nil.
    @usableFromInline var values: [Event]?

    /// Wraps events built as values (e.g. by hand in a test, or by another producer).
    public init(_ events: [Event]) {
        records = []
        spans = []
        bytes = []
        decoded = []
        properties = []
        tags = []
        documents = []
        values = events
    }

    init(records: Builder, bytes: [UInt8], decoded: [UInt8], properties: [Properties], tags: [String],
         documents: [DocumentInfo]) {
        self.records = records.records
        spans = records.spans
        self.bytes = bytes
        self.decoded = decoded
        self.properties = properties
        self.tags = tags
        self.documents = documents
        values = nil
    }

    /// The index of the first event (0).
    public var startIndex: Int { 0 }
    /// The number of events (one past the last index).
    public var endIndex: Int { values?.count ?? records.count }
    /// The number of events.
    public var count: Int { endIndex }

    /// The event at `index` (0 ..< count), built from its record.
    public subscript(index: Int) -> Event {
        if let values { return values[index] }
        return event(records[index])
    }

    /// The UTF-8 byte range of event `index` (cheaper than `self[index].range`: builds no strings).
    public func range(at index: Int) -> TextRange {
        if let values { return values[index].range }
        let r = records[index]
        return TextRange(start: Int(r.start), end: Int(r.end))
    }

    /// What an event does to the nesting of collections (see ``nesting(at:)``).
    public enum Nesting: Sendable, Equatable {
        /// A block mapping starts (YAML 1.2.2 §8.2.2).
        case opensBlockMapping
        /// A block sequence or a flow collection starts.
        case opensCollection
        /// A scalar or an alias: a node that holds no other.
        case node
        /// A collection ends.
        case closes
        /// A stream or document starts or ends.
        case none
    }

    /// What event `index` does to the nesting of collections, read from its record (cheaper than
    /// `self[index].kind`: builds no strings), for walks over the structure alone.
    public func nesting(at index: Int) -> Nesting {
        if let values {
            switch values[index].kind {
            case .mappingStart(_, _, let style): return style == .block ? .opensBlockMapping : .opensCollection
            case .sequenceStart: return .opensCollection
            case .scalar, .alias: return .node
            case .mappingEnd, .sequenceEnd: return .closes
            default: return .none
            }
        }
        let r = records[index]
        switch r.kind {
        case .mappingStart: return r.style == 1 ? .opensCollection : .opensBlockMapping
        case .sequenceStart: return .opensCollection
        case .scalar, .alias: return .node
        case .mappingEnd, .sequenceEnd: return .closes
        case .streamStart, .streamEnd, .documentStart, .documentEnd: return .none
        }
    }

    /// True when event `index` is a scalar without an anchor or a tag: a reader that needs no more of it than
    /// its place can skip building its value (``Composer``'s check reads the values of keys only; building
    /// the `String`s of every scalar was 7 % of `check`'s CPU on a 10 MB stream of Kubernetes manifests).
    package func isScalarWithoutProperties(at index: Int) -> Bool {
        if let values {
            if case .scalar(_, _, nil, nil) = values[index].kind { return true }
            return false
        }
        let r = records[index]
        guard r.kind == .scalar else { return false }
        return (r.shape == .spanned ? spans[Int(r.link)].properties : r.link) < 0
    }

    /// Whether collection start event `index` starts a mapping, and its style, when it has no anchor and no
    /// tag; nil for any other event (and for events given as values). For readers that need no more of it than
    /// that (``Composer``'s check) and would otherwise build its ``Event``.
    package func collectionStartWithoutProperties(at index: Int) -> (isMapping: Bool, style: CollectionStyle)? {
        guard values == nil else { return nil }
        let r = records[index]
        guard r.kind == .mappingStart || r.kind == .sequenceStart, r.link < 0 else { return nil }
        return (r.kind == .mappingStart, r.style == 1 ? .flow : .block)
    }

    /// Where the value of scalar event `index` is, without building it: the buffer holding its UTF-8 bytes
    /// (the source text, or the buffer of values decoded from escapes and folding), their range in it, and
    /// whether the scalar is plain; nil for events given as values (``init(_:)``) or an event that is not a
    /// scalar. For readers that compare values as bytes (``Composer``'s check of mapping keys).
    package func scalarValue(at index: Int) -> (buffer: [UInt8], range: Range<Int>, isPlain: Bool)? {
        guard values == nil else { return nil }
        let r = records[index]
        guard r.kind == .scalar else { return nil }
        let (a, b) = textRange(r)
        switch r.text {
        case .none: return (bytes, 0..<0, r.style == 0)
        case .source: return (bytes, Int(a)..<Int(b), r.style == 0)
        case .decoded: return (decoded, Int(a)..<Int(b), r.style == 0)
        }
    }

    private func string(_ buffer: [UInt8], _ a: Int32, _ b: Int32) -> String {
        buffer.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(a)..<Int(b)]), as: UTF8.self)
        }
    }

    /// The text range `a ..< b` of `r` (see ``Shape``).
    private func textRange(_ r: Record) -> (Int32, Int32) {
        switch r.shape {
        case .whole: return (r.start, r.end)
        case .inner: return (r.start + 1, r.end - 1)
        case .tail: return (r.start + 1, r.end)
        case .spanned: return (spans[Int(r.link)].a, spans[Int(r.link)].b)
        }
    }

    private func text(_ r: Record) -> String {
        let (a, b) = textRange(r)
        switch r.text {
        case .none: return ""
        case .source: return string(bytes, a, b)
        case .decoded: return string(decoded, a, b)
        }
    }

    private func anchorAndTag(_ r: Record) -> (String?, String?) {
        let index = r.shape == .spanned ? spans[Int(r.link)].properties : r.link
        if index < 0 { return (nil, nil) }
        let p = properties[Int(index)]
        let anchor = p.anchorStart < 0 ? nil : string(bytes, p.anchorStart, p.anchorEnd)
        let tag = p.tag < 0 ? nil : tags[Int(p.tag)]
        return (anchor, tag)
    }

    private func event(_ r: Record) -> Event {
        let range = TextRange(start: Int(r.start), end: Int(r.end))
        let kind: Event.Kind
        switch r.kind {
        case .streamStart: kind = .streamStart
        case .streamEnd: kind = .streamEnd
        case .documentStart:
            let info = r.link >= 0 ? documents[Int(r.link)] : DocumentInfo(version: nil, tagDirectives: [])
            kind = .documentStart(explicit: r.style == 1, version: info.version, tagDirectives: info.tagDirectives)
        case .documentEnd: kind = .documentEnd(explicit: r.style == 1)
        case .mappingStart:
            let (anchor, tag) = anchorAndTag(r)
            kind = .mappingStart(anchor: anchor, tag: tag, style: r.style == 1 ? .flow : .block)
        case .mappingEnd: kind = .mappingEnd
        case .sequenceStart:
            let (anchor, tag) = anchorAndTag(r)
            kind = .sequenceStart(anchor: anchor, tag: tag, style: r.style == 1 ? .flow : .block)
        case .sequenceEnd: kind = .sequenceEnd
        case .scalar:
            let (anchor, tag) = anchorAndTag(r)
            kind = .scalar(value: text(r), style: ScalarStyle(ordinal: r.style), anchor: anchor, tag: tag)
        case .alias: kind = .alias(anchor: text(r))
        }
        return Event(kind, range: range)
    }
}

extension ScalarStyle {
    /// The style with ordinal `ordinal` (see ``ordinal``).
    init(ordinal: UInt8) {
        switch ordinal {
        case 1: self = .singleQuoted
        case 2: self = .doubleQuoted
        case 3: self = .literal
        case 4: self = .folded
        default: self = .plain
        }
    }

    /// The style's ordinal in a compact event record.
    var ordinal: UInt8 {
        switch self {
        case .plain: return 0
        case .singleQuoted: return 1
        case .doubleQuoted: return 2
        case .literal: return 3
        case .folded: return 4
        }
    }
}
