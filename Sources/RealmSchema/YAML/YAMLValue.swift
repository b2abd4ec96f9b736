/// A scalar resolved under the YAML 1.2 core schema: what a plain scalar means.
///
/// Quoted and block scalars are always strings; plain `true`/`false` are booleans, plain
/// integers are integers, plain floats (and `.inf`, `.nan`) are doubles, plain `null`, `~` and
/// the empty scalar are null, and everything else is a string (`yes`/`no` stay strings).
public enum YAMLValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A plain integer that does not fit in 64 bits, as written.
    case bigInt(String)
    case double(Double)
    case string(String)

    /// A short description for messages ("an integer", "a string", …).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .bigInt: "an integer"
        case .double: "a number"
        case .string: "a string"
        }
    }

    /// Resolves one scalar.
    public static func resolve(_ scalar: YAMLScalar) -> YAMLValue {
        guard scalar.isPlain else { return .string(scalar.text) }
        let text = scalar.text
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if let integer = resolveInteger(text) { return integer }
        if isFloatLiteral(text), let value = Double(text) { return .double(value) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0x[0-9a-fA-F]+` or `0o[0-7]+`.
    private static func resolveInteger(_ text: String) -> YAMLValue? {
        if text.hasPrefix("0x") || text.hasPrefix("0o") {
            let digits = text.dropFirst(2)
            let radix = text.hasPrefix("0x") ? 16 : 8
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && Int(String($0), radix: radix) != nil })
            else { return nil }
            if let value = Int64(digits, radix: radix) { return .int(value) }
            return .bigInt(text)
        }
        var digits = Substring(text)
        if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        if let value = Int64(text) { return .int(value) }
        return .bigInt(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloatLiteral(_ text: String) -> Bool {
        var rest = Substring(text)
        if let first = rest.first, first == "-" || first == "+" { rest = rest.dropFirst() }
        let integerDigits = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fractionDigits.count)
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return false }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "-" || sign == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}

extension Character {
    /// `0`…`9` only (not other Unicode digits).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
