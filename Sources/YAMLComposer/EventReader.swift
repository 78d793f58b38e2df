import YAMLParser
import YAMLSyntax

/// How ``EventComposer`` and ``EventCheck`` read an event stream: the events that begin and finish a
/// document (an implicit one when content arrives outside any, as in recovered event streams), ranges moved
/// by ``byteOffset``, and one call per node event. The two must read the same documents from the same
/// events; this is where they do.
protocol EventReader: ~Copyable {
    /// Added to every range the events give (UTF-8 bytes), for a text that is a part of a larger one.
    var byteOffset: Int { get }
    /// True between the start of a document and its finish.
    var inDocument: Bool { get }
    /// A document starts at `range` (its `---`, or an empty range where its content starts).
    mutating func beginDocument(at range: TextRange, version: String?)
    /// The current document ends at `end`.
    mutating func finishDocument(end: Int)
    mutating func openCollection(isMapping: Bool, anchor: String?, tag: String?, style: CollectionStyle, range: TextRange)
    /// The innermost open collection ends at `end` (a stray end is ignored).
    mutating func closeCollection(end: Int)
    mutating func scalar(_ value: String, style: ScalarStyle, anchor: String?, tag: String?, range: TextRange)
    mutating func alias(_ name: String, range: TextRange)
}

extension EventReader where Self: ~Copyable {
    mutating func handle(_ event: Event) {
        // The range alone is moved (copying the event would retain its strings once more per event).
        let range = byteOffset == 0 ? event.range
            : TextRange(start: event.range.start + byteOffset, end: event.range.end + byteOffset)
        switch event.kind {
        case .streamStart:
            break
        case .streamEnd:
            if inDocument { finishDocument(end: range.start) }
        case .documentStart(_, let version, _):
            if inDocument { finishDocument(end: range.start) }
            beginDocument(at: range, version: version)
        case .documentEnd:
            if inDocument { finishDocument(end: range.end) }
        case .mappingStart(let anchor, let tag, let style):
            ensureDocument(at: range)
            openCollection(isMapping: true, anchor: anchor, tag: tag, style: style, range: range)
        case .sequenceStart(let anchor, let tag, let style):
            ensureDocument(at: range)
            openCollection(isMapping: false, anchor: anchor, tag: tag, style: style, range: range)
        case .mappingEnd, .sequenceEnd:
            closeCollection(end: range.end)
        case .scalar(let value, let style, let anchor, let tag):
            ensureDocument(at: range)
            scalar(value, style: style, anchor: anchor, tag: tag, range: range)
        case .alias(let name):
            ensureDocument(at: range)
            alias(name, range: range)
        }
    }

    /// Starts an implicit document when content arrives outside one (recovered event streams).
    mutating func ensureDocument(at range: TextRange) {
        if !inDocument { beginDocument(at: TextRange(empty: range.start), version: nil) }
    }

    /// Closes whatever is still open at the end of the events.
    mutating func finish(end: Int) {
        if inDocument { finishDocument(end: end) }
    }
}
