internal import CJansson
import Glibc

/// Memory for the jansson trees of the documents a source decodes, taken from large chunks
/// instead of one `malloc` per value: decoding allocates a handful of small blocks per JSON
/// value, and releasing a document becomes dropping its arena instead of walking its tree.
///
/// Documents share the arena of their source's current generation and keep it alive; the
/// source starts a new arena every `generationBytes`, so memory is returned once every
/// document of a generation is gone.
///
/// jansson's allocator is process-wide: `JanssonAllocator` routes allocations made while an
/// arena is active on the calling thread (see `JanssonAllocator.decode(into:_:)`) to it, and
/// every other allocation to `malloc`. Each block carries a 16-byte header saying which, so
/// that jansson's `free` calls (freeing its scratch buffers, or a partial tree after a syntax
/// error) do nothing for small arena blocks.
///
/// Large blocks (a long string, a big array's table, the lexer's buffer for a long string) are
/// each a chunk of their own in a doubly linked list, and jansson's `free` of one frees it at
/// once: a document of many megabytes would otherwise keep every buffer jansson outgrew, and
/// the tree of the first attempt to decode it before it was read in full (see
/// `DocumentSource.decodeValue`), and a long string emptied once converted
/// (`JSONDocument.releaseText(of:)`) would keep its text.
final class JanssonArena {
    /// Bytes handed out before the owning source starts a new arena.
    static let generationBytes = 128 * 1024

    /// The bump allocator's state, reached from jansson's allocation hook through a raw
    /// pointer (no reference counting per allocation).
    fileprivate struct State {
        /// The newest chunk; each chunk's first word points to the one before it.
        var chunk: UnsafeMutableRawPointer?
        var next: UnsafeMutableRawPointer?
        var remaining = 0
        var allocatedBytes = 0
        /// The newest large chunk (see `allocateLarge`).
        var large: UnsafeMutableRawPointer?
    }

