/// Text forms of the typed schema values: base64, ObjectId, UUID and Decimal128.
enum ValueFormats {
    /// Standard base64 (RFC 4648, `=` padding required); whitespace and line breaks are ignored
    /// so long values can be folded across YAML lines.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        let symbols = Array(text.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        guard symbols.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count / 4 * 3)
        var index = 0
        while index < symbols.count {
            let quad = symbols[index..<index + 4]
            let isLast = index + 4 == symbols.count
            let padding = quad.reversed().prefix(while: { $0 == UInt8(ascii: "=") }).count
            guard padding <= 2, padding == 0 || isLast else { return nil }
            var accumulator: UInt32 = 0
            for symbol in quad.dropLast(padding) {
                guard let value = sextet(symbol) else { return nil }
                accumulator = accumulator << 6 | UInt32(value)
            }
            accumulator <<= UInt32(6 * padding)
            let decoded = [UInt8(accumulator >> 16 & 0xFF), UInt8(accumulator >> 8 & 0xFF), UInt8(accumulator & 0xFF)]
            bytes.append(contentsOf: decoded.prefix(3 - padding))
            index += 4
        }
        return bytes
    }

    private static func sextet(_ symbol: UInt8) -> UInt8? {
        switch symbol {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): symbol - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): symbol - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): symbol - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    /// 24 hex digits of either case, returned in lowercase (Realm's `ObjectId::is_valid_str`).
    static func objectId(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.count == 24, scalars.allSatisfy(isHexDigit) else { return nil }
        return text.lowercased()
    }

    /// `8-4-4-4-12` hex digits of either case, returned in lowercase (core's `UUID::is_valid_string`).
    static func uuid(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.unicodeScalars.count) == [8, 4, 4, 4, 12],
              groups.allSatisfy({ $0.unicodeScalars.allSatisfy(isHexDigit) })
        else { return nil }
        return text.lowercased()
    }

    /// Decimal syntax accepted for Decimal128: `[+-]` digits with an optional fraction and
    /// exponent (`1.5`, `-3`, `.5`, `1.23E+4`), or `Inf`/`Infinity`. NaN is not a value.
    static func isDecimal128(_ text: String) -> Bool {
        var rest = Substring(text)
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        if ["inf", "infinity"].contains(rest.lowercased()) { return true }
        let integer = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(integer.count)
        var fraction = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return false }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
