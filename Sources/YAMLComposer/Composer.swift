import YAMLParser
import YAMLSyntax

/// Builds representation graphs from parse events (YAML 1.2.2 §3.1.2 "Compose").
///
/// - Tags are resolved with the YAML 1.2 core schema (§10.3.2), see ``CoreSchema``.
/// - An alias becomes a node whose target is the node of the nearest earlier anchor of that name in the
///   same document (anchors may be redefined). Errors: `undefined-alias` when no such anchor exists,
///   `recursive-alias` when the anchored collection is still open (the graph stays acyclic).
/// - Duplicate keys (equal by tag and canonical value, collections structurally) are kept in the
///   mapping and reported as `duplicate-key` at the later key.
/// - An empty document has an empty plain null scalar as root.
///
/// Runs in linear time with an explicit stack, whatever the nesting depth.
public enum Composer {
    /// Composes every document of `parse`; ranges are UTF-8 byte offsets into the parsed text.
    public static func compose(_ parse: ParseResult) -> Composition {
        compose(events: parse.events, bytes: parse.tree.bytes)
    }

    /// Composes an event stream directly. `bytes` is the text the events' ranges point into; it is
    /// only used for line numbers in messages and may be empty.
    /// `events` is any collection of ``Event`` values: an `[Event]` or a parse's ``ParseEvents``.
    public static func compose<Events: Collection<Event>>(events: Events, bytes: [UInt8] = []) -> Composition {
        compose(events: events, bytes: bytes, lineOffset: 0)
    }

    /// Composes `parse`, a parse of a part of a larger text that starts after `lineOffset` lines of it:
    /// line numbers in messages are counted in the larger text (ranges stay relative to the part).
    package static func compose(_ parse: ParseResult, lineOffset: Int) -> Composition {
        compose(events: parse.events, bytes: parse.tree.bytes, lineOffset: lineOffset)
    }

    /// Composes `parse`, a parse of the part of a larger text that starts at UTF-8 byte offset
    /// `byteOffset`, after `lineOffset` lines of it: ranges and line numbers in messages are those of the
    /// larger text, so the compositions of a stream's documents, each parsed alone, add up to the
    /// composition of the whole stream (YAML 1.2.2 §9.2).
    package static func compose(_ parse: ParseResult, lineOffset: Int, byteOffset: Int) -> Composition {
        compose(events: parse.events, bytes: parse.tree.bytes, lineOffset: lineOffset, byteOffset: byteOffset)
    }

    /// ``compose(_:lineOffset:byteOffset:)`` of a parse made without its tree (``Parser/parseWithoutTree(_:)``).
    package static func compose(_ parse: EventParse, lineOffset: Int, byteOffset: Int) -> Composition {
        compose(events: parse.events, bytes: parse.bytes, lineOffset: lineOffset, byteOffset: byteOffset)
    }

    /// ``check(_:lineOffset:byteOffset:rootKeys:)`` of a parse made without its tree (``Parser/parseWithoutTree(_:)``).
    package static func check(_ parse: EventParse, lineOffset: Int = 0, byteOffset: Int = 0,
                              rootKeys: Set<String>) -> CompositionCheck? {
        check(events: parse.events, bytes: parse.bytes, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: rootKeys)
    }

    /// ``check(_:lineOffset:byteOffset:rootKeys:)`` of a parse made without its tree, the check's working
    /// storage taken from `buffers` and given back emptied with its capacity (the documents of a stream
    /// checked one by one: ``EventCheckBuffers``). The same answer as without.
    package static func check(_ parse: EventParse, lineOffset: Int = 0, byteOffset: Int = 0, rootKeys: Set<String>,
                              reusing buffers: inout EventCheckBuffers) -> CompositionCheck? {
        check(events: parse.events, bytes: parse.bytes, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: rootKeys,
              reusing: &buffers)
    }

    private static func compose<Events: Collection<Event>>(events: Events, bytes: [UInt8], lineOffset: Int,
                                                           byteOffset: Int = 0) -> Composition {
        var composer = EventComposer(bytes: bytes, lineOffset: lineOffset, byteOffset: byteOffset)
        var end = bytes.count + byteOffset
        for event in events {
            composer.handle(event)
            end = event.range.end + byteOffset
        }
        composer.finish(end: end)
        return Composition(documents: composer.documents, errors: sorted(composer.errors))
    }

