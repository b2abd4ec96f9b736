/// Double-quoted string literals: the one quoter behind JSON text, YAML double-quoted scalars
/// and Swift source literals.
///
/// All three wrap the text in `"`, escape `"` and `\`, name a few control characters (`\n`) and
/// write the characters their syntax cannot hold as hex escapes; a `Style` says which names,
/// which characters and which hex spelling.
///
/// For example:
///
///     QuotedString.quoted("a\"b\u{7}", style: .json)    // "a\"b\u0007"
///     QuotedString.quoted("a\"b\u{7}", style: .yaml)    // "a\"b\u0007"
///     QuotedString.quoted("a\"b\u{7}", style: .swift)   // "a\"b\u{7}"
public enum QuotedString {
    public enum Style: Sendable {
        /// JSON (RFC 8259): `\b \f \n \r \t` by name, the other controls below U+0020 as
        /// `\u00xx` (lowercase); everything else, non-ASCII included, as is.
        case json
        /// YAML 1.2 double-quoted scalars: `\n \t \r` by name; the other C0 controls, DEL, the C1
        /// controls, U+2028, U+2029 and U+FEFF as `\uXXXX` (uppercase).
        case yaml
        /// Swift string literals: `\n \r \t \0` by name; other control, format, separator,
        /// private-use, surrogate and unassigned scalars (not the space) as `\u{x}` (lowercase,
        /// no leading zeros).
        case swift
    }

    /// `text` between double quotes, escaped as `style` writes it.
    public static func quoted(_ text: String, style: Style) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if let name = style.escapeName(scalar) {
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(name)
            } else if style.needsHexEscape(scalar) {
                result += style.hexEscape(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension QuotedString.Style {
    /// The letter after `\` for characters escaped by name (`"` and `\` in every style).
    func escapeName(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "\"", "\\": scalar
        case "\n": "n"
        case "\r": "r"
        case "\t": "t"
        case "\u{08}" where self == .json: "b"
        case "\u{0C}" where self == .json: "f"
        case "\0" where self == .swift: "0"
        default: nil
        }
    }

    /// Whether a character without a name is written as a hex escape.
    func needsHexEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .json:
            return scalar.value < 0x20
        case .yaml:
            let value = scalar.value
            return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
                || value == 0x2028 || value == 0x2029 || value == 0xFEFF
        case .swift:
            if scalar == " " { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
                 .privateUse, .surrogate, .unassigned:
                return true
            default:
                return false
            }
        }
    }

    /// The hex escape of a scalar value.
    func hexEscape(_ value: UInt32) -> String {
        switch self {
        case .json: "\\u" + HexText.digits(value, minimumCount: 4)
        case .yaml: "\\u" + HexText.digits(value, minimumCount: 4, uppercase: true)
        case .swift: "\\u{" + HexText.digits(value, minimumCount: 1) + "}"
        }
    }
}
