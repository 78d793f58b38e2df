// pureyaml-fetch: one bounded `GET` for `pureyaml`, the only program of the package that links
// FoundationNetworking (libcurl and its TLS stack), so that `pureyaml` itself starts without them.
// `pureyaml` runs it for each download it does not make over its own HTTP/1.1 client (https, a proxy, a
// host name to resolve), reads its output as it arrives and kills it at the deadline or past the size or
// memory bound (docs/security.md). The protocol: `DownloadProtocol`.
import DownloadProtocol
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

let parent = getppid()
signal(SIGPIPE, SIG_IGN)

guard let request = DownloadProtocol.Request(arguments: Array(CommandLine.arguments.dropFirst())) else {
    BoundedDownloads.end(.usage, "usage: pureyaml-fetch --max-bytes N --timeout SECONDS [--loopback-only] [--header NAME:VALUE]... URL "
                         + "(run by pureyaml, which must be installed in the same folder)")
}
if request.loopbackOnly {
    // libcurl sends even a request to 127.0.0.1 through `http_proxy`; `no_proxy=*` stops it.
    setenv("no_proxy", "*", 1)
    setenv("NO_PROXY", "*", 1)
}
guard request.loopbackOnly == false || DownloadProtocol.isLoopback(request.url.host ?? "") else {
    BoundedDownloads.end(.cannotConnect, "not a loopback host")
}

let configuration = URLSessionConfiguration.ephemeral
configuration.urlCache = nil
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
configuration.timeoutIntervalForRequest = request.timeout
configuration.timeoutIntervalForResource = request.timeout
var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
let session = URLSession(configuration: configuration, delegate: BoundedDownloads(request), delegateQueue: nil)
session.dataTask(with: urlRequest).resume()
// The delegate ends the process; this thread only checks every 0.1 s that the parent is still there, so
// that no orphan keeps a transfer going after its parent died (the parent kills it otherwise).
while getppid() == parent { usleep(100_000) }
BoundedDownloads.end(.cannotConnect, "the parent process is gone")
