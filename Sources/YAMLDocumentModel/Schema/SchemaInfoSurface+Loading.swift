extension SchemaInfoSurface {
    /// True while the document's schema findings may still change without an edit: a schema that applies
    /// to one of its documents is still loading, or the catalog is, and it could pick a schema for a
    /// document that no modeline or setting gives one (the catalog comes last in precedence, see
    /// ``SchemaRule``). False once every such load has settled (loaded, failed or invalid).
    public var isLoading: Bool {
        if documents.contains(where: { $0.status == .loading }) { return true }
        guard catalogStatus == .loading else { return false }
        return documents.contains { d in
            switch d.rule {
            case nil, .catalog?: return !d.disabled
            case .commandLine?, .modeline?, .settings?, .kubernetes?, .customResource?: return false
            }
        }
    }
}
