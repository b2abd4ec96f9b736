import RealmFormats

/// Spells values as Swift source literals and expressions, exactly and deterministically.
enum SwiftLiteral {
    /// Data defaults up to this many bytes are written as a byte array, longer ones as base64.
    static let maxByteArrayCount = 32

    /// A string literal: quotes, backslashes and the common controls escaped by name, every
    /// other control, format or separator character as `\u{…}`.
    static func string(_ text: String) -> String {
        QuotedString.quoted(text, style: .swift)
    }

    /// A `Double` in its shortest round-trip form (`1.5`, `1e-07`); NaN and infinities as members.
    static func double(_ value: Double) -> String {
        if value.isNaN {
            return ".nan"
        }
        if value.isInfinite {
            return value < 0 ? "-.infinity" : ".infinity"
        }
        return value.description
    }

    /// A `Float` in its shortest round-trip form; the schema holds it as a `Double`.
    static func float(_ value: Double) -> String {
        let single = Float(value)
        if single.isNaN {
            return ".nan"
        }
        if single.isInfinite {
            return single < 0 ? "-.infinity" : ".infinity"
        }
        return single.description
    }

    /// `Date(timeIntervalSince1970: 1700000000.123456789)`: the seconds and nanoseconds written
    /// out in full, so the literal is the exact instant (a `Date` then rounds it to a `Double`).
    static func date(seconds: Int64, nanoseconds: Int32) -> String {
        let negative = seconds < 0 || nanoseconds < 0
        var interval = (negative ? "-" : "") + String(seconds.magnitude)
        if nanoseconds != 0 {
            var fraction = String(nanoseconds.magnitude)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") {
                fraction.removeLast()
            }
            interval += "." + fraction
        }
        return "Date(timeIntervalSince1970: \(interval))"
    }

    /// `Data()`, `Data([0x01, 0xff])`, or `Data(base64Encoded: "…")!` for longer values.
    static func data(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty {
            return "Data()"
        }
        if bytes.count <= maxByteArrayCount {
            let list = bytes.map { "0x" + HexText.digits($0, minimumCount: 2) }.joined(separator: ", ")
            return "Data([\(list)])"
        }
        return "Data(base64Encoded: \(string(Base64.encode(bytes))))!"
    }

    /// `UUID(uuidString: "…")!`
    static func uuid(_ text: String) -> String {
        "UUID(uuidString: \(string(text)))!"
    }
}
