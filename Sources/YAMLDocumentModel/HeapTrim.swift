#if canImport(Glibc)
import Glibc
#endif

/// Gives freed heap memory back to the operating system after a large analysis.
///
/// glibc's allocator keeps freed memory in the process (in the heap, and large blocks once its adaptive
/// `mmap` threshold has grown), so the parse events and scratch arrays of a multi-megabyte document
/// would otherwise stay resident after they are released. `malloc_trim(0)` returns every whole free page
/// (`madvise(MADV_DONTNEED)`); nothing that is still allocated moves. A no-op where glibc is absent.
enum HeapTrim {
    /// Texts smaller than this (in UTF-8 bytes) are not worth a trim: the walk over the heap would cost
    /// more than the few pages it returns, and a keystroke in a small file must stay cheap.
    static let minimumBytes = 256 << 10

    /// Calls glibc's `malloc_trim(0)` (looked up once at run time: `malloc.h` is not part of the Glibc
    /// module).
    static func trim() {
        #if canImport(Glibc)
        if let function = mallocTrim { _ = function(0) }
        #endif
    }

    #if canImport(Glibc)
    private typealias MallocTrim = @convention(c) (Int) -> Int32
    private static let mallocTrim: MallocTrim? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: MallocTrim.self)
    }()
    #endif
}
