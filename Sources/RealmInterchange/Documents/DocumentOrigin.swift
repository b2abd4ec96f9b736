import RealmSchema

/// Where a document came from, kept small so that forward references can be located after
/// the document itself is gone (its bytes are re-read from the file, on the error path only).
struct DocumentOrigin {
    let source: DocumentSource
    /// The document's own copy of its bytes, when it has one (read ahead from a pipe).
    let text: [UInt8]?
    let start: TextPosition
    let byteCount: Int
    /// The document's own path in the input (`/3`, `/Person/0`, empty for NDJSON).
    let path: JSONPath

    init(source: DocumentSource, text: [UInt8]?, start: TextPosition, byteCount: Int, path: JSONPath) {
        self.source = source
        self.text = text
        self.start = start
        self.byteCount = byteCount
        self.path = path
    }

    init(_ document: JSONDocument, in source: DocumentSource) {
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
