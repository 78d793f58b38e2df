/// A document URI as sent on the wire (LSP 3.17 "URI"), e.g. `file:///home/me/a.yaml`. Kept as the
/// exact string the client sent, so it can be echoed back unchanged.
public typealias DocumentURI = String
