import RealmSchema

/// Where a document came from, kept small so that forward references can be located after
/// the document itself is gone (its bytes are re-read from the file, on the error path only).
struct DocumentOrigin {
    let source: JSONDocumentSource
    /// The document's own copy of its bytes, when it has one (read ahead from a pipe).
    let text: [UInt8]?
    let start: TextPosition
    let byteCount: Int
    /// The document's own path in the input (`/3`, `/Person/0`, empty for NDJSON).
    let path: JSONPath

    init(source: JSONDocumentSource, text: [UInt8]?, start: TextPosition, byteCount: Int, path: JSONPath) {
        self.source = source
        self.text = text
        self.start = start
        self.byteCount = byteCount
        self.path = path
    }

    init(_ document: JSONDocument, in source: JSONDocumentSource) {
        self.source = source
        text = document.text
        start = document.start
        byteCount = document.byteCount
        path = document.path
    }

    /// The same origin without the document's bytes, to keep for long (forward references).
    var withoutText: DocumentOrigin {
        DocumentOrigin(source: source, text: nil, start: start, byteCount: byteCount, path: path)
    }

    /// The document's first byte.
    var location: SourceLocation { source.location(of: start) }

    /// Where the byte at input offset `offset` (inside the document) is; the document's start
    /// when its bytes are gone (a pipe).
    func location(atOffset offset: Int) -> SourceLocation {
        let length = min(max(0, offset - start.offset), byteCount)
        guard let text = text.map({ Array($0.prefix(length)) }) ?? source.bytes(in: start.offset..<(start.offset + length))
        else { return location }
        return source.location(of: text.withUnsafeBytes { start.advanced(over: $0) })
    }

    /// Where the value (or key) at `path`, relative to the document, is in the input; the
    /// document's start when its bytes are gone (a pipe) or the path leads nowhere.
    func location(of path: JSONPath, target: JSONLocator.Target) -> SourceLocation {
        guard !path.isEmpty,
              let text = text ?? source.bytes(in: start.offset..<(start.offset + byteCount)),
              let position = JSONLocator.position(of: path, target: target, in: text, startingAt: start)
        else { return location }
        return source.location(of: position)
    }
}

/// One problem found while converting a document, rendered into a located diagnostic once the
/// document is done (or, for references, once the input is).
struct ImportIssue {
    enum Problem {
        /// A value the Extended JSON decoders rejected for `property` of `className`.
        case value(ExtendedJSONError, PropertySchema, className: String)
        /// Any other message, with an optional hint.
        case message(String, hint: String?)
    }

    var severity: Diagnostic.Severity
    var problem: Problem
    /// Where, relative to the document.
    var path: JSONPath
    var target: JSONLocator.Target
    /// Where in the input, when known more exactly than by `path` (a byte offset; a piece of a
    /// large value that does not decode).
    var offset: Int?

    static func error(_ message: String, hint: String? = nil, at path: JSONPath,
                      target: JSONLocator.Target = .value, offset: Int? = nil) -> ImportIssue {
        ImportIssue(severity: .error, problem: .message(message, hint: hint), path: path, target: target, offset: offset)
    }

    static func value(_ error: ExtendedJSONError, _ property: ImportProperty, className: String,
                      at path: JSONPath) -> ImportIssue {
        ImportIssue(severity: .error, problem: .value(error, property.schema, className: className), path: path,
                    target: .value)
    }

    /// The diagnostic, located in `origin`'s input, with the hint and the JSON path as notes.
    func diagnostic(in origin: DocumentOrigin) -> Diagnostic {
        var fullPath = path
        var target = self.target
        var notes: [String] = []
        let message: String
        switch problem {
        case let .value(error, property, className):
            fullPath = path + error.path
            if case .invalidKey = error.problem { target = .key }
            message = error.message(for: property, in: className)
            if let hint = error.hint { notes.append(hint) }
        case let .message(text, hint):
            message = text
            if let hint { notes.append(hint) }
        }
        notes.append(origin.source.pathNote(origin.path + fullPath))
        if origin.source.shape == .bson { return origin.bsonDiagnostic(self, message, at: fullPath, notes: notes) }
        let location = offset.map(origin.location(atOffset:)) ?? origin.location(of: fullPath, target: target)
        return Diagnostic(severity, message, at: location, notes: notes)
    }
}
