#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one `.realm` file, read-only: a private read-only memory map of the file, or a copy
/// of an in-memory buffer. Every read is checked against the end of the bytes.
///
/// `@unchecked Sendable`: the bytes are never written after `init` (the map is `PROT_READ`), and
/// the mapping lives until `deinit`, so sharing the reference between threads is safe.
final class FileBytes: @unchecked Sendable {
    /// The bytes; valid until `deinit`.
    let buffer: UnsafeRawBufferPointer
    /// The number of bytes.
    var count: Int { buffer.count }
    private let isMapped: Bool

    /// Maps the file at `path` read-only (`O_RDONLY`, `PROT_READ`, `MAP_PRIVATE`). No lock or
    /// side file is created; the file is closed again before this returns (the map stays valid).
    init(mapping path: String) throws(RealmFileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw RealmFileError(.cannotOpen, RealmFileMessages.cannotOpen(path: path, reason: Self.errnoText()))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw RealmFileError(.cannotOpen, RealmFileMessages.cannotOpen(path: path, reason: Self.errnoText()))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw RealmFileError(.cannotOpen, RealmFileMessages.notARegularFile(path: path))
        }
        let size = Int(info.st_size)
        if size == 0 {
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw RealmFileError(.cannotOpen, RealmFileMessages.cannotOpen(path: path, reason: Self.errnoText()))
        }
        buffer = UnsafeRawBufferPointer(start: base, count: size)
        isMapped = true
    }

    /// A private copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let target = copy.baseAddress {
                target.copyMemory(from: base, byteCount: source.count)
            }
        }
        buffer = UnsafeRawBufferPointer(start: copy.baseAddress, count: bytes.count)
        isMapped = false
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        } else {
            base.deallocate()
        }
    }

    /// Lets the kernel take the mapped file's pages out of this process's resident memory (they
    /// stay in the page cache; a page touched again is mapped again, with the same bytes, as the
    /// map is read-only). Nothing for a copy in memory.
    func releaseResidentPages() {
        guard isMapped, let base = buffer.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), buffer.count, MADV_DONTNEED)
    }

    /// Whether `length` bytes from `offset` lie inside the file (no overflow on any input).
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count &- offset
    }

    /// The byte at `offset`, or 0 outside the file (callers check ranges first; this never traps).
    func byte(_ offset: Int) -> UInt8 {
        guard offset >= 0, offset < count else { return 0 }
        return buffer[offset]
    }

    /// The little-endian unsigned integer of `length` (1…8) bytes at `offset`, or 0 outside the file.
    func unsignedLE(_ offset: Int, length: Int) -> UInt64 {
        guard length > 0, length <= 8, contains(offset, length: length) else { return 0 }
        var value: UInt64 = 0
        for index in 0..<length {
            value |= UInt64(buffer[offset &+ index]) << (8 &* UInt64(index))
        }
        return value
    }

    /// The little-endian 64-bit word at `offset`, or 0 outside the file.
    func u64(_ offset: Int) -> UInt64 {
        guard contains(offset, length: 8) else { return 0 }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes of `offset..<offset+length`, or an empty array outside the file.
    func slice(_ offset: Int, length: Int) -> [UInt8] {
        guard contains(offset, length: length), length > 0 else { return [] }
        return Array(buffer[offset..<(offset &+ length)])
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
