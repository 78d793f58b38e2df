import Dispatch
import DownloadProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import YAMLDocumentModel

/// One `GET` made by the helper executable `pureyaml-fetch` (the only code that links
/// FoundationNetworking and libcurl), with the bounds of docs/security.md enforced here, on the pipe:
/// the body's bytes are counted as they arrive and the child is killed past `maxBytes`, at the deadline
/// (connecting, name resolution, TLS and transfer alike: nothing outlives it) and when its resident memory
/// passes a bound (``SchemaLoader/Options/maxHelperResidentBytes``); the child is always reaped before this returns (no zombie), and it
/// dies with its parent (`PR_SET_PDEATHSIG`). The child itself refuses a redirect to another origin and
/// off-loopback hops, and stops past the size limit; its exit status says which (``DownloadProtocol``).
enum DownloadProcess {
    /// How often the child's memory is sampled while the pipe is quiet, in milliseconds.
    static let samplingMilliseconds: Int32 = 50
    /// Bytes read from the pipe at once.
    static let chunkSize = 64 << 10

    /// The executable's name.
    static let programName = "pureyaml-fetch"

    /// Where `pureyaml-fetch` is: beside the running executable (`/proc/self/exe`'s folder), else the
    /// `PUREYAML_FETCH` environment variable; nil when neither names an executable file.
    static func locate(environment: [String: String] = ProcessEnvironment.variables(["PUREYAML_FETCH"])) -> String? {
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let beside = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(programName).path
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        if let named = environment["PUREYAML_FETCH"], !named.isEmpty, FileManager.default.isExecutableFile(atPath: named) {
            return named
        }
        return nil
    }

    /// The failure of a download when `pureyaml-fetch` cannot be found: the schema is missing here (as when
    /// the network cannot be reached), not failed.
    static func missing() -> SchemaLoadFailure {
        let folder = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "the folder of pureyaml"
        return SchemaLoadFailure("not downloaded: \(programName), which makes https downloads, is not installed beside pureyaml "
                                 + "(in \(folder)); install both executables in the same folder (see README.md)",
                                 kind: .unavailable)
    }

