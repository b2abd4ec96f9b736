import Glibc

/// A window of the input's bytes, read in chunks: it holds the bytes from `base` (a file
/// offset) to `base + count`, compacts before reading more, and grows (doubling, with
/// `realloc`, which moves large blocks without copying) only when a single document does not
/// fit; `shrink(keeping:)` gives the memory back once that document is decoded.
final class InputBuffer {
    /// Where the bytes come from.
    enum Input {
        /// A file descriptor; `seekable` when `pread` can re-read past bytes (regular files).
        case descriptor(Int32, closes: Bool, seekable: Bool)
        /// Bytes already in memory.
        case memory([UInt8])
        /// Bytes made as they are read (decompressed, converted from CSV); never re-read.
        case stream(any ByteStream)
    }

    private let input: Input
    /// The input's name, for I/O error messages.
    let name: String
    private var memoryPosition = 0
    private(set) var storage: UnsafeMutableRawPointer
    /// Allocated bytes; grows only for a document larger than the buffer.
    private(set) var capacity: Int
    /// The file offset of `storage[0]`.
    private(set) var base = 0
    /// Valid bytes in `storage`.
    private(set) var count = 0
    /// Whether the input has no more bytes to read.
    private(set) var isAtEnd = false

    /// The capacity the buffer starts with and shrinks back to.
    let initialCapacity: Int
    /// The most bytes read from a stream at once: what a decompressor or CSV reader has read of
    /// its file then stays close to the documents decoded (progress in the file's bytes).
    static let streamReadBytes = 64 * 1024

    init(input: Input, name: String, capacity: Int) {
        self.input = input
        self.name = name
        self.capacity = max(capacity, 64)
        initialCapacity = self.capacity
        storage = Self.reallocate(nil, self.capacity)
    }

    deinit {
        free(storage)
        if case .descriptor(let descriptor, true, _) = input { close(descriptor) }
    }

    /// Whether bytes dropped from the buffer can be read again (memory, regular files).
    var canReread: Bool {
        switch input {
        case .memory: true
        case .descriptor(_, _, let seekable): seekable
        case .stream: false
        }
    }

    /// The file offset just past the last byte read.
    var end: Int { base + count }

    /// A pointer to the byte at file offset `offset` (which must be held).
    func pointer(at offset: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(storage + (offset - base))
    }

    /// The byte at file offset `offset`, which must be held.
    func byte(at offset: Int) -> UInt8 {
        storage.load(fromByteOffset: offset - base, as: UInt8.self)
    }

    /// The held bytes from `offset` to the end of what has been read.
    func bytes(from offset: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: pointer(at: offset), count: end - offset)
    }

    /// Reads more bytes, dropping those before `keep` (compacting, or growing when everything
    /// from `keep` on fills the buffer). Returns the number of bytes added; 0 at the end.
    ///
    /// With `limit`, the buffer grows to hold at most `limit` bytes from `keep` on, and a read
    /// stops there: one document's bytes past the limit are never held, whatever it claims.
    func fill(keeping keep: Int, limit: Int? = nil) throws(SourceError) -> Int {
        precondition(keep >= base && keep <= end, "kept bytes must be held")
        if isAtEnd { return 0 }
        if keep > base {
            let kept = end - keep
            if kept > 0 { storage.copyMemory(from: pointer(at: keep), byteCount: kept) }
            count = kept
            base = keep
        }
        if count == capacity {
            let grown = limit.map { min(capacity * 2, max($0, capacity + 1)) } ?? capacity * 2
            storage = Self.reallocate(storage, grown)
            capacity = grown
        }
        var maximum = capacity - count
        if let limit, limit > count { maximum = min(maximum, limit - count) }
        let added = try read(into: storage + count, maximum: maximum)
        if added == 0 { isAtEnd = true }
        count += added
        return added
    }

    /// Drops the bytes before `keep` and, when the buffer grew for a large document, returns
    /// to the initial capacity (or what the kept bytes need).
    func shrink(keeping keep: Int) {
        precondition(keep >= base && keep <= end, "kept bytes must be held")
        guard capacity > initialCapacity else { return }
        let kept = end - keep
        if kept > 0 { storage.copyMemory(from: pointer(at: keep), byteCount: kept) }
        count = kept
        base = keep
        var target = initialCapacity
        while target < kept { target *= 2 }
        guard target < capacity else { return }
        storage = Self.reallocate(storage, target)
        capacity = target
    }

    /// `realloc` that treats running out of memory as the fatal condition it is.
    private static func reallocate(_ block: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
        guard let result = realloc(block, size) else { fatalError("out of memory for a \(size)-byte input buffer") }
        return result
    }

    private func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        switch input {
        case .memory(let bytes):
            let length = min(maximum, bytes.count - memoryPosition)
            bytes.withUnsafeBytes { source in
                destination.copyMemory(from: source.baseAddress! + memoryPosition, byteCount: length)
            }
            memoryPosition += length
            return length
        case .descriptor(let descriptor, _, _):
            while true {
                let result = Glibc.read(descriptor, destination, maximum)
                if result >= 0 { return result }
                if errno != EINTR { throw SourceError(.io, .error(JSONMessages.readFailed(name, code: errno))) }
            }
        case .stream(let stream):
            return try stream.read(into: destination, maximum: min(maximum, Self.streamReadBytes))
        }
    }

    /// The bytes of file offsets `range`, from memory when still held, else re-read from a
    /// seekable file; nil when they are gone (a pipe) or cannot be read.
    func bytes(in range: Range<Int>) -> [UInt8]? {
        if range.lowerBound >= base && range.upperBound <= end {
            return Array(UnsafeRawBufferPointer(start: pointer(at: range.lowerBound), count: range.count))
        }
        switch input {
        case .memory(let bytes):
            return range.upperBound <= bytes.count ? Array(bytes[range]) : nil
        case .descriptor(let descriptor, _, let seekable):
            guard seekable else { return nil }
            var result = [UInt8](repeating: 0, count: range.count)
            let read = result.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, range.count, off_t(range.lowerBound)) }
            return read == range.count ? result : nil
        case .stream:
            return nil
        }
    }
}
