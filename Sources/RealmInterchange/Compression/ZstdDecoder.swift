internal import CZstd

/// The decompressed bytes of .zst data (several frames one after another are one text, as
/// `zstd -d` reads them), read a chunk at a time through libzstd's streaming decoder; the
/// counterpart of `GzipInflater` and `XZDecoder`, with the same located errors.
///
/// For example:
///
///     let text = ZstdDecoder(DescriptorStream(descriptor: fd, name: "people.json.zst", closes: true),
///                            name: "people.json.zst")
final class ZstdDecoder: ByteStream {
    private let input: CompressedInput
    private var text: DecompressedText
    private let stream: OpaquePointer
    private var pending = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
    /// Whether libzstd's last answer was not 0: a frame is begun and not yet whole and flushed.
    private var frameOpen = false
    private var finished = false

    init(_ compressed: any ByteStream, name: String) {
        input = CompressedInput(compressed, capacity: 1 << 17)
        text = DecompressedText(name: name)
        guard let stream = ZSTD_createDStream() else { fatalError("libzstd could not start") }
        self.stream = stream
        ZSTD_initDStream(stream)
    }

    deinit {
        ZSTD_freeDStream(stream)
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        guard !finished, maximum > 0 else { return 0 }
        var output = ZSTD_outBuffer(dst: destination, size: maximum, pos: 0)
        while output.pos == 0 && !finished {
            if pending.pos == pending.size && !input.ended {
                let count = try input.refill()
                pending = ZSTD_inBuffer(src: UnsafeRawPointer(input.buffer), size: count, pos: 0)
            }
            if pending.pos == pending.size && input.ended && !frameOpen {
                finished = true   // the last frame is whole and flushed
                break
            }
            let result = ZSTD_decompressStream(stream, &output, &pending)
            if ZSTD_isError(result) != 0 {
                let detail = String(cString: ZSTD_getErrorName(result))
                throw failure(CompressionMessages.corrupt("zstd", detail), produced: destination, count: output.pos)
            }
            frameOpen = result != 0
            if output.pos == 0 && pending.pos == pending.size && input.ended {
                if frameOpen {
                    throw failure(CompressionMessages.truncated("zstd"), produced: destination, count: 0)
                }
                finished = true
            }
        }
        text.produced(destination, count: output.pos)
        return output.pos
    }

    private func failure(_ message: String, produced destination: UnsafeMutableRawPointer, count: Int) -> SourceError {
        finished = true
        return text.error(message, after: destination, count: count)
    }
}
