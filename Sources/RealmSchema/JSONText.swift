/// JSON text helpers shared by everything that writes small JSON documents as strings
/// (JSON Schema files, `--error-format json` diagnostics). The exporter streams bytes and has
/// its own writer for speed.
public enum JSONText {
    /// A JSON string literal (RFC 8259): `"`, `\` and control characters escaped, everything
    /// else, non-ASCII included, as is.
    ///
    /// For example: `JSONText.quoted("a\"b\n")` is `"a\"b\n"` with the quote and newline escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
