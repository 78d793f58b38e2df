import YAMLComposer

/// The edit a snapshot made by re-checking one block mapping entry (``BlockEntries``) applied to its
/// predecessor's text, and that entry composed on its own, for the checks that can follow it the same way
/// (schema validation of the entry's value: ``DocumentModel``'s block-edit re-validation). Offsets are
/// UTF-8 bytes.
struct BlockEdit: Sendable {
    /// Where the edit starts (in both texts).
    let start: Int
    /// Where it ends in the predecessor's text.
    let oldEnd: Int
    /// New length minus old length.
    let delta: Int
    /// The re-checked entry composed on its own: a block mapping with that one entry, its ranges relative
    /// to the start of the entry's first line.
    let entry: YAMLNode

    /// Where offset `p` of the predecessor's text is in the new one: unmoved before the edit, moved by
    /// ``delta`` after it; nil at or inside the edit, where a range's end may or may not take in what was
    /// inserted.
    func map(_ p: Int) -> Int? {
        p < start ? p : p > oldEnd ? p + delta : nil
    }
}
