import RealmFormats

/// A cursor over the bytes of a valid JSON text: skips whitespace and values, decodes
/// strings. Used by `JSONLocator` on the error path only.
struct JSONTextScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The byte at the cursor; nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    /// Moves past the value at the cursor; false when the text ends first.
    mutating func skipValue() -> Bool {
        guard let first = current else { return false }
        if first == UInt8(ascii: "\"") { return skipString() }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            while let byte = current, !Self.endsScalar(byte) { index += 1 }
            return true
        }
        var depth = 0
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
            index += 1
            if depth == 0 { return true }
        }
        return false
    }

    /// Moves past the string that opens at the cursor.
    mutating func skipString() -> Bool {
        index += 1
        while let byte = current {
            index += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return true }
        }
        return false
    }

    /// Reads the string that opens at the cursor, escapes decoded, as UTF-8.
    mutating func readString() -> [UInt8]? {
        var result: [UInt8] = []
        index += 1
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return result
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readUnicodeEscape() else { return nil }
                    result.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: result.append(escaped)
                }
            default:
                result.append(byte)
            }
        }
        return nil
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` for a surrogate pair.
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let high = readHex4() else { return nil }
        if (0xD800..<0xDC00).contains(high), current == UInt8(ascii: "\\"),
           index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
            index += 2
            guard let low = readHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func readHex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexText.value(of: bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