    /// What a check reads of the composition of `parse` (a parse of the part of a larger text that starts at
    /// UTF-8 byte offset `byteOffset`, after `lineOffset` lines of it, as for ``compose(_:lineOffset:byteOffset:)``),
    /// made from its events without a representation graph: the same documents' ranges and errors, and each
    /// root with only the top-level entries whose key is a scalar in `rootKeys` (see ``CompositionCheck``).
    /// Nil when a document has a key that only its graph can compare (see ``EventCheck``): compose it then.
    package static func check(_ parse: ParseResult, lineOffset: Int = 0, byteOffset: Int = 0,
                              rootKeys: Set<String>) -> CompositionCheck? {
        check(events: parse.events, bytes: parse.tree.bytes, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: rootKeys)
    }

    /// ``check(_:lineOffset:byteOffset:rootKeys:)`` of an event stream, `bytes` the text its ranges point into.
    package static func check(events: ParseEvents, bytes: [UInt8], lineOffset: Int = 0, byteOffset: Int = 0,
                              rootKeys: Set<String>) -> CompositionCheck? {
        var buffers = EventCheckBuffers()
        return check(events: events, bytes: bytes, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: rootKeys,
                     reusing: &buffers)
    }

    /// ``check(events:bytes:lineOffset:byteOffset:rootKeys:)`` with the working storage of `buffers` (see
    /// ``check(_:lineOffset:byteOffset:rootKeys:reusing:)``).
    package static func check(events: ParseEvents, bytes: [UInt8], lineOffset: Int = 0, byteOffset: Int = 0,
                              rootKeys: Set<String>, reusing buffers: inout EventCheckBuffers) -> CompositionCheck? {
        var check = EventCheck(bytes: bytes, lineOffset: lineOffset, byteOffset: byteOffset, rootKeys: rootKeys,
                               buffers: buffers)
        // The check holds the only reference to the storage (it grows in place), and gives it back at the end.
        buffers = EventCheckBuffers()
        let result = run(&check, events: events, bytes: bytes, byteOffset: byteOffset)
        buffers = check.takeBuffers()
        return result
    }

    /// Runs `check` over `events` (see ``check(events:bytes:lineOffset:byteOffset:rootKeys:)``).
    private static func run(_ check: inout EventCheck, events: ParseEvents, bytes: [UInt8], byteOffset: Int) -> CompositionCheck? {
        for i in events.indices {
            if events.isScalarWithoutProperties(at: i) {
                // A scalar whose value nothing reads is counted without building its event; a key is compared
                // as bytes (measured hot paths: the two were most of the check's CPU).
                if check.ignoresScalarValue {
                    check.countScalar()
                    continue
                }
                if check.readsScalarKeyAsBytes, let value = events.scalarValue(at: i) {
                    let r = events.range(at: i)
                    check.scalarKey(value.buffer, value.range, isPlain: value.isPlain,
                                    at: TextRange(start: r.start + byteOffset, end: r.end + byteOffset))
                    continue
                }
            }
            // Collections without properties, and their ends, without building their events (measured hot path).
            if let start = events.collectionStartWithoutProperties(at: i) {
                let r = events.range(at: i)
                let range = TextRange(start: r.start + byteOffset, end: r.end + byteOffset)
                check.ensureDocument(at: range)
                check.openCollection(isMapping: start.isMapping, anchor: nil, tag: nil, style: start.style, range: range)
                continue
            }
            if events.nesting(at: i) == .closes {
                check.closeCollection(end: events.range(at: i).end + byteOffset)
            } else {
                check.handle(events[i])
            }
            if check.needsGraph { return nil }
        }
        check.finish(end: (events.isEmpty ? bytes.count : events.range(at: events.count - 1).end) + byteOffset)
        if check.needsGraph { return nil }
        return CompositionCheck(documentRanges: check.documentRanges, errors: sorted(check.errors), roots: check.roots)
    }

    /// `errors` sorted by range, those with the same range in the order they were found.
    private static func sorted(_ errors: [SyntaxError]) -> [SyntaxError] {
        errors.enumerated().sorted {
            $0.element.range != $1.element.range ? $0.element.range < $1.element.range : $0.offset < $1.offset
        }.map(\.element)
    }
}
