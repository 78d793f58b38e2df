import Foundation

/// Rewrites a file so that it cannot be lost: the new bytes go to a temporary file in the same folder,
/// which is flushed to disk (`fsync`), given the original's mode and owner, and then renamed over the
/// original (`rename` is atomic within a file system). On any failure (a full disk, a write error, a
/// folder where no file can be created) the temporary file is removed and the original is left exactly
/// as it was. A symbolic link is not replaced: its target is rewritten (the caller resolves it).
///
/// A file with several hard links gets a new inode: its other names keep the old text.
enum AtomicFileWrite {
    /// Why a rewrite failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Replaces the contents of the regular file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        var original = stat()
        guard stat(path, &original) == 0 else { throw failure("cannot read its attributes") }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).pureyaml-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot create a temporary file in its folder") }
        var closed = false
        func abandon(_ what: String) -> Failure {
            let f = failure(what)
            if !closed { close(fd) }
            unlink(temporary)
            return f
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Foundation.write(fd, raw.baseAddress! + written, bytes.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw abandon("cannot write the new text")
            }
            written += n
        }
        // Mode first (the file is ours, so this works), then the owner: only root can give a file away, and
        // a file that keeps another owner must not be replaced by one of ours.
        guard fchmod(fd, original.st_mode & 0o7777) == 0 else { throw abandon("cannot keep its mode") }
        if fchown(fd, original.st_uid, original.st_gid) != 0, original.st_uid != geteuid() || original.st_gid != getegid() {
            throw abandon("cannot keep its owner")
        }
        guard fsync(fd) == 0 else { throw abandon("cannot flush the new text to disk") }
        closed = true
        guard close(fd) == 0 else { throw abandon("cannot close the new text") }
        guard rename(temporary, path) == 0 else { throw abandon("cannot replace the file") }
        // The rename itself reaches the disk with the folder (best effort: not every file system allows it).
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    private static func failure(_ what: String) -> Failure {
        let code = errno
        return Failure(description: "\(what) (\(String(cString: strerror(code)))); the file is unchanged")
    }
}

extension CommandLineTool {
    /// Rewrites the file `input` with `bytes` atomically (``AtomicFileWrite``); a symbolic link is
    /// resolved and its target rewritten, which is said on standard error. False (with the reason on
    /// standard error) when the file could not be rewritten; it is then unchanged.
    func rewrite(_ input: String, with bytes: [UInt8], command: String) -> Bool {
        var target = fileSystemPath(input)
        var info = stat()
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(target, nil) {
            target = String(cString: resolved)
            free(resolved)
            err("pureyaml \(command): \(input) is a symbolic link: writing its target \(target)\n")
        }
        do {
            try AtomicFileWrite.write(bytes, to: target)
            return true
        } catch {
            err("pureyaml \(command): cannot write \(input): \(error)\n")
            return false
        }
    }
}
