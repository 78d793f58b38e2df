/// The kind of a symbol (LSP 3.17 "SymbolKind"), with the spec's numeric values.
public enum SymbolKind: Int, Codable, Sendable, Hashable, CaseIterable {
    /// A file (1).
    case file = 1
    /// A module (2).
    case module = 2
    /// A namespace (3).
    case namespace = 3
    /// A package (4).
    case package = 4
    /// A class (5).
    case `class` = 5
    /// A method (6).
    case method = 6
    /// A property (7).
    case property = 7
    /// A field (8).
    case field = 8
    /// A constructor (9).
    case constructor = 9
    /// An enum (10).
    case `enum` = 10
    /// An interface (11).
    case interface = 11
    /// A function (12).
    case function = 12
    /// A variable (13).
    case variable = 13
    /// A constant (14).
    case constant = 14
    /// A string (15).
    case string = 15
    /// A number (16).
    case number = 16
    /// A boolean (17).
    case boolean = 17
    /// An array (18).
    case array = 18
    /// An object (19).
    case object = 19
    /// A key (20).
    case key = 20
    /// A null (21).
    case null = 21
    /// An enum member (22).
    case enumMember = 22
    /// A struct (23).
    case `struct` = 23
    /// An event (24).
    case event = 24
    /// An operator (25).
    case `operator` = 25
    /// A type parameter (26).
    case typeParameter = 26
}
