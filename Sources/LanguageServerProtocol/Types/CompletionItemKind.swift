/// The kind of a completion item (LSP 3.17 "CompletionItemKind"), with the spec's numeric values.
public enum CompletionItemKind: Int, Codable, Sendable, Hashable, CaseIterable {
    /// A text (1).
    case text = 1
    /// A method (2).
    case method = 2
    /// A function (3).
    case function = 3
    /// A constructor (4).
    case constructor = 4
    /// A field (5).
    case field = 5
    /// A variable (6).
    case variable = 6
    /// A class (7).
    case `class` = 7
    /// An interface (8).
    case interface = 8
    /// A module (9).
    case module = 9
    /// A property (10).
    case property = 10
    /// An unit (11).
    case unit = 11
    /// A value (12).
    case value = 12
    /// An enum (13).
    case `enum` = 13
    /// A keyword (14).
    case keyword = 14
    /// A snippet (15).
    case snippet = 15
    /// A color (16).
    case color = 16
    /// A file (17).
    case file = 17
    /// A reference (18).
    case reference = 18
    /// A folder (19).
    case folder = 19
    /// An enum member (20).
    case enumMember = 20
    /// A constant (21).
    case constant = 21
    /// A struct (22).
    case `struct` = 22
    /// An event (23).
    case event = 23
    /// An operator (24).
    case `operator` = 24
    /// A type parameter (25).
    case typeParameter = 25
}
