/// A backtracking regular-expression matcher with a step budget: every match attempt stops after
/// ``defaultStepBudget`` steps (or the budget given) and says so, so no pattern and text can make it
/// hang. `^(a+)+$` against 22 `a`s and a `b` answers ``Outcome/budgetExceeded`` at once instead of
/// running for minutes.
///
/// Two dialects are read:
/// - ``Dialect/ecma262``: ECMA-262 (JSON Schema's `pattern`, `patternProperties`, `format: regex`;
///   JSON Schema 2020-12 Core §6.4) as with the `u` flag: `\d`, `\w` and `\b` are ASCII, `\s` is
///   Unicode white space plus U+FEFF, `.` excludes the line terminators \n \r U+2028 U+2029, `$` matches
///   only at the end, `\p{…}`/`\P{…}` take general categories and a few binary properties, unknown
///   letter escapes are errors, lookahead and lookbehind, named groups, backreferences.
/// - ``Dialect/python``: Python's `re` (yamllint's patterns): `\d`, `\w`, `\s` are Unicode, `.` excludes
///   only \n, `$` also matches before a final \n, `\A`, `\Z`, `(?P<name>…)`, `(?P=name)`, inline flags
///   `(?i)`, `(?m)`, `(?s)` at the start.
///
/// Matching works on Unicode scalars, unanchored (`RegExp.prototype.test`, `re.search`) or on the whole
/// text. The compiled program is immutable; a match allocates its own state.
public struct BoundedRegex: Sendable {
    /// Which syntax the pattern is written in.
    public enum Dialect: Sendable { case ecma262, python }

    /// The answer of a match attempt.
    public enum Outcome: Sendable, Equatable {
        case match, noMatch
        /// The step budget ran out before an answer: the pattern is too complex for this text.
        case budgetExceeded
    }