    /// Fetches `url` with the extra request `headers` through the program at `program`, ending by `deadline`.
    static func get(_ url: URL, program: String, headers: [(String, String)], deadline: DispatchTime, maxBytes: Int,
                    maxResidentBytes: Int, allowRemoteHosts: Bool) -> PlainHTTP.Outcome {
        let timeout = max(0.1, Double(deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds) / 1e9)
        let arguments = [program] + DownloadProtocol.arguments(url: url.absoluteString, maxBytes: maxBytes, timeout: timeout + 1,
                                                               loopbackOnly: !allowRemoteHosts, headers: headers)
        guard let child = Child(program: program, arguments: arguments) else {
            return .failed("cannot start \(program): \(String(cString: strerror(errno)))")
        }
        defer { child.reap() }
        var head: ResponseHead?
        var buffer: [UInt8] = []  // the head until it is complete, then nothing
        var body = Data()
        var reason: [UInt8] = []
        var outputOpen = true, errorOpen = true
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        while outputOpen || errorOpen {
            let now = DispatchTime.now()
            guard now < deadline else {
                child.kill()
                return .timedOut
            }
            if let resident = child.residentBytes, resident > maxResidentBytes {
                child.kill()
                return .refused(SchemaLoadFailure("the download used more than \(maxResidentBytes >> 20) MiB of memory "
                                                  + "(the transfer was stopped)"))
            }
            let left = Int64((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1
            var fds = [pollfd(fd: outputOpen ? child.output : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorOpen ? child.error : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(min(left, Int64(samplingMilliseconds))))
            if ready < 0 && errno != EINTR { child.kill(); return .failed(String(cString: strerror(errno))) }
            if ready <= 0 { continue }
            if fds[0].revents != 0 {
                let n = read(child.output, chunk.baseAddress, chunkSize)
                if n > 0 {
                    if head == nil {
                        buffer.append(contentsOf: chunk[..<n])
                        if let end = Self.headEnd(buffer) {
                            guard let parsed = ResponseHead(encodedLines: buffer[..<end]) else {
                                child.kill()
                                return .failed("\(programName) wrote a malformed response head")
                            }
                            head = parsed
                            body.append(contentsOf: buffer[(end + 2)...])
                            buffer = []
                        } else if buffer.count > DownloadProtocol.maxHeadBytes {
                            child.kill()
                            return .failed("a response header larger than \(DownloadProtocol.maxHeadBytes) bytes")
                        }
                    } else {
                        body.append(chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
                    }
                    if body.count > maxBytes {
                        child.kill()
                        return .refused(SchemaLoader.tooLarge(maxBytes))
                    }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    outputOpen = false
                }
            }
            if fds[1].revents != 0 {
                let n = read(child.error, chunk.baseAddress, chunkSize)
                if n > 0 {
                    if reason.count < 4096 { reason.append(contentsOf: chunk[..<min(n, 4096 - reason.count)]) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    errorOpen = false
                }
            }
        }
        // Both pipes closed: the child has ended or is ending.
        guard let status = child.wait(until: deadline) else { return .timedOut }
        let why = String(decoding: reason, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch status {
        case .exited(DownloadProtocol.ExitStatus.complete.rawValue):
            guard let head else { return .failed("\(programName) ended without a response") }
            return .response(head, body)
        case .exited(DownloadProtocol.ExitStatus.tooLarge.rawValue): return .refused(SchemaLoader.tooLarge(maxBytes))
        case .exited(DownloadProtocol.ExitStatus.redirectRefused.rawValue): return .refused(SchemaLoader.redirectRefused)
        case .exited(DownloadProtocol.ExitStatus.timedOut.rawValue): return .timedOut
        case .exited(DownloadProtocol.ExitStatus.cannotConnect.rawValue): return .failed(why.isEmpty ? "no response" : why)
        case .exited(let code): return .failed("\(programName) failed (exit status \(code))\(why.isEmpty ? "" : ": " + why)")
        case .signalled(let signal): return .failed("\(programName) ended by signal \(signal)")
        }
    }

    /// The index of the `\n\n` that ends the head in `bytes`, if it arrived.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for i in 0..<(bytes.count - 1) where bytes[i] == 0x0A && bytes[i + 1] == 0x0A { return i }
        return nil
    }

    /// How the child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// A running child with its standard output and error on pipes; standard input is `/dev/null`.
    final class Child {
        let pid: pid_t
        let output: Int32
        let error: Int32
        private var reaped = false

        /// Starts `program` with `arguments` (the first is its name) and this process's environment, its
        /// signal mask emptied and the signals this process may ignore or catch set to their defaults
        /// (the language server blocks some on its threads); nil when it cannot be started (`errno` says why).
        init?(program: String, arguments: [String]) {
            var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
            // `pipe2` is not in Glibc's Swift module; the window before FD_CLOEXEC is set only matters to
            // another download starting at the same moment, whose child would keep this pipe open a while.
            guard pipe(&out) == 0 else { return nil }
            guard pipe(&err) == 0 else { close(out[0]); close(out[1]); return nil }
            for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_adddup2(&actions, err[1], 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t(), defaults = sigset_t()
            sigemptyset(&empty)
            sigemptyset(&defaults)
            for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGQUIT, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
            close(out[1])
            close(err[1])
            guard status == 0 else {
                close(out[0])
                close(err[0])
                errno = status
                return nil
            }
            self.pid = pid
            output = out[0]
            error = err[0]
            _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
            _ = fcntl(error, F_SETFL, fcntl(error, F_GETFL) | O_NONBLOCK)
        }

        /// `VmRSS` of the child in bytes, from `/proc/<pid>/status`; nil when unreadable.
        var residentBytes: Int? {
            let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &bytes, bytes.count)
            guard n > 0 else { return nil }
            let text = String(decoding: bytes[..<n], as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                  let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
            return kb * 1024
        }

        /// Kills the child (it is reaped by ``reap()``).
        func kill() {
            guard !reaped else { return }
            _ = Glibc.kill(pid, SIGKILL)
        }

        /// Waits for the child's end until `deadline` (polling, so that no thread blocks past it); nil
        /// when it had not ended by then (it is then killed, and reaped by ``reap()``).
        func wait(until deadline: DispatchTime) -> Ending? {
            while true {
                var status: Int32 = 0
                let r = waitpid(pid, &status, WNOHANG)
                if r == pid {
                    reaped = true
                    // <sys/wait.h>: WIFEXITED, WEXITSTATUS, WTERMSIG.
                    let signal = status & 0x7f
                    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
                }
                if r < 0 && errno != EINTR { reaped = true; return .signalled(0) }
                if DispatchTime.now() >= deadline { kill(); return nil }
                usleep(2000)
            }
        }

        /// Closes the pipes and, unless already done, kills the child and waits for it (no zombie is left).
        func reap() {
            close(output)
            close(error)
            guard !reaped else { return }
            _ = Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
    }
}
