/// A SchemaStore catalog (`yaml.schemaStore.url`, with `yaml.schemaStore.enable`) that could not be
/// consulted: downloads are off and no copy is cached, the loopback switch keeps its host out of reach,
/// it failed to download or is not a catalog, or the trust policy refuses it. Documents that only the
/// catalog would give a schema are checked without one. It is no missing schema (``MissingSchema``): no
/// rule picked a schema that cannot be had, so it fails nothing and is not counted as one.
///
/// The model notes each catalog and reason once per configuration (again after the schema settings
/// changed, when it is tried again): ``DocumentModel/unconsultedCatalogs`` lists them in the order met
/// and ``SurfaceArea/unconsultedCatalogs`` says when one was added. The language server shows ``message``
/// once (`window/showMessage`); `pureyaml check` prints it after the summary.
public struct UnconsultedCatalog: Hashable, Sendable {
    /// The catalog's absolute URI.
    public var uri: String
    /// Why it was not consulted: the loader's or the trust policy's phrase.
    public var reason: String
    /// True when it could not be had for want of the network or the cache (``SchemaLoadFailure/Kind/unavailable``):
    /// `pureyaml schemas fetch` can cache it for later runs.
    public var unavailable: Bool

    /// One sentence naming the catalog, why it was not consulted and what that means.
    public var message: String {
        "the SchemaStore catalog \(uri) was not consulted: \(reason); files that only the catalog gives a schema "
            + "are checked without one" + (unavailable ? " (`pureyaml schemas fetch PATH...` caches it for runs without network)" : "")
    }
}

/// The catalogs found unconsulted (``UnconsultedCatalog``), each catalog and reason once per configuration.
struct UnconsultedCatalogs {
    /// In the order met; it only grows.
    private(set) var list: [UnconsultedCatalog] = []
    private var noted: Set<UnconsultedCatalog> = []

    /// Notes that the catalog `uri` was not consulted because of `reason`, unless that was noted since the
    /// configuration last changed.
    mutating func note(_ uri: String, reason: String, unavailable: Bool) {
        let entry = UnconsultedCatalog(uri: uri, reason: reason, unavailable: unavailable)
        if noted.insert(entry).inserted { list.append(entry) }
    }

    /// After the schema settings changed (failed catalogs are tried again): each one met again is said again.
    mutating func forgetNoted() { noted.removeAll() }
}
