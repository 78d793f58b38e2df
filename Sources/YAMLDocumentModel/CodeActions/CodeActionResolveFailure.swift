/// Why ``DocumentModel/resolveCodeAction(_:_:isCancelled:)`` gives no edit for an action offered
/// without one (LSP 3.17 §"Code Action Resolve Request"). ``description`` is a sentence for the user.
public enum CodeActionResolveFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document is not open (any more).
    case notOpen
    /// The document has another version than the one the action was offered for: its edits would be
    /// computed for a text the editor no longer shows.
    case documentChanged(offeredAt: Int, current: Int)
    /// The list made again for the reference (its range and kinds, at its version) has no action with
    /// that place and title: the lint settings or schema findings changed since, or the reference is not
    /// one the model handed out.
    case unknownAction
    /// The fix was checked and is not safe: applying it would, for example, change the data of the
    /// document or add a syntax error (`reason`, in words: "it would change the data of the document").
    case refused(title: String, reason: String)

    /// The failure in plain words, ending with what the user can do.
    public var description: String {
        switch self {
        case .notOpen:
            return "The document is not open."
        case let .documentChanged(offered, current):
            return "The document changed since this action was offered (version \(offered), now \(current)); "
                + "ask for code actions again."
        case .unknownAction:
            return "This action is no longer available (the document or the lint settings changed since it was offered); "
                + "ask for code actions again."
        case let .refused(title, reason):
            return "\"\(title)\" was not applied: \(reason)."
        }
    }
}