    /// Why a pattern could not be compiled.
    public struct CompileError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Steps a match may take by default (one step is one instruction executed; 200,000 take a few
    /// milliseconds in a release build, far more than any practical pattern needs on a scalar value).
    public static let defaultStepBudget = 200_000
    /// The largest program a pattern may compile to (counted repetitions are expanded).
    public static let maxProgramSize = 100_000
    /// The deepest group nesting a pattern may have.
    public static let maxNesting = 200

    /// The pattern as written.
    public let source: String
    private let program: [Instruction]
    private let slotCount: Int
    private let counterCount: Int

    /// Compiles `pattern`; throws ``CompileError`` when it is not a valid pattern of `dialect` or is too large.
    public init(_ pattern: String, dialect: Dialect) throws {
        source = pattern
        var parser = Parser(Array(pattern.unicodeScalars), dialect: dialect)
        let tree = try parser.parse()
        var compiler = Compiler(flags: parser.flags, names: parser.groupNames)
        try compiler.emit(tree)
        compiler.code.append(.match)
        guard compiler.code.count <= Self.maxProgramSize else { throw CompileError(description: "pattern too large") }
        for ref in compiler.backreferences where ref > parser.groupCount {
            if dialect == .python { throw CompileError(description: "invalid group reference \(ref)") }
        }
        program = compiler.code
        slotCount = (parser.groupCount + 1) * 2
        counterCount = compiler.counters
    }

    /// Searches `text` for a match starting anywhere (or, with `whole`, a match of all of it).
    public func firstMatch(in text: String, whole: Bool = false, budget: Int = defaultStepBudget) -> Outcome {
        var steps = budget
        let scalars = Array(text.unicodeScalars)
        var machine = Machine(program: program, text: scalars, slotCount: slotCount, counterCount: counterCount)
        let lastStart = whole ? 0 : scalars.count
        for start in 0...lastStart {
            switch machine.run(pc: 0, at: start, requireEnd: whole, steps: &steps) {
            case .some(true): return .match
            case .none: return .budgetExceeded
            case .some(false): continue
            }
        }
        return .noMatch
    }

    // MARK: - Syntax tree

    fileprivate indirect enum Node {
        case empty
        case set(CharSet)
        case sequence([Node])
        case alternation([Node])
        case group(Node, capture: Int?)
        case repetition(Node, min: Int, max: Int?, greedy: Bool)
        case lineStart, lineEnd, textStart, textEnd, textEndBeforeFinalNewline
        case wordBoundary(negated: Bool)
        case look(Node, behind: Bool, negated: Bool)
        case backreference(Int)
        case namedBackreference(String)
    }

    fileprivate struct Flags {
        var ignoreCase = false, multiline = false, dotAll = false
        var dialect: Dialect
    }

    /// A set of scalars: items, possibly negated.
    fileprivate struct CharSet: Sendable {
        enum Item: Sendable {
            case scalar(UInt32)
            case range(UInt32, UInt32)
            case digit(ascii: Bool, negated: Bool)
            case word(ascii: Bool, negated: Bool)
            case space(negated: Bool)
            case category([Unicode.GeneralCategory], negated: Bool)
            case property(Property, negated: Bool)
            case dot(dialect: Dialect, dotAll: Bool)
        }
        enum Property: Sendable { case alphabetic, whiteSpace, uppercase, lowercase, ascii, any }
        var items: [Item]
        var negated = false
        var ignoreCase = false

        func contains(_ s: Unicode.Scalar) -> Bool {
            var hit = items.contains { Self.item($0, s) }
            if !hit, ignoreCase {
                let lower = s.properties.lowercaseMapping.unicodeScalars, upper = s.properties.uppercaseMapping.unicodeScalars
                for variant in [lower, upper] where variant.count == 1 && variant.first! != s {
                    if items.contains(where: { Self.item($0, variant.first!) }) { hit = true; break }
                }
            }
            return hit != negated
        }

        private static func item(_ item: Item, _ s: Unicode.Scalar) -> Bool {
            let v = s.value
            switch item {
            case .scalar(let c): return v == c
            case .range(let a, let b): return a <= v && v <= b
            case .digit(let ascii, let negated):
                let d = ascii ? (0x30...0x39).contains(v) : s.properties.numericType == .decimal
                return d != negated
            case .word(let ascii, let negated):
                let w = isWord(s, ascii: ascii)
                return w != negated
            case .space(let negated):
                let sp = s.properties.isWhitespace || v == 0xFEFF
                return sp != negated
            case .category(let categories, let negated):
                return categories.contains(s.properties.generalCategory) != negated
            case .property(let p, let negated):
                let has: Bool
                switch p {
                case .alphabetic: has = s.properties.isAlphabetic
                case .whiteSpace: has = s.properties.isWhitespace
                case .uppercase: has = s.properties.isUppercase
                case .lowercase: has = s.properties.isLowercase
                case .ascii: has = v < 0x80
                case .any: has = true
                }
                return has != negated
            case .dot(let dialect, let dotAll):
                if dotAll { return true }
                if dialect == .python { return v != 0x0A }
                return v != 0x0A && v != 0x0D && v != 0x2028 && v != 0x2029
            }
        }

        static func isWord(_ s: Unicode.Scalar, ascii: Bool) -> Bool {
            let v = s.value
            if (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || v == 0x5F { return true }
            if ascii || v < 0x80 { return false }
            return s.properties.isAlphabetic || s.properties.numericType != nil
                || s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .connectorPunctuation
        }
    }

    // MARK: - Parser

    fileprivate struct Parser {
        let p: [Unicode.Scalar]
        let dialect: Dialect
        var i = 0
        var groupCount = 0
        var groupNames: [String: Int] = [:]
        var flags: Flags
        var depth = 0

        init(_ p: [Unicode.Scalar], dialect: Dialect) {
            self.p = p
            self.dialect = dialect
            flags = Flags(dialect: dialect)
        }

        func fail(_ why: String) -> CompileError { CompileError(description: why) }

        mutating func parse() throws -> Node {
            if dialect == .python { readLeadingFlags() }
            let node = try disjunction()
            if i < p.count { throw fail(p[i] == ")" ? "unbalanced parenthesis" : "unexpected \(p[i])") }
            return node
        }

        /// Python's global inline flags at the start: `(?i)`, `(?ms)`, …
        mutating func readLeadingFlags() {
            while i + 2 < p.count, p[i] == "(", p[i + 1] == "?" {
                var j = i + 2
                var f = flags
                while j < p.count, "aiLmsux".unicodeScalars.contains(p[j]) {
                    switch p[j] {
                    case "i": f.ignoreCase = true
                    case "m": f.multiline = true
                    case "s": f.dotAll = true
                    default: break
                    }
                    j += 1
                }
                guard j > i + 2, j < p.count, p[j] == ")" else { return }
                flags = f
                i = j + 1
            }
        }

        var atEnd: Bool { i >= p.count }
        func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < p.count ? p[i + k] : nil }

        mutating func disjunction() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= BoundedRegex.maxNesting else { throw fail("pattern nests too deeply") }
            var options = [try alternative()]
            while peek() == "|" {
                i += 1
                options.append(try alternative())
            }
            return options.count == 1 ? options[0] : .alternation(options)
        }

        mutating func alternative() throws -> Node {
            var terms: [Node] = []
            while let c = peek(), c != "|", c != ")" {
                terms.append(try term())
            }
            return terms.count == 1 ? terms[0] : (terms.isEmpty ? .empty : .sequence(terms))
        }

        mutating func term() throws -> Node {
            let c = p[i]
            var quantifiable = true
            var atom: Node
            switch c {
            case "^":
                i += 1
                return flags.multiline ? .lineStart : .textStart
            case "$":
                i += 1
                if flags.multiline { return .lineEnd }
                return dialect == .python ? .textEndBeforeFinalNewline : .textEnd
            case "(":
                (atom, quantifiable) = try group()
            case ".":
                i += 1
                atom = .set(CharSet(items: [.dot(dialect: dialect, dotAll: flags.dotAll)]))
            case "[":
                atom = .set(try characterClass())
            case "\\":
                atom = try atomEscape()
                if case .wordBoundary = atom { return atom }
                if case .textStart = atom { return atom }
                if case .textEnd = atom { return atom }
            case "*", "+", "?":
                throw fail("nothing to repeat")
            case "{":
                if dialect == .ecma262, quantifierBounds(at: i) != nil { throw fail("nothing to repeat") }
                i += 1
                atom = literal(c)
            default:
                i += 1
                atom = literal(c)
            }
            return try quantified(atom, quantifiable: quantifiable)
        }

        func literal(_ c: Unicode.Scalar) -> Node {
            .set(CharSet(items: [.scalar(c.value)], ignoreCase: flags.ignoreCase))
        }

        /// `{n}`, `{n,}`, `{n,m}` at `k`: the bounds and the index after `}`.
        func quantifierBounds(at k: Int) -> (Int, Int?, Int)? {
            guard k < p.count, p[k] == "{" else { return nil }
            var j = k + 1
            func number() -> Int? {
                var n: Int?
                while j < p.count, let d = p[j].properties.numericType == .decimal && p[j].isASCII ? Int(p[j].value - 0x30) : nil {
                    n = min((n ?? 0) * 10 + d, 1_000_000)
                    j += 1
                }
                return n
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if j < p.count, p[j] == "," {
                j += 1
                high = number()
            }
            guard j < p.count, p[j] == "}" else { return nil }
            return (low, high, j + 1)
        }

        mutating func quantified(_ atom: Node, quantifiable: Bool) throws -> Node {
            var low = 0, high: Int? = nil
            switch peek() {
            case "*": i += 1
            case "+": low = 1; i += 1
            case "?": high = 1; i += 1
            case "{":
                guard let (a, b, next) = quantifierBounds(at: i) else { return atom }
                if let b, b < a { throw fail("numbers out of order in {} quantifier") }
                low = a; high = b; i = next
            default:
                return atom
            }
            guard quantifiable else { throw fail("nothing to repeat") }
            var greedy = true
            if peek() == "?" { greedy = false; i += 1 }
            if dialect == .ecma262, let c = peek(), c == "*" || c == "+" || c == "?" || (c == "{" && quantifierBounds(at: i) != nil) {
                throw fail("nothing to repeat")
            }
            return .repetition(atom, min: low, max: high, greedy: greedy)
        }

        /// A group starting at `(`; the second value says whether a quantifier may follow.
        mutating func group() throws -> (Node, Bool) {
            i += 1
            var capture: Int?
            if peek() == "?" {
                i += 1
                guard let k = peek() else { throw fail("unterminated group") }
                switch k {
                case ":":
                    i += 1
                case "=", "!":
                    i += 1
                    let inner = try closeGroup()
                    return (.look(inner, behind: false, negated: k == "!"), dialect == .python ? false : true)
                case "<" where peek(1) == "=" || peek(1) == "!":
                    let negated = peek(1) == "!"
                    i += 2
                    let inner = try closeGroup()
                    return (.look(inner, behind: true, negated: negated), false)
                case "<", "P":
                    if k == "P" {
                        if dialect != .python { throw fail("invalid group") }
                        i += 1
                        if peek() == "=" {
                            i += 1
                            let name = try groupName(until: ")")
                            return (.namedBackreference(name), true)
                        }
                        guard peek() == "<" else { throw fail("unknown extension ?P") }
                    }
                    i += 1
                    let name = try groupName(until: ">")
                    groupCount += 1
                    capture = groupCount
                    if groupNames[name] != nil { throw fail("duplicate group name \(name)") }
                    groupNames[name] = groupCount
                default:
                    throw fail("invalid group")
                }
            } else {
                groupCount += 1
                capture = groupCount
            }
            let inner = try closeGroup()
            return (.group(inner, capture: capture), true)
        }

        mutating func closeGroup() throws -> Node {
            let inner = try disjunction()
            guard peek() == ")" else { throw fail("unterminated group") }
            i += 1
            return inner
        }

        mutating func groupName(until end: Unicode.Scalar) throws -> String {
            var name = ""
            while let c = peek(), c != end {
                guard CharSet.isWord(c, ascii: false) || c == "$" else { throw fail("invalid group name") }
                name.unicodeScalars.append(c)
                i += 1
            }
            guard peek() == end, !name.isEmpty else { throw fail("invalid group name") }
            i += 1
            return name
        }

        /// An escape outside a class (`\` at `i`).
        mutating func atomEscape() throws -> Node {
            guard let e = peek(1) else { throw fail("trailing backslash") }
            switch e {
            case "b", "B":
                i += 2
                return .wordBoundary(negated: e == "B")
            case "A" where dialect == .python:
                i += 2
                return .textStart
            case "Z" where dialect == .python:
                i += 2
                return .textEnd
            case "k" where dialect == .ecma262:
                i += 2
                guard peek() == "<" else { throw fail("invalid named reference") }
                i += 1
                return .namedBackreference(try groupName(until: ">"))
            case "1"..."9":
                i += 1
                var n = 0
                while let c = peek(), ("0"..."9").contains(c), n < 100 {
                    n = n * 10 + Int(c.value - 0x30)
                    i += 1
                }
                return .backreference(n)
            default:
                return .set(try characterEscape(inClass: false))
            }
        }

        /// A character or class escape (`\` at `i`), inside or outside a class.
        mutating func characterEscape(inClass: Bool) throws -> CharSet {
            let e = p[i + 1]
            i += 2
            let ascii = dialect == .ecma262
            func one(_ v: UInt32) -> CharSet { CharSet(items: [.scalar(v)], ignoreCase: flags.ignoreCase) }
            switch e {
            case "d", "D": return CharSet(items: [.digit(ascii: ascii, negated: e == "D")])
            case "w", "W": return CharSet(items: [.word(ascii: ascii, negated: e == "W")], ignoreCase: flags.ignoreCase)
            case "s", "S": return CharSet(items: [.space(negated: e == "S")])
            case "t": return one(0x09)
            case "n": return one(0x0A)
            case "v": return one(0x0B)
            case "f": return one(0x0C)
            case "r": return one(0x0D)
            case "a" where dialect == .python: return one(0x07)
            case "b" where inClass: return one(0x08)
            case "0":
                if dialect == .python {
                    var v: UInt32 = 0, n = 0
                    while n < 2, let c = peek(), ("0"..."7").contains(c) { v = v * 8 + c.value - 0x30; i += 1; n += 1 }
                    return one(v)
                }
                if let c = peek(), ("0"..."9").contains(c) { throw fail("invalid escape") }
                return one(0)
            case "c" where dialect == .ecma262:
                guard let l = peek(), l.isASCII, (0x41...0x5A).contains(l.value) || (0x61...0x7A).contains(l.value) else {
                    // `\c` without a letter: a backslash and `c` (ECMA-262 Annex B).
                    i -= 1
                    return one(0x5C)
                }
                i += 1
                return one(l.value % 32)
            case "x":
                return one(try hex(count: 2))
            case "u":
                if dialect == .ecma262, peek() == "{" {
                    i += 1
                    var v: UInt32 = 0, n = 0
                    while let c = peek(), let d = c.hexDigitValue {
                        v = v &* 16 &+ UInt32(d); n += 1; i += 1
                        if v > 0x10FFFF { throw fail("invalid unicode escape") }
                    }
                    guard n > 0, peek() == "}" else { throw fail("invalid unicode escape") }
                    i += 1
                    return one(v)
                }
                var v = try hex(count: 4)
                // A surrogate pair written as two escapes is one scalar (ECMA-262 `u` flag).
                if (0xD800...0xDBFF).contains(v), peek() == "\\", peek(1) == "u" {
                    let save = i
                    i += 2
                    if let low = try? hex(count: 4), (0xDC00...0xDFFF).contains(low) {
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                    }
                }
                return one(v)
            case "U" where dialect == .python:
                return one(try hex(count: 8))
            case "p", "P":
                guard dialect == .ecma262 else { throw fail("bad escape \\\(e)") }
                return try property(negated: e == "P")
            default:
                if e.properties.isAlphabetic || ("0"..."9").contains(e) {
                    if dialect == .python, inClass, ("1"..."9").contains(e) { throw fail("bad escape") }
                    throw fail("bad escape \\\(e)")
                }
                return one(e.value)
            }
        }

        mutating func hex(count: Int) throws -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<count {
                guard let c = peek(), let d = c.hexDigitValue else { throw fail("invalid hexadecimal escape") }
                v = v * 16 + UInt32(d)
                i += 1
            }
            guard v <= 0x10FFFF else { throw fail("invalid escape") }
            return v
        }

        /// `\p{Name}`, `\p{General_Category=Name}` with `{` at `i`.
        mutating func property(negated: Bool) throws -> CharSet {
            guard peek() == "{" else { throw fail("invalid property name") }
            i += 1
            var name = ""
            while let c = peek(), c != "}" { name.unicodeScalars.append(c); i += 1 }
            guard peek() == "}" else { throw fail("invalid property name") }
            i += 1
            var value = name
            if let eq = name.firstIndex(of: "=") {
                let key = name[..<eq]
                guard key == "General_Category" || key == "gc" else { throw fail("unsupported property \(name)") }
                value = String(name[name.index(after: eq)...])
            }
            if value == name, let p = Self.binaryProperties[name] {
                return CharSet(items: [.property(p, negated: negated)])
            }
            guard let categories = Self.categories[value] else { throw fail("invalid property name \(name)") }
            return CharSet(items: [.category(categories, negated: negated)])
        }

        static let binaryProperties: [String: CharSet.Property] = [
            "Alphabetic": .alphabetic, "Alpha": .alphabetic, "White_Space": .whiteSpace, "space": .whiteSpace,
            "Uppercase": .uppercase, "Upper": .uppercase, "Lowercase": .lowercase, "Lower": .lowercase,
            "ASCII": .ascii, "Any": .any,
        ]

        static let categories: [String: [Unicode.GeneralCategory]] = {
            typealias G = Unicode.GeneralCategory
            let groups: [(String, String, [G])] = [
                ("Lu", "Uppercase_Letter", [.uppercaseLetter]), ("Ll", "Lowercase_Letter", [.lowercaseLetter]),
                ("Lt", "Titlecase_Letter", [.titlecaseLetter]), ("Lm", "Modifier_Letter", [.modifierLetter]),
                ("Lo", "Other_Letter", [.otherLetter]),
                ("L", "Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]),
                ("LC", "Cased_Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
                ("Mn", "Nonspacing_Mark", [.nonspacingMark]), ("Mc", "Spacing_Mark", [.spacingMark]),
                ("Me", "Enclosing_Mark", [.enclosingMark]), ("M", "Mark", [.nonspacingMark, .spacingMark, .enclosingMark]),
                ("Nd", "Decimal_Number", [.decimalNumber]), ("Nl", "Letter_Number", [.letterNumber]),
                ("No", "Other_Number", [.otherNumber]), ("N", "Number", [.decimalNumber, .letterNumber, .otherNumber]),
                ("Pc", "Connector_Punctuation", [.connectorPunctuation]), ("Pd", "Dash_Punctuation", [.dashPunctuation]),
                ("Ps", "Open_Punctuation", [.openPunctuation]), ("Pe", "Close_Punctuation", [.closePunctuation]),
                ("Pi", "Initial_Punctuation", [.initialPunctuation]), ("Pf", "Final_Punctuation", [.finalPunctuation]),
                ("Po", "Other_Punctuation", [.otherPunctuation]),
                ("P", "Punctuation", [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                                      .initialPunctuation, .finalPunctuation, .otherPunctuation]),
                ("Sm", "Math_Symbol", [.mathSymbol]), ("Sc", "Currency_Symbol", [.currencySymbol]),
                ("Sk", "Modifier_Symbol", [.modifierSymbol]), ("So", "Other_Symbol", [.otherSymbol]),
                ("S", "Symbol", [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
                ("Zs", "Space_Separator", [.spaceSeparator]), ("Zl", "Line_Separator", [.lineSeparator]),
                ("Zp", "Paragraph_Separator", [.paragraphSeparator]),
                ("Z", "Separator", [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
                ("Cc", "Control", [.control]), ("Cf", "Format", [.format]), ("Cs", "Surrogate", [.surrogate]),
                ("Co", "Private_Use", [.privateUse]), ("Cn", "Unassigned", [.unassigned]),
                ("C", "Other", [.control, .format, .surrogate, .privateUse, .unassigned]),
            ]
            var out: [String: [G]] = [:]
            for (short, long, list) in groups { out[short] = list; out[long] = list }
            out["digit"] = [.decimalNumber]
            out["punct"] = out["P"]
            out["cntrl"] = [.control]
            out["Combining_Mark"] = out["M"]
            return out
        }()

        /// A `[...]` class with `[` at `i`.
        mutating func characterClass() throws -> CharSet {
            i += 1
            var set = CharSet(items: [], ignoreCase: flags.ignoreCase)
            if peek() == "^" { set.negated = true; i += 1 }
            var first = true
            while true {
                guard let c = peek() else { throw fail("unterminated character class") }
                if c == "]", !(dialect == .python && first) { i += 1; break }
                first = false
                let low = try classAtom()
                if peek() == "-", let next = peek(1), next != "]" {
                    i += 1
                    let high = try classAtom()
                    guard case .scalar(let a) = low.single, case .scalar(let b) = high.single else {
                        if dialect == .ecma262 { throw fail("invalid character class range") }
                        set.items += low.items + [.scalar(0x2D)] + high.items
                        continue
                    }
                    guard a <= b else { throw fail("range out of order in character class") }
                    set.items.append(.range(a, b))
                } else {
                    set.items += low.items
                }
            }
            return set
        }

        mutating func classAtom() throws -> CharSet {
            let c = p[i]
            if c == "\\" {
                guard i + 1 < p.count else { throw fail("trailing backslash") }
                if dialect == .ecma262, p[i + 1] == "-" { i += 2; return CharSet(items: [.scalar(0x2D)]) }
                return try characterEscape(inClass: true)
            }
            i += 1
            return CharSet(items: [.scalar(c.value)])
        }
    }

    // MARK: - Program

    fileprivate enum Instruction: Sendable {
        case set(CharSet)
        case split(Int, Int)          // try the first target, then the second
        case jump(Int)
        case save(Int)                // capture slot
        case mark(Int)                // counter register := position
        case progress(Int)            // fail when the position equals the register (an empty iteration)
        case assert(Node.AssertionKind)
        case look(start: Int, end: Int, behind: Bool, negated: Bool)
        case backreference(Int, ignoreCase: Bool)
        case match
    }

    fileprivate struct Compiler {
        var code: [Instruction] = []
        var counters = 0
        var backreferences: [Int] = []
        let flags: Flags
        let names: [String: Int]

        init(flags: Flags, names: [String: Int]) {
            self.flags = flags
            self.names = names
        }

        mutating func check() throws {
            if code.count > BoundedRegex.maxProgramSize { throw CompileError(description: "pattern too large") }
        }

        mutating func emit(_ node: Node) throws {
            try check()
            switch node {
            case .empty: break
            case .set(let s): code.append(.set(s))
            case .sequence(let list): for n in list { try emit(n) }
            case .alternation(let options):
                var jumps: [Int] = []
                for (k, option) in options.enumerated() {
                    if k < options.count - 1 {
                        let split = code.count
                        code.append(.split(split + 1, -1))
                        try emit(option)
                        jumps.append(code.count)
                        code.append(.jump(-1))
                        code[split] = .split(split + 1, code.count)
                    } else {
                        try emit(option)
                    }
                }
                for j in jumps { code[j] = .jump(code.count) }
            case .group(let inner, let capture):
                if let capture { code.append(.save(capture * 2)) }
                try emit(inner)
                if let capture { code.append(.save(capture * 2 + 1)) }
            case .repetition(let inner, let low, let high, let greedy):
                for _ in 0..<low { try emit(inner); try check() }
                if let high {
                    // Each optional copy: split (copy, skip to the end).
                    var splits: [Int] = []
                    for _ in low..<high {
                        splits.append(code.count)
                        code.append(.split(-1, -1))
                        try emit(inner)
                        try check()
                    }
                    for s in splits { code[s] = greedy ? .split(s + 1, code.count) : .split(code.count, s + 1) }
                } else {
                    let register = counters
                    counters += 1
                    let loop = code.count
                    code.append(.split(-1, -1))
                    code.append(.mark(register))
                    try emit(inner)
                    code.append(.progress(register))
                    code.append(.jump(loop))
                    code[loop] = greedy ? .split(loop + 1, code.count) : .split(code.count, loop + 1)
                }
            case .lineStart: code.append(.assert(.lineStart))
            case .lineEnd: code.append(.assert(.lineEnd))
            case .textStart: code.append(.assert(.textStart))
            case .textEnd: code.append(.assert(.textEnd))
            case .textEndBeforeFinalNewline: code.append(.assert(.textEndBeforeFinalNewline))
            case .wordBoundary(let negated): code.append(.assert(negated ? .notWordBoundary(ascii: flags.dialect == .ecma262)
                                                                          : .wordBoundary(ascii: flags.dialect == .ecma262)))
            case .look(let inner, let behind, let negated):
                let at = code.count
                code.append(.match)   // placeholder
                try emit(inner)
                code.append(.match)
                code[at] = .look(start: at + 1, end: code.count, behind: behind, negated: negated)
            case .backreference(let n):
                backreferences.append(n)
                code.append(.backreference(n, ignoreCase: flags.ignoreCase))
            case .namedBackreference(let name):
                guard let n = names[name] else { throw CompileError(description: "unknown group name \(name)") }
                code.append(.backreference(n, ignoreCase: flags.ignoreCase))
            }
        }
    }

    // MARK: - Machine

    /// Runs the program with an explicit backtrack stack (no recursion except into lookaround, whose
    /// nesting the pattern's bounded nesting limits).
    fileprivate struct Machine {
        let program: [Instruction]
        let text: [Unicode.Scalar]
        var slots: [Int]
        var registers: [Int]

        enum Undo {
            case branch(pc: Int, pos: Int)
            case slot(Int, Int)
            case register(Int, Int)
        }

        init(program: [Instruction], text: [Unicode.Scalar], slotCount: Int, counterCount: Int) {
            self.program = program
            self.text = text
            slots = [Int](repeating: -1, count: slotCount)
            registers = [Int](repeating: -1, count: counterCount)
        }

        /// True on a match from `pos` (ending at the end of the text when `requireEnd`), false on none,
        /// nil when `steps` ran out. On a match the capture slots hold the match's groups.
        mutating func run(pc start: Int, at pos0: Int, requireEnd: Bool, endAt: Int? = nil, steps: inout Int) -> Bool? {
            var stack: [Undo] = []
            var pc = start
            var pos = pos0
            for k in slots.indices { slots[k] = -1 }
            while true {
                steps -= 1
                if steps < 0 { return nil }
                var ok = true
                switch program[pc] {
                case .set(let s):
                    if pos < text.count, s.contains(text[pos]) { pos += 1; pc += 1 } else { ok = false }
                case .split(let a, let b):
                    stack.append(.branch(pc: b, pos: pos))
                    pc = a
                case .jump(let a):
                    pc = a
                case .save(let n):
                    stack.append(.slot(n, slots[n]))
                    slots[n] = pos
                    pc += 1
                case .mark(let r):
                    stack.append(.register(r, registers[r]))
                    registers[r] = pos
                    pc += 1
                case .progress(let r):
                    if registers[r] == pos { ok = false } else { pc += 1 }
                case .assert(let kind):
                    if kind.holds(at: pos, in: text) { pc += 1 } else { ok = false }
                case .look(let s, let end, let behind, let negated):
                    var inner = Machine(program: program, text: text, slotCount: slots.count, counterCount: registers.count)
                    inner.registers = registers
                    var found: Bool?
                    if behind {
                        found = false
                        var from = pos
                        while from >= 0 {
                            found = inner.run(pc: s, at: from, requireEnd: false, endAt: pos, steps: &steps)
                            if found != false { break }
                            from -= 1
                        }
                    } else {
                        found = inner.run(pc: s, at: pos, requireEnd: false, steps: &steps)
                    }
                    guard let found else { return nil }
                    if found != negated {
                        if found && !negated {
                            for k in slots.indices where inner.slots[k] >= 0 {
                                stack.append(.slot(k, slots[k]))
                                slots[k] = inner.slots[k]
                            }
                        }
                        pc = end
                    } else {
                        ok = false
                    }
                case .backreference(let n, let ignoreCase):
                    let a = n * 2 < slots.count ? slots[n * 2] : -1
                    let b = n * 2 + 1 < slots.count ? slots[n * 2 + 1] : -1
                    if a < 0 || b < 0 { pc += 1; break }
                    let length = b - a
                    if pos + length <= text.count, (0..<length).allSatisfy({ k in
                        Self.same(text[a + k], text[pos + k], ignoreCase: ignoreCase)
                    }) {
                        pos += length
                        pc += 1
                    } else {
                        ok = false
                    }
                case .match:
                    if let endAt, pos != endAt { ok = false; break }
                    if requireEnd && pos != text.count { ok = false; break }
                    return true
                }
                if ok { continue }
                // Backtrack.
                var resumed = false
                while let undo = stack.popLast() {
                    switch undo {
                    case .branch(let b, let p):
                        pc = b
                        pos = p
                        resumed = true
                    case .slot(let n, let old): slots[n] = old
                    case .register(let r, let old): registers[r] = old
                    }
                    if resumed { break }
                }
                if !resumed { return false }
            }
        }

        static func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar, ignoreCase: Bool) -> Bool {
            if a == b { return true }
            guard ignoreCase else { return false }
            return a.properties.lowercaseMapping == b.properties.lowercaseMapping
        }
    }
}

extension BoundedRegex.Node {
    fileprivate enum AssertionKind: Sendable {
        case lineStart, lineEnd, textStart, textEnd, textEndBeforeFinalNewline
        case wordBoundary(ascii: Bool), notWordBoundary(ascii: Bool)

        func holds(at pos: Int, in text: [Unicode.Scalar]) -> Bool {
            func terminator(_ s: Unicode.Scalar) -> Bool {
                s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}"
            }
            switch self {
            case .textStart: return pos == 0
            case .textEnd: return pos == text.count
            case .textEndBeforeFinalNewline: return pos == text.count || (pos == text.count - 1 && text[pos] == "\n")
            case .lineStart: return pos == 0 || terminator(text[pos - 1])
            case .lineEnd: return pos == text.count || terminator(text[pos])
            case .wordBoundary(let ascii), .notWordBoundary(let ascii):
                let before = pos > 0 && BoundedRegex.CharSet.isWord(text[pos - 1], ascii: ascii)
                let after = pos < text.count && BoundedRegex.CharSet.isWord(text[pos], ascii: ascii)
                if case .wordBoundary = self { return before != after }
                return before == after
            }
        }
    }
}

extension BoundedRegex.CharSet {
    /// The one item of a set that is a single scalar (for class ranges), else nil.
    fileprivate var single: Item? {
        guard items.count == 1, !negated, case .scalar = items[0] else { return nil }
        return items[0]
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII hexadecimal digit, else nil.
    fileprivate var hexDigitValue: Int? {
        switch value {
        case 0x30...0x39: return Int(value - 0x30)
        case 0x41...0x46: return Int(value - 0x41 + 10)
        case 0x61...0x66: return Int(value - 0x61 + 10)
        default: return nil
        }
    }
}
