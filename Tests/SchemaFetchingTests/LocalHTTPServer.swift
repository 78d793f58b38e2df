import TestSupport

/// The HTTP server on 127.0.0.1 these tests use: ``LoopbackHTTPServer`` (in TestSupport, shared with the
/// end-to-end and language server tests), which serves a folder's files with ETags and the misbehaving
/// responses the download bounds are tested against.
typealias LocalHTTPServer = LoopbackHTTPServer
