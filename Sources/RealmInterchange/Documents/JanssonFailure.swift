internal import CJansson
import Foundation

/// jansson's report of a decoding failure, turned into the offset to blame and a message.
///
/// jansson's `position` is the number of bytes it had read when it gave up; for most errors
/// its text ends with `near '<token so far>'`, so the token starts that many bytes earlier.
struct JanssonFailure {
    let code: json_error_code
    /// Bytes read when decoding stopped, relative to the start of the decoded text.
    let position: Int
    /// jansson's message, e.g. `invalid token near 'tru'`.
    let text: String

    init(_ error: json_error_t) {
        var error = error
        code = json_error_code(&error)
        position = max(0, Int(error.position))
        text = withUnsafeBytes(of: error.text) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether the input ended inside the value.
    var isTruncation: Bool {
        code == json_error_premature_end_of_input || text.hasSuffix("near end of file")
    }

    /// The token jansson quotes in `near '…'`, if any.
    private var nearText: String? {
        guard text.hasSuffix("'"), let marker = text.range(of: " near '") else { return nil }
        return String(text[marker.upperBound...].dropLast())
    }

    /// The offset (relative to `bytes`, the decoded text) of the first byte of the culprit.
    func blamedOffset(in bytes: UnsafeRawBufferPointer) -> Int {
        let end = min(position, bytes.count)
        if code == json_error_invalid_utf8 || isTruncation { return end }
        if code == json_error_duplicate_key { return Self.stringStart(endingBefore: end, in: bytes) }
        if let nearText { return max(0, end - nearText.utf8.count) }
        return max(0, end - 1)
    }

    /// The message for the diagnostic; `start` is where the document begins.
    func message(in bytes: UnsafeRawBufferPointer, documentStart start: TextPosition) -> String {
        let offset = blamedOffset(in: bytes)
        switch code {
        case _ where isTruncation:
            return JSONMessages.truncated(documentStart: start)
        case json_error_invalid_utf8:
            return JSONMessages.invalidUTF8(byte: offset < bytes.count ? bytes[offset] : nil)
        case json_error_duplicate_key:
            let end = min(position, bytes.count)
            let key = offset + 1 < end - 1 ? Array(bytes[(offset + 1)..<(end - 1)]) : []
            return JSONMessages.duplicateKey(String(decoding: key, as: UTF8.self))
        case json_error_stack_overflow:
            return JSONMessages.nestedTooDeep(Int(JSON_PARSER_MAX_DEPTH))
        case json_error_numeric_overflow:
            return JSONMessages.numberOutOfRange(text)
        default:
            return JSONMessages.malformed(text)
        }
    }

    /// The offset of the opening quote of the string whose closing quote is at `end - 1`:
    /// the nearest earlier `"` not escaped by an odd run of backslashes.
    static func stringStart(endingBefore end: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var index = end - 2
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "\"") {
                var backslashes = 0
                while index - backslashes - 1 >= 0 && bytes[index - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return index }
            }
            index -= 1
        }
        return max(0, end - 1)
    }
}
