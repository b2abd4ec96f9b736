/// JSON text helpers shared by everything that writes small JSON documents as strings
/// (JSON Schema files, `--error-format json` diagnostics). The exporter streams bytes and has
/// its own writer for speed.
public enum JSONText {
    /// A JSON string literal (RFC 8259): `"`, `\` and control characters escaped, everything
    /// else, non-ASCII included, as is.
    ///
    /// For example: `JSONText.quoted("a\"b\n")` is `"a\"b\n"` with the quote and newline escaped.
    public static func quoted(_ text: String) -> String {
        QuotedString.quoted(text, style: .json)
    }
}
