/// Text forms of the typed schema values: ObjectId, UUID and Decimal128 (base64 is `Base64`
/// of RealmFormats).
enum ValueFormats {
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