    private static let chunkSize = 64 * 1024
    /// Room at the start of every chunk for the link to the previous one (keeps 16-byte alignment).
    private static let chunkHeader = 16
    fileprivate let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        var chunk = state.pointee.chunk
        while let current = chunk {
            chunk = current.load(as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        var large = state.pointee.large
        while let current = large {
            large = current.load(fromByteOffset: Self.largeNext, as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        state.deallocate()
    }

    /// Bytes handed out so far, headers included.
    var allocatedBytes: Int { state.pointee.allocatedBytes }

    /// A block of at least `size` bytes, 16-byte aligned, behind an arena header.
    fileprivate static func allocate(_ size: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer? {
        let needed = (size + JanssonAllocator.headerSize + 15) & ~15
        state.pointee.allocatedBytes += needed
        if needed > chunkSize / 4 { return allocateLarge(needed, in: state) }
        if needed > state.pointee.remaining {
            guard let chunk = newChunk(chunkSize - chunkHeader, in: state) else { return nil }
            state.pointee.next = chunk + chunkHeader
            state.pointee.remaining = chunkSize - chunkHeader
        }
        let block = state.pointee.next!
        state.pointee.next = block + needed
        state.pointee.remaining -= needed
        return JanssonAllocator.tag(block, JanssonAllocator.arenaTag)
    }

    // A large chunk: the previous and next large chunks (16 bytes), then the block's header
    // (`largeTag`, and the arena's state, for `releaseLarge`), then the block.
    private static let largePrevious = 0
    private static let largeNext = 8
    private static let largeLinks = 16

    /// A block of `needed` bytes (its header included) in a large chunk of its own.
    private static func allocateLarge(_ needed: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer? {
        guard let chunk = malloc(largeLinks + needed) else { return nil }
        let newest = state.pointee.large
        chunk.storeBytes(of: nil, toByteOffset: largePrevious, as: UnsafeMutableRawPointer?.self)
        chunk.storeBytes(of: newest, toByteOffset: largeNext, as: UnsafeMutableRawPointer?.self)
        newest?.storeBytes(of: chunk, toByteOffset: largePrevious, as: UnsafeMutableRawPointer?.self)
        state.pointee.large = chunk
        let base = chunk + largeLinks
        base.storeBytes(of: UnsafeMutableRawPointer(state), toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        return JanssonAllocator.tag(base, JanssonAllocator.largeTag)
    }

    /// Frees the large block whose header starts at `base`, unlinking its chunk (on the
    /// decoding thread, the only one that allocates from or frees into the arena).
    fileprivate static func releaseLarge(at base: UnsafeMutableRawPointer) {
        let state = base.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self).assumingMemoryBound(to: State.self)
        let chunk = base - largeLinks
        let previous = chunk.load(fromByteOffset: largePrevious, as: UnsafeMutableRawPointer?.self)
        let next = chunk.load(fromByteOffset: largeNext, as: UnsafeMutableRawPointer?.self)
        next?.storeBytes(of: previous, toByteOffset: largePrevious, as: UnsafeMutableRawPointer?.self)
        if let previous {
            previous.storeBytes(of: next, toByteOffset: largeNext, as: UnsafeMutableRawPointer?.self)
        } else {
            state.pointee.large = next
        }
        free(chunk)
    }

    /// A chunk with room for `bytes` after its header, linked into the arena's list.
    private static func newChunk(_ bytes: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer? {
        guard let chunk = malloc(chunkHeader + bytes) else { return nil }
        chunk.storeBytes(of: state.pointee.chunk, as: UnsafeMutableRawPointer?.self)
        state.pointee.chunk = chunk
        return chunk
    }
}

/// jansson's process-wide allocation functions, installed before the first jansson call.
enum JanssonAllocator {
    fileprivate static let headerSize = 16
    fileprivate static let heapTag: UInt64 = 0x6A61_6E73_736F_6E48  // "janssonH"
    fileprivate static let arenaTag: UInt64 = 0x6A61_6E73_736F_6E41  // "janssonA"
    fileprivate static let largeTag: UInt64 = 0x6A61_6E73_736F_6E4C  // "janssonL"

    /// The thread-specific slot holding the arena state of the decoding in progress on that
    /// thread. Written once by `install`, before jansson can call `allocate`; a plain global
    /// (statically initialized), so reading it per allocation costs no lazy-initialization check,
    /// and unchecked for exclusivity (only `install` writes it, before any read), so reading it
    /// costs no runtime access record either.
    @exclusivity(unchecked) nonisolated(unsafe) private static var currentArena = pthread_key_t()

    /// Installs the allocation functions (once); every jansson entry point calls this first.
    static let install: Void = {
        precondition(pthread_key_create(&currentArena, nil) == 0, "no thread-specific key left for jansson's allocator")
        json_set_alloc_funcs({ size in JanssonAllocator.allocate(size) }, { block in JanssonAllocator.release(block) })
    }()

    /// Runs `body` (a `json_loadb`) with its allocations taken from `arena`.
    static func decode<T>(into arena: JanssonArena, _ body: () -> T) -> T {
        _ = install
        pthread_setspecific(currentArena, arena.state)
        defer { pthread_setspecific(currentArena, nil) }
        return withExtendedLifetime(arena) { body() }
    }

    /// Frees memory jansson handed to the caller (the text of `json_dumps`).
    static func free(_ block: UnsafeMutableRawPointer?) {
        release(block)
    }

    fileprivate static func tag(_ base: UnsafeMutableRawPointer, _ tag: UInt64) -> UnsafeMutableRawPointer {
        base.storeBytes(of: tag, as: UInt64.self)
        return base + headerSize
    }

    private static func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        if let state = pthread_getspecific(currentArena) {
            return JanssonArena.allocate(size, in: state.assumingMemoryBound(to: JanssonArena.State.self))
        }
        guard let base = malloc(size + headerSize) else { return nil }
        return tag(base, heapTag)
    }

    private static func release(_ block: UnsafeMutableRawPointer?) {
        guard let block else { return }
        let base = block - headerSize
        switch base.load(as: UInt64.self) {
        case heapTag: Glibc.free(base)
        case arenaTag: break  // released with its arena
        case largeTag: JanssonArena.releaseLarge(at: base)
        default: preconditionFailure("jansson freed a block it did not allocate")
        }
    }
}
