import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of another program as a child process, measured the way `time` measures it: the child's own
/// CPU time (user + system) and peak resident set size from `wait4`'s `rusage`, and the wall time from
/// just before `posix_spawn` to the return of `wait4`.
///
/// Linux counts the memory of the process that called `posix_spawn` (its `vfork` shares it) in the
/// child's `ru_maxrss`: spawned from the bench (~80 MiB with its inputs), `libyaml` would show 80 MiB.
/// So ``measured(_:_:environment:with:)`` spawns through a tiny C program (``measurer``) that spawns the
/// program, waits for it and writes its `rusage`; its own 1–2 MiB is then the floor instead.
struct ChildRun {
    /// User + system CPU seconds of the child (and of any children it waited for).
    let cpuSeconds: Double
    /// Wall seconds from spawn to reaping.
    let wallSeconds: Double
    /// Peak resident set size of the child, in bytes (`ru_maxrss`, KiB on Linux).
    let peakRSS: Int
    /// The exit status (128 + signal number when killed by a signal), or nil when it could not be run.
    let status: Int32

    enum Failure: Error, CustomStringConvertible {
        case spawn(String, Int32)
        var description: String {
            switch self {
            case .spawn(let path, let code): return "cannot run \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// The C source of the measuring program: `measure-child OUT PROGRAM ARGS...` runs PROGRAM with
    /// standard input, output and error on `/dev/null` and writes `status utime stime maxrss` (seconds,
    /// KiB) to OUT.
    static let measurer = """
    /* pureyaml-bench: runs a program and writes its rusage (see ChildRun.swift). */
    #include <errno.h>
    #include <fcntl.h>
    #include <spawn.h>
    #include <stdio.h>
    #include <sys/resource.h>
    #include <sys/wait.h>
    extern char **environ;
    int main(int argc, char **argv) {
        posix_spawn_file_actions_t actions;
        pid_t pid;
        int status;
        struct rusage usage;
        FILE *out;
        if (argc < 3) return 2;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        if (posix_spawn(&pid, argv[2], &actions, NULL, argv + 2, environ) != 0) return 127;
        while (wait4(pid, &status, 0, &usage) < 0) if (errno != EINTR) return 127;
        out = fopen(argv[1], "w");
        if (!out) return 2;
        fprintf(out, "%d %ld.%06ld %ld.%06ld %ld\\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
                (long)usage.ru_utime.tv_sec, (long)usage.ru_utime.tv_usec, (long)usage.ru_stime.tv_sec,
                (long)usage.ru_stime.tv_usec, (long)usage.ru_maxrss);
        return fclose(out) == 0 ? 0 : 2;
    }
    """

    /// Runs `executable` with `arguments` through the measuring program at `measurer` (built from
    /// ``measurer``), which writes its figures to `report`; nil when it did not run or wrote nothing.
    static func measured(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                         with measurer: String, report: String) -> ChildRun? {
        unlink(report)
        guard let outer = try? run(measurer, [report, executable] + arguments, environment: environment), outer.status == 0,
              let text = try? String(contentsOfFile: report, encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ").map { String($0.filter { !$0.isNewline }) }
        guard fields.count == 4, let status = Int32(fields[0]), let user = Double(fields[1]), let system = Double(fields[2]),
              let rss = Int(fields[3]) else { return nil }
        return ChildRun(cpuSeconds: user + system, wallSeconds: outer.wallSeconds, peakRSS: rss * 1024, status: status)
    }

    /// Runs `executable` with `arguments` in the current directory, standard input, output and error on
    /// `/dev/null`, with the current environment plus `environment`, and waits for it.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildRun {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw Failure.spawn(executable, code) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = LSPClient.seconds(start, clock.now)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (they are macros).
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(cpuSeconds: cpu, wallSeconds: wall, peakRSS: Int(usage.ru_maxrss) * 1024, status: exit)
    }
}
