import Glibc

/// A window of the input's bytes, read in chunks: it holds the bytes from `base` (a file
/// offset) to `base + count`, compacts before reading more, and grows (doubling) only when a
/// single document does not fit.
final class JSONInputBuffer {
    /// Where the bytes come from.
    enum Input {
        /// A file descriptor; `seekable` when `pread` can re-read past bytes (regular files).
        case descriptor(Int32, closes: Bool, seekable: Bool)
        /// Bytes already in memory.
        case memory([UInt8])
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

    init(input: Input, name: String, capacity: Int) {
        self.input = input
        self.name = name
        self.capacity = max(capacity, 64)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
        if case .descriptor(let descriptor, true, _) = input { close(descriptor) }
    }

    /// Whether bytes dropped from the buffer can be read again (memory, regular files).
    var canReread: Bool {
        switch input {
        case .memory: true
        case .descriptor(_, _, let seekable): seekable
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
    func fill(keeping keep: Int) throws(JSONSourceError) -> Int {
        precondition(keep >= base && keep <= end, "kept bytes must be held")
        if isAtEnd { return 0 }
        if keep > base {
            let kept = end - keep
            if kept > 0 { storage.copyMemory(from: pointer(at: keep), byteCount: kept) }
            count = kept
            base = keep
        }
        if count == capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
            grown.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        let added = try read(into: storage + count, maximum: capacity - count)
        if added == 0 { isAtEnd = true }
        count += added
        return added
    }

    private func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(JSONSourceError) -> Int {
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
                if errno != EINTR { throw JSONSourceError(.io, .error(JSONMessages.readFailed(name, code: errno))) }
            }
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
        }
    }
}
