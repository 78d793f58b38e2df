extension SchemaInfoSurface {
    /// True while a schema that applies to the document, or the catalog that may pick one by file name,
    /// is still loading: its diagnostics may still gain schema findings. False once every load has
    /// settled (loaded, failed or invalid).
    public var isLoading: Bool {
        catalogStatus == .loading || documents.contains { $0.status == .loading }
    }
}
