import Glibc

/// A place in an input: byte offset (0-based) and the project's 1-based line and column,
/// the column counted in Unicode scalars, for the whole file.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// Bytes before this position.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int

    /// The start of an input.
    public static let start = TextPosition(offset: 0, line: 1, column: 1)

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column) (byte \(offset))" }

    /// Moves past `bytes`, which must be the input's bytes starting at this position.
    ///
    /// Lines end at `\n` (so `\r\n` counts once); a column counts every byte that does not
    /// continue a UTF-8 sequence, which is one per scalar in valid UTF-8.
    public mutating func advance(over bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        offset += bytes.count
        var lineStart = 0
        var searchFrom = 0
        while searchFrom < bytes.count,
              let newline = memchr(base + searchFrom, 0x0A, bytes.count - searchFrom) {
            line += 1
            lineStart = base.distance(to: UnsafeRawPointer(newline)) + 1
            searchFrom = lineStart
        }
        if lineStart > 0 { column = 1 }
        var scalars = 0
        for index in lineStart..<bytes.count where bytes[index] & 0xC0 != 0x80 {
            scalars += 1
        }
        column += scalars
    }

    /// This position moved past `bytes`.
    public func advanced(over bytes: UnsafeRawBufferPointer) -> TextPosition {
        var copy = self
        copy.advance(over: bytes)
        return copy
    }

    /// This position moved past the given bytes.
    public func advanced(over bytes: some Collection<UInt8>) -> TextPosition {
        let array = Array(bytes)
        return array.withUnsafeBytes { advanced(over: $0) }
    }
}
