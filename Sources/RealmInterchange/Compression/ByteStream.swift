import Glibc

/// A forward-only source of input bytes under a `InputBuffer`: a file descriptor, a
/// decompressor over another stream, or the JSON text a CSV reader makes of its rows.
///
/// For example:
///
///     let stream = DescriptorStream(descriptor: STDIN_FILENO, name: "<stdin>", closes: false)
///     let count = try stream.read(into: buffer, maximum: 65_536)   // 0 at the end
protocol ByteStream: AnyObject {
    /// Reads up to `maximum` bytes into `destination`; returns how many, 0 only at the end.
    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int
}

/// The bytes of a file descriptor, after `prefix` (bytes already read from it to recognise
/// the input's format).
final class DescriptorStream: ByteStream {
    private let descriptor: Int32
    private let name: String
    private let closes: Bool
    private var prefix: [UInt8]
    /// Bytes of the file given out so far (the prefix included): how far into the file a
    /// decompressor or CSV reader over this stream has read.
    private(set) var bytesRead = 0

    init(descriptor: Int32, name: String, closes: Bool, prefix: [UInt8] = []) {
        self.descriptor = descriptor
        self.name = name
        self.closes = closes
        self.prefix = prefix
    }

    deinit {
        if closes { close(descriptor) }
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        if !prefix.isEmpty {
            let length = min(maximum, prefix.count)
            prefix.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: length) }
            prefix.removeFirst(length)
            bytesRead += length
            return length
        }
        while true {
            let result = Glibc.read(descriptor, destination, maximum)
            if result >= 0 {
                bytesRead += result
                return result
            }
            if errno != EINTR { throw SourceError(.io, .error(JSONMessages.readFailed(name, code: errno))) }
        }
    }

    /// Reads the first `count` bytes (fewer at the end of the input) of a descriptor that
    /// cannot be re-read, to be given back as `prefix`.
    static func peek(_ descriptor: Int32, name: String, count: Int) throws(SourceError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            let result = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count - bytes.count) }
            if result == 0 { break }
            if result < 0 {
                if errno == EINTR { continue }
                throw SourceError(.io, .error(JSONMessages.readFailed(name, code: errno)))
            }
            bytes += chunk.prefix(result)
        }
        return bytes
    }
}
