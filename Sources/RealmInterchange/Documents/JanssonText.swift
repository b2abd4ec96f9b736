internal import CJansson

/// jansson strings made from bytes whose UTF-8 is not known to be valid: all-ASCII text
/// (found eight bytes at a time) skips jansson's own check, which any other text still gets,
/// so what is accepted is exactly what `json_stringn` accepts.
///
/// For example:
///
///     JanssonText.string(UnsafeRawBufferPointer(start: pointer, count: 3))   // "Ann", or nil if not UTF-8
enum JanssonText {
    /// A string of `bytes` (which may hold NUL); nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<json_t>? {
        guard let base = bytes.baseAddress else { return json_stringn_nocheck("", 0) }
        let text = base.assumingMemoryBound(to: CChar.self)
        return isASCII(bytes) ? json_stringn_nocheck(text, bytes.count) : json_stringn(text, bytes.count)
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
