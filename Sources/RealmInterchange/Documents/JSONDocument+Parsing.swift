internal import CJansson
import RealmSchema

/// Decoding a whole text as one value, for tests and small inputs (schema defaults, command
/// arguments); streaming input goes through `DocumentSource`.
extension JSONDocument {
    /// Decodes `text` as exactly one JSON value of any kind (an object, a scalar, …) with the
    /// same rules as a source: duplicate keys rejected, `\u0000` allowed.
    ///
    /// - Throws: `SourceError` of kind `.malformed`, located in a file named `name`.
    public static func parse(_ text: String, name: String = "<string>") throws(SourceError) -> JSONDocument {
        let bytes = Array(text.utf8)
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
        var failure = json_error_t()
        _ = JanssonAllocator.install
        let root = text.withCString { json_loadb($0, bytes.count, flags, &failure) }
        if let root {
            return JSONDocument(root: root, className: nil, index: 0, path: [], file: name, start: .start,
                                byteCount: bytes.count)
        }
        let problem = JanssonFailure(failure)
        let (message, culprit) = bytes.withUnsafeBytes { raw in
            (problem.message(in: raw, documentStart: .start),
             TextPosition.start.advanced(over: UnsafeRawBufferPointer(rebasing: raw.prefix(problem.blamedOffset(in: raw)))))
        }
        let location = SourceLocation(file: name, line: culprit.line, column: culprit.column)
        throw SourceError(.malformed, .error(message, at: location))
    }
}
