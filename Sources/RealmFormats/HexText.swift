/// Hexadecimal text: numbers written as hex digits, and hex digits read back from UTF-8 bytes
/// (ObjectIds, UUIDs, `$binary` subtypes, `\u` escapes).
///
/// For example:
///
///     HexText.digits(0xB, minimumCount: 4)    // "000b"
///     HexText.value(of: UInt8(ascii: "F"))    // 15
public enum HexText {
    /// `value` in hexadecimal (lowercase unless `uppercase`), zero-padded to at least
    /// `minimumCount` digits.
    public static func digits(_ value: some BinaryInteger, minimumCount: Int, uppercase: Bool = false) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, minimumCount - text.count)) + text
    }

    /// Writes `bytes` as lowercase hex digits at `output` and returns how many bytes it wrote
    /// (two a byte). `uuidHyphens` adds the hyphens of a UUID's 8-4-4-4-12 form (for 16 bytes).
    /// Exporters write ObjectIds and UUIDs this way, straight into their output buffer.
    ///
    /// For example:
    ///
    ///     HexText.write([0xAB, 0x01], into: buffer)    // 4: "ab01"
    @inlinable
    public static func write(_ bytes: UnsafeRawBufferPointer, uuidHyphens: Bool = false,
                             into output: UnsafeMutablePointer<UInt8>) -> Int {
        let digits: StaticString = "0123456789abcdef"
        var written = 0
        for index in 0..<bytes.count {
            if uuidHyphens && (index == 4 || index == 6 || index == 8 || index == 10) {
                output[written] = UInt8(ascii: "-")
                written += 1
            }
            let byte = bytes[index]
            output[written] = digits.utf8Start[Int(byte >> 4)]
            output[written + 1] = digits.utf8Start[Int(byte & 0xF)]
            written += 2
        }
        return written
    }

    /// The value of one hex digit (either case); nil for anything else.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes `text` (pairs of hex digits, with `-` allowed at the offsets in `hyphens`)
    /// into `output`, which must hold exactly the bytes the digits describe; false otherwise.
    @inlinable
    public static func decode(_ text: UnsafeBufferPointer<UInt8>, hyphens: [Int] = [],
                              into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard text.count == output.count * 2 + hyphens.count else { return false }
        var written = 0
        var index = 0
        while index < text.count {
            if hyphens.contains(index) {
                guard text[index] == UInt8(ascii: "-") else { return false }
                index += 1
                continue
            }
            guard index + 1 < text.count, let high = value(of: text[index]), let low = value(of: text[index + 1]) else {
                return false
            }
            output[written] = high << 4 | low
            written += 1
            index += 2
        }
        return written == output.count
    }
}
