import RealmSchema

/// UTF-16 and UTF-32 text, which realm-import does not read (JSON, CSV and TSV input is UTF-8),
/// told by its first bytes so that such an input gets a message naming its encoding instead of
/// a JSON syntax error, or of being taken for BSON: a byte-order mark, or else the zero bytes
/// of two ASCII characters (RFC 4627, section 3): `00 00 00 xx` UTF-32BE, `xx 00 00 00`
/// UTF-32LE, `00 xx 00 xx` UTF-16BE, `xx 00 xx 00` UTF-16LE, where each `xx` is a character
/// JSON or CSV text starts with (tab, line break or printable ASCII).
///
/// A BSON document starts with its little-endian length, so the little-endian patterns and the
/// UTF-16 byte-order marks can be a BSON start too (`7B 00 00 00` is length 123, `FE FF 00 00`
/// length 65,534); `DocumentSource.wideTextEncoding(orBSON:)` settles it by the document's framing.
///
/// For example:
///
///     WideTextEncoding.sniff([0x7B, 0x00, 0x0A, 0x00])    // (.utf16LE, byteOrderMark: false)
enum WideTextEncoding: String, Sendable, CaseIterable {
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case utf32LE = "UTF-32LE"
    case utf32BE = "UTF-32BE"

    /// How many first bytes `sniff` looks at.
    static let sniffedLength = 4

    /// The encoding the first bytes of an input show, and whether by a byte-order mark; nil for
    /// anything else (UTF-8 text, BSON, a Realm file). `prefix` holds the input's first bytes,
    /// up to `sniffedLength` (fewer when the input is shorter).
    static func sniff(_ prefix: [UInt8]) -> (encoding: WideTextEncoding, byteOrderMark: Bool)? {
        let bytes = prefix.prefix(sniffedLength)
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, true) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, true) }
        guard bytes.count == sniffedLength else { return nil }
        let (b0, b1, b2, b3) = (bytes[0], bytes[1], bytes[2], bytes[3])
        func isText(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D || (0x20...0x7E).contains(byte) }
        switch (b0, b1, b2, b3) {
        case (0, 0, 0, let c) where isText(c): return (.utf32BE, false)
        case (let c, 0, 0, 0) where isText(c): return (.utf32LE, false)
        case (0, let c, 0, let d) where isText(c) && isText(d): return (.utf16BE, false)
        case (let c, 0, let d, 0) where isText(c) && isText(d): return (.utf16LE, false)
        default: return nil
        }
    }

    /// The error for input `name` in this encoding: `.malformed`, at its first line, naming the
    /// encoding and how to convert it.
    func refusal(of name: String, byteOrderMark: Bool) -> SourceError {
        SourceError(.malformed, .error(JSONMessages.wideText(name, encoding: rawValue, byteOrderMark: byteOrderMark),
                                       at: SourceLocation(file: name, line: 1, column: 1),
                                       notes: [JSONMessages.convertToUTF8(rawValue)]))
    }
}
