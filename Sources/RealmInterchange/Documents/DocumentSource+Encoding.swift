/// UTF-16 and UTF-32 input, refused with a message that names its encoding and how to convert
/// it (`WideTextEncoding` tells it from the first bytes), rather than read as UTF-8 JSON (a
/// syntax error) or taken for BSON.
extension DocumentSource {
    /// The UTF-16 or UTF-32 encoding the input's first bytes show, and whether by a byte-order
    /// mark; nil for anything else. With `orBSON`, a pattern that starts a well-framed BSON
    /// document (`startsWellFramedBSON()`: `7B 00 00 00` is also the length of a 123-byte
    /// document, `FE FF 00 00` that of a 65,534-byte one) is BSON, not text.
    func wideTextEncoding(orBSON: Bool) throws(SourceError) -> (encoding: WideTextEncoding, byteOrderMark: Bool)? {
        var prefix: [UInt8] = []
        while prefix.count < WideTextEncoding.sniffedLength, let byte = try peek(prefix.count) {
            prefix.append(byte)
        }
        guard let found = WideTextEncoding.sniff(prefix) else { return nil }
        if orBSON, try startsBSON(), try startsWellFramedBSON() { return nil }
        return found
    }

    /// Throws `.malformed`, located at the input's start, when the input is UTF-16 or UTF-32
    /// text (`wideTextEncoding(orBSON:)`).
    func refuseWideText(orBSON: Bool) throws(SourceError) {
        guard let (encoding, byteOrderMark) = try wideTextEncoding(orBSON: orBSON) else { return }
        throw encoding.refusal(of: name, byteOrderMark: byteOrderMark)
    }
}
