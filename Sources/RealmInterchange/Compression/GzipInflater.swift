internal import CZlib

/// The decompressed bytes of a gzip stream (several members one after the other are one
/// text, as `gunzip` reads them), read a chunk at a time: memory stays at two 64 KiB buffers
/// and zlib's window whatever the file's size.
///
/// Corrupt or truncated data is an error located at the line and column of the decompressed
/// text where it stops, in the file's name.
///
/// For example:
///
///     let text = GzipInflater(DescriptorStream(descriptor: fd, name: "people.json.gz", closes: true),
///                             name: "people.json.gz")
///     let count = try text.read(into: buffer, maximum: 1 << 20)
final class GzipInflater: ByteStream {
    private let input: CompressedInput
    private var text: DecompressedText
    private let stream: UnsafeMutablePointer<z_stream>
    /// Whether a member has begun and not yet ended (its end is needed before the input's).
    private var inMember = false
    private var finished = false

    init(_ compressed: any ByteStream, name: String) {
        input = CompressedInput(compressed, capacity: 1 << 16)
        text = DecompressedText(name: name)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 16 + 15: a gzip header and trailer around the largest window.
        precondition(realm_zlib_inflate_init(stream, 16 + 15) == Z_OK, "zlib could not start")
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        guard !finished, maximum > 0 else { return 0 }
        let capacity = min(maximum, Int(UInt32.max))
        stream.pointee.next_out = destination.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(capacity)
        while stream.pointee.avail_out == UInt32(capacity) {
            if stream.pointee.avail_in == 0 && !input.ended {
                let count = try input.refill()
                stream.pointee.next_in = input.buffer
                stream.pointee.avail_in = UInt32(count)
            }
            if stream.pointee.avail_in == 0 && input.ended {
                if inMember { throw failure(CompressionMessages.truncated("gzip"), produced: destination, capacity: capacity) }
                finished = true
                break
            }
            inMember = true
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END:
                inMember = false
                inflateReset(stream)
            case Z_OK, Z_BUF_ERROR:
                break
            default:
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw failure(CompressionMessages.corrupt("gzip", detail), produced: destination, capacity: capacity)
            }
        }
        let produced = capacity - Int(stream.pointee.avail_out)
        text.produced(destination, count: produced)
        return produced
    }

    /// A located error after the text produced so far (this call's bytes included).
    private func failure(_ message: String, produced destination: UnsafeMutableRawPointer, capacity: Int) -> SourceError {
        finished = true
        return text.error(message, after: destination, count: capacity - Int(stream.pointee.avail_out))
    }
}
