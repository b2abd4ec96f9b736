import Foundation
import RealmFormats

/// Hex digits of ObjectIds, UUIDs and `$binary` subtypes, read from UTF-8 bytes.
enum HexDigits {
    /// The value of one hex digit (either case); nil for anything else.
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes `text` (pairs of hex digits, with `-` allowed at the offsets in `hyphens`)
    /// into `output`, which must hold exactly the bytes the digits describe.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, hyphens: [Int] = [],
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

extension Base64 {
    /// The bytes of padded base64 (Extended JSON `$binary`), decoded straight into the `Data`;
    /// nil when the text is not padded base64.
    static func data(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        guard let count = decodedCount(of: text) else { return nil }
        var data = Data(count: count)
        let valid = data.withUnsafeMutableBytes { decode(text, into: $0) }
        return valid ? data : nil
    }
}
