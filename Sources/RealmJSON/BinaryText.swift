import Foundation

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

/// Standard base64 (RFC 4648, `+` and `/`, padded with `=`) as Extended JSON `$binary` uses it.
enum Base64Text {
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    /// The decoded bytes; nil when the text is not padded base64.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        guard text.count % 4 == 0 else { return nil }
        var padding = 0
        if text.count >= 4 {
            if text[text.count - 1] == UInt8(ascii: "=") { padding += 1 }
            if text[text.count - 2] == UInt8(ascii: "=") { padding += 1 }
            if padding == 1 && text[text.count - 2] == UInt8(ascii: "=") { return nil }
        }
        var data = Data(count: text.count / 4 * 3 - padding)
        let valid = data.withUnsafeMutableBytes { output -> Bool in
            var written = 0
            var chunk = 0
            while chunk < text.count {
                var group: UInt32 = 0
                for offset in 0..<4 {
                    let byte = text[chunk + offset]
                    let isPad = byte == UInt8(ascii: "=") && chunk + offset >= text.count - padding
                    let sextet = isPad ? 0 : table[Int(byte)]
                    if sextet == 0xFF { return false }
                    group = group << 6 | UInt32(sextet)
                }
                for shift in [16, 8, 0] where written < output.count {
                    output[written] = UInt8(truncatingIfNeeded: group >> UInt32(shift))
                    written += 1
                }
                chunk += 4
            }
            return true
        }
        return valid ? data : nil
    }
}
