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
    private let compressed: any ByteStream
    private var text: DecompressedText
    private let stream: OpaquePointer
    private let input: UnsafeMutablePointer<UInt8>
    private static let inputCapacity = 1 << 17
    private var pending = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
    private var compressedEnded = false
    /// Whether libzstd's last answer was not 0: a frame is begun and not yet whole and flushed.
    private var frameOpen = false
    private var finished = false

    init(_ compressed: any ByteStream, name: String) {
        self.compressed = compressed
        text = DecompressedText(name: name)
        guard let stream = ZSTD_createDStream() else { fatalError("libzstd could not start") }
        self.stream = stream
        input = .allocate(capacity: Self.inputCapacity)
        ZSTD_initDStream(stream)
    }

    deinit {
        ZSTD_freeDStream(stream)
        input.deallocate()
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(JSONSourceError) -> Int {
        guard !finished, maximum > 0 else { return 0 }
        var output = ZSTD_outBuffer(dst: destination, size: maximum, pos: 0)
        while output.pos == 0 && !finished {
            if pending.pos == pending.size && !compressedEnded {
                let count = try compressed.read(into: input, maximum: Self.inputCapacity)
                if count == 0 { compressedEnded = true }
                pending = ZSTD_inBuffer(src: UnsafeRawPointer(input), size: count, pos: 0)
            }
            if pending.pos == pending.size && compressedEnded && !frameOpen {
                finished = true   // the last frame is whole and flushed
                break
            }
            let result = ZSTD_decompressStream(stream, &output, &pending)
            if ZSTD_isError(result) != 0 {
                let detail = String(cString: ZSTD_getErrorName(result))
                throw failure(CompressionMessages.corrupt("zstd", detail), produced: destination, count: output.pos)
            }
            frameOpen = result != 0
            if output.pos == 0 && pending.pos == pending.size && compressedEnded {
                if frameOpen {
                    throw failure(CompressionMessages.truncated("zstd"), produced: destination, count: 0)
                }
                finished = true
            }
        }
        text.produced(destination, count: output.pos)
        return output.pos
    }

    private func failure(_ message: String, produced destination: UnsafeMutableRawPointer, count: Int) -> JSONSourceError {
        text.produced(destination, count: count)
        finished = true
        return text.error(message)
    }
}
