import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the tests of the `pureyaml-fetch` download process look at from outside: a TCP listener on
/// 127.0.0.1 that never answers (not even a TLS handshake), and the processes still running with a given
/// argument (a download's URL), to prove that no child outlived its download.
public enum DownloadProcessProbe {
    /// A socket listening on 127.0.0.1 that accepts nothing: connections complete in the kernel's backlog
    /// and then hear nothing. Returns the socket (close it when done) and its port.
    public static func silentListener() -> (socket: Int32, port: Int)? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); return nil }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
        #else
        return nil
        #endif
    }

    /// Process ids whose command line has an argument containing `text` (Linux, from /proc; empty elsewhere).
    public static func processes(withArgumentContaining text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains { $0.contains(text) } ? pid : nil
        }
    }
}
