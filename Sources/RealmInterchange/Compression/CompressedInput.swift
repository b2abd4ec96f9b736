/// The compressed bytes under a decoder (`GzipInflater`, `XZDecoder`, `ZstdDecoder`), read a
/// chunk at a time into one buffer that the decoder's library reads from: the one home of
/// that buffer and of whether the compressed input has ended.
///
/// For example:
///
///     let input = CompressedInput(file, capacity: 1 << 16)
///     let count = try input.refill()    // bytes now at input.buffer; 0 (and ended) at the end
final class CompressedInput {
    private let compressed: any ByteStream
    /// Where `refill()` puts the next chunk.
    let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Whether `refill()` has met the end of the compressed input.
    private(set) var ended = false

    init(_ compressed: any ByteStream, capacity: Int) {
        self.compressed = compressed
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// Reads the next chunk into `buffer` and returns its length: 0 at the end of the input,
    /// from when on `ended` is true.
    func refill() throws(SourceError) -> Int {
        let count = try compressed.read(into: buffer, maximum: capacity)
        if count == 0 { ended = true }
        return count
    }
}
