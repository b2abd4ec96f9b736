import RealmSchema

/// Where the text a decompressor has produced so far ends, in the input's name: the one home
/// for the located errors of `GzipInflater`, `XZDecoder` and `ZstdDecoder` (corrupt or
/// truncated data is reported where the good text stops).
///
/// For example:
///
///     var text = DecompressedText(name: "people.json.gz")
///     text.produced(buffer, count: 42)
///     throw text.error(CompressionMessages.truncated("gzip"))    // people.json.gz:1:43: …
struct DecompressedText {
    let name: String
    private var position = TextPosition.start

    init(name: String) {
        self.name = name
    }

    /// Moves past `count` decompressed bytes at `start`.
    mutating func produced(_ start: UnsafeMutableRawPointer, count: Int) {
        position.advance(over: UnsafeRawBufferPointer(start: start, count: count))
    }

    /// `message` located after `count` more decompressed bytes at `start` (the text a failing
    /// call produced before it failed).
    mutating func error(_ message: String, after start: UnsafeMutableRawPointer, count: Int) -> SourceError {
        produced(start, count: count)
        return error(message)
    }

    /// `message` located where the text produced so far ends.
    func error(_ message: String) -> SourceError {
        SourceError(.malformed, .error(message, at: SourceLocation(file: name, line: position.line, column: position.column)))
    }
}
