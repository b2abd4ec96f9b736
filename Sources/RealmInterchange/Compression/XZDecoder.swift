internal import CLZMA

/// The decompressed bytes of .xz data (several streams one after another are one text, as
/// `xz -d` reads them), read a chunk at a time through liblzma; the counterpart of
/// `GzipInflater`, with the same located errors.
///
/// For example:
///
///     let text = XZDecoder(DescriptorStream(descriptor: fd, name: "people.json.xz", closes: true),
///                          name: "people.json.xz")
final class XZDecoder: ByteStream {
    private let input: CompressedInput
    private var text: DecompressedText
    private let stream: UnsafeMutablePointer<lzma_stream>
    private var finished = false

    init(_ compressed: any ByteStream, name: String) {
        input = CompressedInput(compressed, capacity: 1 << 16)
        text = DecompressedText(name: name)
        stream = .allocate(capacity: 1)
        stream.initialize(to: lzma_stream())
        precondition(realm_lzma_stream_decoder(stream) == LZMA_OK, "liblzma could not start")
    }

    deinit {
        lzma_end(stream)
        stream.deallocate()
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        guard !finished, maximum > 0 else { return 0 }
        stream.pointee.next_out = destination.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = maximum
        while stream.pointee.avail_out == maximum {
            if stream.pointee.avail_in == 0 && !input.ended {
                let count = try input.refill()
                stream.pointee.next_in = UnsafePointer(input.buffer)
                stream.pointee.avail_in = count
            }
            let status = lzma_code(stream, input.ended ? LZMA_FINISH : LZMA_RUN)
            switch status {
            case LZMA_STREAM_END:
                finished = true
            case LZMA_OK:
                continue
            case LZMA_BUF_ERROR where input.ended:
                throw failure(CompressionMessages.truncated("xz"), produced: destination, maximum: maximum)
            case LZMA_BUF_ERROR:
                continue
            default:
                throw failure(CompressionMessages.corrupt("xz", "liblzma status \(status.rawValue)"),
                              produced: destination, maximum: maximum)
            }
            if finished { break }
        }
        let produced = maximum - stream.pointee.avail_out
        text.produced(destination, count: produced)
        return produced
    }

    private func failure(_ message: String, produced destination: UnsafeMutableRawPointer, maximum: Int) -> SourceError {
        finished = true
        return text.error(message, after: destination, count: maximum - stream.pointee.avail_out)
    }
}
