import RealmSchema

/// Locations of values inside yielded documents, for the importer's diagnostics. Valid
/// documents carry no positions, so their text is scanned again, on the error path only.
extension DocumentSource {
    /// The document's bytes: its own copy when read ahead from a pipe, from the buffer while
    /// they are held (always for the latest document), else re-read from a regular file; nil
    /// when they are gone (a pipe).
    public func text(of document: JSONDocument) -> [UInt8]? {
        document.text ?? bytes(in: document.start.offset..<(document.start.offset + document.byteCount))
    }

    /// The input's bytes at offsets `range` (see `InputBuffer.bytes(in:)`); safe to call
    /// while a `DocumentPrefetcher` reads ahead.
    func bytes(in range: Range<Int>) -> [UInt8]? {
        readLock?.lock()
        defer { readLock?.unlock() }
        return buffer.bytes(in: range)
    }

    /// Where the value at `path` (relative to the document) is in the input; the document's
    /// own location when its text is gone or the path does not lead anywhere.
    public func location(of path: JSONPath, in document: JSONDocument,
                         target: JSONLocator.Target = .value) -> SourceLocation {
        guard !path.isEmpty, let text = text(of: document),
              let position = JSONLocator.position(of: path, target: target, in: text, startingAt: document.start)
        else { return document.location }
        return location(of: position)
    }

    /// A located diagnostic for a value the Extended JSON decoders rejected: `path` leads from
    /// the document to the value given to the decoder (`["dogs", 0, "age"]`).
    ///
    /// The message is Realm's (`Invalid value '1.1' of type 'real' for 'int' property
    /// 'Dog.age'.`); the notes hold the hint, if any, and the value's JSON path in the input.
    public func diagnostic(for error: ExtendedJSONError, at path: JSONPath, in document: JSONDocument,
                           property: PropertySchema, className: String) -> Diagnostic {
        let fullPath = path + error.path
        var notes = error.hint.map { [$0] } ?? []
        notes.append(pathNote(document.path + fullPath))
        let target: JSONLocator.Target = if case .invalidKey = error.problem { .key } else { .value }
        return .error(error.message(for: property, in: className),
                      at: location(of: fullPath, in: document, target: target), notes: notes)
    }
}
