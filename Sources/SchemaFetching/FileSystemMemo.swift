import Foundation
import Synchronization

/// The file system's answers remembered for one run over files that do not change while it runs
/// (`pureyaml check`): what each absolute path names (one `lstat` per path, and a `stat` more for a
/// symbolic link), where its symbolic links lead, the listings of folders, and the bytes of small files.
/// Shared by the environments of the run (``ModelEnvironment/fileSystem(downloadBudget:memo:)``: the folder
/// walk's and every worker's model), so that the configuration files looked for above each file
/// (`.pureyaml.yaml`, `.yamllint*`, `.editorconfig`) cost one probe per folder and name for the whole run,
/// however many files and threads ask. The trust policy still decides every access (``ModelEnvironment/permits(_:)``):
/// only the raw answers are remembered. Thread-safe.
///
/// A path's links are resolved from its folder's: an entry that is no symbolic link resolves to its
/// folder's resolved path plus its name, a path that leads nowhere to itself, and a symbolic link is
/// resolved by Foundation (`URL.resolvingSymlinksInPath`), as the live environment does without a memo
/// (`FileSystemMemoTests` compares the two).
public final class FileSystemMemo: Sendable {
    /// What one absolute path names.
    struct Entry: Sendable {
        /// The path with its symbolic links resolved.
        let resolved: String
        /// The file type (`S_IFMT` bits) of what the path leads to (a link followed); nil when nothing is there.
        let type: mode_t?
        /// The size `lstat` gives for the path itself (a symbolic link's own size, not its target's).
        let size: Int
        /// Whether the path itself is a symbolic link.
        let isLink: Bool
    }

    /// Files larger than this are read again at each ask (configuration files are far smaller; a definition
    /// file the workspace search reads is not kept in memory for the whole run).
    static let largestRemembered = 64 << 10

    private let entries = Mutex<[String: Entry]>([:])
    private let contents = Mutex<[String: [UInt8]?]>([:])
    private let listings = Mutex<[String: [String]?]>([:])

    public init() {}

    /// What the absolute `path` names, asked of the file system once.
    func entry(_ path: String) -> Entry {
        if let known = entries.withLock({ $0[path] }) { return known }
        let made = Self.probe(path, parent: Self.isPlain(path) && path != "/" ? entry(Self.folder(of: path)) : nil)
        entries.withLock { $0[path] = made }
        return made
    }

    /// The bytes of the regular file at `path` (links followed), as `read` gives them, remembered when small.
    func contents(_ path: String, read: (String) -> [UInt8]?) -> [UInt8]? {
        if let known = contents.withLock({ $0[path] }) { return known }
        let bytes = read(path)
        if (bytes?.count ?? 0) <= Self.largestRemembered { contents.withLock { $0[path] = .some(bytes) } }
        return bytes
    }

    /// The names in the folder at `path`, as `list` gives them, asked once.
    func listing(_ path: String, list: (String) -> [String]?) -> [String]? {
        if let known = listings.withLock({ $0[path] }) { return known }
        let names = list(path)
        listings.withLock { $0[path] = .some(names) }
        return names
    }

    /// Probes `path`; `parent` is its folder's entry when `path` is a plain absolute path (no `.`, `..`,
    /// empty component or trailing slash), else nil (then Foundation resolves the whole path).
    private static func probe(_ path: String, parent: Entry?) -> Entry {
        var info = stat()
        // A path that leads nowhere resolves to itself, as Foundation resolves it (its links are not followed).
        if let parent, parent.type != S_IFDIR {
            // Nothing can be inside what is no folder (lstat would say ENOENT or ENOTDIR).
            return Entry(resolved: path, type: nil, size: 0, isLink: false)
        }
        guard lstat(path, &info) == 0 else {
            return Entry(resolved: parent == nil ? foundationResolved(path) : path, type: nil, size: 0, isLink: false)
        }
        let size = Int(info.st_size)
        if info.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            let type = stat(path, &target) == 0 ? target.st_mode & S_IFMT : nil
            return Entry(resolved: foundationResolved(path), type: type, size: size, isLink: true)
        }
        let resolved = parent.map { join($0.resolved, name(of: path)) } ?? foundationResolved(path)
        return Entry(resolved: resolved, type: info.st_mode & S_IFMT, size: size, isLink: false)
    }

    private static func foundationResolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// True for an absolute path without `.`, `..` or empty components and without a trailing slash (`/` itself too).
    static func isPlain(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        // Each component (after a `/`) must be neither empty, `.` nor `..`.
        var length = -1   // of the current component; -1 before the first `/`
        var dots = true   // the current component is dots only so far
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots && length > 0 && length <= 2) { return false }
                length = 0
                dots = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { dots = false }
            }
        }
        return length > 0 && !(dots && length <= 2)
    }

    private static func folder(of path: String) -> String {
        let slash = path.lastIndex(of: "/")!
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> Substring {
        path[path.index(after: path.lastIndex(of: "/")!)...]
    }

    private static func join(_ folder: String, _ name: Substring) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
