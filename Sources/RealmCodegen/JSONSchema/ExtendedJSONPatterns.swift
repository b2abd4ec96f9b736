/// Regular expressions (ECMA-262 syntax, anchored) for the string parts of MongoDB Extended
/// JSON v2 wrappers, as realm-import reads them.
enum ExtendedJSONPatterns {
    /// 24 hexadecimal digits of either case (`$oid`).
    static let objectId = "^[0-9a-fA-F]{24}$"

    /// 8-4-4-4-12 hexadecimal digits of either case (`$uuid` and plain UUID strings).
    static let uuid = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

    /// Padded standard base64 (`$binary.base64`).
    static let base64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    /// Base64 of exactly 16 bytes (a UUID as `$binary` with subtype 04).
    static let base64Of16Bytes = "^[A-Za-z0-9+/]{22}==$"

    /// The subtype of generic binary, the only binary a `data` property keeps: `00`, or the old
    /// generic `02`, in one or two digits (docs/json-typing.md, section 2.1).
    static let genericBinarySubType = "^0?[02]$"

    /// The one subtype a `data` property with `subtype: N` keeps, in one or two hex digits of
    /// either case, as realm-import reads it: 9 gives `^0?9$`, 128 gives `^80$`, 171 `^[aA][bB]$`.
    static func binarySubType(_ subtype: UInt8) -> String {
        let digits = String(subtype, radix: 16)
        let padded = digits.count == 1 ? "0?" + digits : digits
        return "^" + padded.map { $0.isLetter ? "[\($0)\($0.uppercased())]" : String($0) }.joined() + "$"
    }

    /// RFC 3339 date and time with up to nine fraction digits and `Z` or an offset (`$date`).
    static let isoDate = "^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
        + "T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"

    /// A JSON-style number, `Infinity`, `-Infinity` or `NaN` (`$numberDouble`).
    static let double = "^(?:-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|Infinity|-Infinity|NaN)$"

    /// A finite decimal with optional sign, fraction and exponent, or `Infinity`/`-Infinity`
    /// (`$numberDecimal`). `NaN` is refused: Realm rejects a Decimal128 string that parses as NaN.
    static let decimal = "^(?:[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?|Infinity|-Infinity)$"

    /// Decimal integers in `range`, without leading zeros (`$numberInt`, `$numberLong`): for
    /// example `-128...127` gives `^(?:0|[1-9][0-9]?|1[0-1][0-9]|12[0-7]|-(?:…))$`.
    static func integer(in range: ClosedRange<Int64>) -> String {
        var alternatives: [String] = []
        if range.upperBound >= 0 {
            alternatives.append(contentsOf: atMost(range.upperBound.magnitude))
        }
        if range.lowerBound < 0 {
            alternatives.append("-(?:" + atMost(range.lowerBound.magnitude).joined(separator: "|") + ")")
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    /// Alternatives matching the decimal forms of `0...limit`.
    static func atMost(_ limit: UInt64) -> [String] {
        let digits = String(limit).unicodeScalars.map { Int($0.value) - 48 }
        var result = ["0"]
        // Every number with fewer digits than the limit.
        switch digits.count {
        case 1: break
        case 2: result.append("[1-9]")
        case 3: result.append("[1-9][0-9]?")
        default: result.append("[1-9][0-9]{0,\(digits.count - 2)}")
        }
        for position in digits.indices {
            let lowest = position == 0 ? 1 : 0
            let isLast = position == digits.count - 1
            // The same prefix as the limit, then a smaller digit (the last digit may be equal).
            let highest = isLast ? digits[position] : digits[position] - 1
            guard highest >= lowest else {
                continue
            }
            let prefix = digits[..<position].map(String.init).joined()
            result.append(prefix + digitClass(lowest, highest) + repeatedDigit(digits.count - position - 1))
        }
        return result
    }

    private static func digitClass(_ low: Int, _ high: Int) -> String {
        low == high ? "\(low)" : "[\(low)-\(high)]"
    }

    private static func repeatedDigit(_ count: Int) -> String {
        switch count {
        case 0: ""
        case 1: "[0-9]"
        default: "[0-9]{\(count)}"
        }
    }
}
