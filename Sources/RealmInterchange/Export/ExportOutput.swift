import Glibc

/// A buffered byte sink for the exporter: bytes collect in a 64 KiB buffer that is flushed to a
/// file descriptor when full, so export memory stays bounded whatever the store's size.
///
/// A sink writes to a file descriptor (stdout, a file) or, for tests, into memory (`bytes`).
/// Write failures (a full disk, a closed pipe) surface as `ExportError` from the write that
/// flushes, or from `flush()`.
///
/// For example:
///
///     let output = ExportOutput.memory()
///     try output.write("{}")
///     try output.flush()
///     output.bytes              // [123, 125]
public final class ExportOutput {
    /// Where flushed bytes go.
    private enum Destination {
        case fileDescriptor(Int32, name: String)
        case memory
    }

    private let destination: Destination
    private let capacity: Int
    private let buffer: UnsafeMutablePointer<UInt8>
    // One thread writes at a time: no runtime exclusivity checks on the hot counters.
    @exclusivity(unchecked) private var count = 0
    /// Everything flushed so far, for a memory sink.
    public private(set) var bytes: [UInt8] = []
    /// The number of bytes written (flushed or buffered).
    @exclusivity(unchecked) public private(set) var totalBytes = 0

    private init(_ destination: Destination, capacity: Int) {
        self.destination = destination
        self.capacity = max(capacity, Self.maximumReserved)
        self.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// A sink writing to an open file descriptor; `name` is used in error messages.
    public static func fileDescriptor(_ descriptor: Int32, name: String, capacity: Int = 1 << 16) -> ExportOutput {
        ExportOutput(.fileDescriptor(descriptor, name: name), capacity: capacity)
    }

    /// A sink collecting everything in `bytes` (tests, small exports).
    public static func memory(capacity: Int = 1 << 16) -> ExportOutput {
        ExportOutput(.memory, capacity: capacity)
    }

    /// The collected bytes of a memory sink as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends one byte.
    @inline(__always)
    public func write(_ byte: UInt8) throws(ExportError) {
        if count == capacity { try flush() }
        buffer[count] = byte
        count += 1
        totalBytes += 1
    }

    /// Appends raw bytes.
    public func write(_ source: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        guard let base = source.baseAddress else { return }
        if source.count > capacity - count {
            try flush()
            if source.count > capacity {
                try emit(UnsafeRawBufferPointer(source))
                totalBytes += source.count
                return
            }
        }
        (buffer + count).update(from: base, count: source.count)
        count += source.count
        totalBytes += source.count
    }

    /// The most bytes `write(reserving:_:)` may reserve (the smallest buffer's size).
    public static let maximumReserved = 64

    /// Lets `body` write at most `maximum` (≤ `maximumReserved`) bytes straight into the buffer,
    /// returning how many it wrote: number text, Extended JSON wrappers, without a scratch copy.
    ///
    /// For example:
    ///
    ///     try output.write(reserving: 2) { bytes in bytes[0] = 0x7B; bytes[1] = 0x7D; return 2 }   // {}
    @inline(__always)
    public func write(reserving maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws(ExportError) {
        if capacity - count < maximum { try flush() }
        let written = body(buffer + count)
        count += written
        totalBytes += written
    }

    /// Appends the bytes of an array.
    public func write(_ source: [UInt8]) throws(ExportError) {
        var failure: ExportError?
        source.withUnsafeBufferPointer { bytes in
            do throws(ExportError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends ASCII or UTF-8 text known at compile time.
    public func write(_ text: StaticString) throws(ExportError) {
        try write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of a string, unescaped.
    public func write(utf8 text: String) throws(ExportError) {
        var text = text
        var failure: ExportError?
        text.withUTF8 { bytes in
            do throws(ExportError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Hands the buffered bytes to the destination.
    public func flush() throws(ExportError) {
        guard count > 0 else { return }
        let pending = UnsafeRawBufferPointer(start: buffer, count: count)
        count = 0
        try emit(pending)
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        switch destination {
        case .memory:
            self.bytes.append(contentsOf: bytes)
        case .fileDescriptor(let descriptor, let name):
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ExportError(ExportMessages.writeFailed(name, String(cString: strerror(errno))), isIOFailure: true)
                }
                offset += written
            }
        }
    }
}
