internal import CJansson
import RealmSchema

/// BSON input: documents one after another, each a little-endian int32 length and that many
/// bytes, as `mongodump` writes a collection (plain, or gzip-compressed with `--gzip`: the
/// source decompresses it as it reads). Each document's length is checked before its bytes are
/// read (at most 16 MiB, as MongoDB), so memory stays bounded by the largest document; its
/// tree is built by `BSONTreeBuilder`, and the importer takes it from there as it does JSON.
///
/// A document's number (1-based) stands in its `start.line`; a BSON input has no lines.
final class BSONReader: DocumentReader {
    /// The class of the documents named by the file's name (`classFromFileName()`), if any.
    private var className: String?

    var format: InputFormat { .bson }

    func start(_ source: DocumentSource) throws(SourceError) {
        className = source.classFromFileName()
        source.state = .sequence
    }

    func next(in source: DocumentSource) throws(SourceError) -> JSONDocument? {
        try source.nextBSONDocument(className: className)
    }

    func pathNote(_ path: JSONPath) -> String {
        BSONMessages.pathNote(path)
    }

    /// The document's number and first byte, and the element's first byte when its bytes are held.
    func placeNote(of path: JSONPath, in origin: DocumentOrigin) -> String? {
        origin.bsonPlace(of: path)
    }

    /// A refused value in BSON's terms: its element's BSON type, the user's field path, advice
    /// for a BSON file (`BSONValueProblem`).
    func valueProblem(_ error: ExtendedJSONError, property: PropertySchema, className: String, at path: JSONPath,
                      in origin: DocumentOrigin) -> ValueProblem? {
        guard let bytes = origin.bsonBytes else { return nil }
        return BSONValueProblem.reword(error, property: property, className: className, at: path, in: bytes)
    }

    /// Hints that tell how to write a value in Extended JSON do not apply to BSON.
    var writesExtendedJSON: Bool { false }

    /// Reading BSON leaves the reading thread time to spare.
    var preparesEmbeddedLists: Bool { true }

    func classNeeded(input: String, classes: [String]) -> String {
        BSONMessages.classNeeded(input, classes: classes)
    }

    /// A wrapper is a typed value unless its element is an embedded document (whose first name
    /// is a keyword: `{"$oid": 1}` as a map).
    func holdsTypedValue(at path: JSONPath, in origin: DocumentOrigin) -> Bool {
        guard let bytes = origin.bsonBytes, let element = BSONLocator.element(on: path, in: bytes),
              element.depth == path.components.count else { return false }
        return element.type != 0x03
    }
}

extension DocumentSource {
    /// Whether the input starts as BSON does: a plausible document length (5 bytes to 16 MiB,
    /// so its fourth byte is 0 or 1, which JSON and CSV text never has) followed by an element
    /// type (or the 0 of an empty document).
    func startsBSON() throws(SourceError) -> Bool {
        guard let type = try peek(4) else { return false }
        let length = documentLength(at: cursor.offset)
        guard (5...BSONMessages.maxDocumentBytes).contains(length) else { return false }
        return type == 0 ? length == 5 : (0x01...0x13).contains(type) || type == 0x7F || type == 0xFF
    }

    /// Whether the top level of the document at the cursor is framed as BSON: every element a
    /// known type, its name a C string and its value within the document (by the lengths the
    /// value holds), the last one followed by the document's final 0. Reads no further than
    /// the first element that does not fit, so that UTF-16 or UTF-32 text whose first bytes
    /// look like a BSON length (`7B 00 0A 00`) is told apart after a few bytes
    /// (`wideTextEncoding()`); nested documents are not walked.
    func startsWellFramedBSON() throws(SourceError) -> Bool {
        guard try peek(3) != nil else { return false }
        let length = documentLength(at: cursor.offset)
        guard (5...BSONMessages.maxDocumentBytes).contains(length) else { return false }
        let last = length - 1
        var position = 4
        func int32(_ offset: Int) throws(SourceError) -> Int? {
            guard offset + 4 <= last, try peek(offset + 3) != nil else { return nil }
            return documentLength(at: cursor.offset + offset)
        }
        func cString(_ offset: Int) throws(SourceError) -> Int? {
            var index = offset
            while index < last, let byte = try peek(index) {
                if byte == 0 { return index + 1 }
                index += 1
            }
            return nil
        }
        while position < last {
            guard let type = try peek(position), type != 0, let valueStart = try cString(position + 1) else { return false }
            let end: Int?
            switch type {
            case 0x01, 0x09, 0x11, 0x12: end = valueStart + 8
            case 0x02, 0x0D, 0x0E: end = try int32(valueStart).flatMap { $0 >= 1 ? valueStart + 4 + $0 : nil }
            case 0x03, 0x04: end = try int32(valueStart).flatMap { $0 >= 5 ? valueStart + $0 : nil }
            case 0x05: end = try int32(valueStart).flatMap { $0 >= 0 ? valueStart + 5 + $0 : nil }
            case 0x06, 0x0A, 0x7F, 0xFF: end = valueStart
            case 0x07: end = valueStart + 12
            case 0x08: end = valueStart + 1
            case 0x0B:
                if let options = try cString(valueStart) { end = try cString(options) } else { end = nil }
            case 0x0C: end = try int32(valueStart).flatMap { $0 >= 1 ? valueStart + 4 + $0 + 12 : nil }
            case 0x0F: end = try int32(valueStart).flatMap { $0 >= 14 ? valueStart + $0 : nil }
            case 0x10: end = valueStart + 4
            case 0x13: end = valueStart + 16
            default: end = nil
            }
            guard let end, end <= last else { return false }
            position = end
        }
        return try peek(last) == 0
    }

    /// The little-endian int32 at input offset `offset` (held in the buffer).
    private func documentLength(at offset: Int) -> Int {
        Int(Int32(littleEndian: buffer.pointer(at: offset).loadUnaligned(as: Int32.self)))
    }

    /// The next BSON document, or nil at the end of the input; its class is `className`.
    ///
    /// - Throws: `.malformed` (reading stops) when a length is cut off, out of bounds or not
    ///   where the document's final 0 is; `.invalidDocument` (the document is skipped) for a
    ///   problem inside a document.
    func nextBSONDocument(className: String?) throws(SourceError) -> JSONDocument? {
        let start = cursor.offset
        let number = elementIndex + 1
        guard try peek() != nil else {
            state = .finished
            return nil
        }
        guard try peek(3) != nil else {
            throw bsonError(BSONMessages.lengthCut(have: buffer.end - start), document: number, start: start)
        }
        let length = documentLength(at: start)
        guard length >= 5 else { throw bsonError(BSONMessages.lengthTooSmall(length), document: number, start: start) }
        guard length <= documentLimit else {
            throw bsonError(BSONMessages.lengthTooLarge(length, limit: documentLimit), document: number, start: start)
        }
        guard try peek(length - 1) != nil else {
            throw bsonError(BSONMessages.documentCut(have: buffer.end - start, length: length), document: number, start: start)
        }
        let bytes = UnsafeRawBufferPointer(start: buffer.pointer(at: start), count: length)
        guard bytes[length - 1] == 0 else { throw bsonError(BSONMessages.missingTerminator, document: number, start: start) }
        if arena.allocatedBytes >= JanssonArena.generationBytes { arena = JanssonArena() }
        let built = JanssonAllocator.decode(into: arena) {
            Result { () throws(BSONTreeBuilder.Failure) in
                try BSONTreeBuilder.tree(of: bytes, at: start, knownKeys: largeFieldKeys(for: className).known)
            }
        }
        // Read ahead from a pipe, the bytes may be gone when a problem needs locating.
        let text = readLock != nil && !buffer.canReread ? Array(bytes) : nil
        cursor = TextPosition(offset: start + length, line: number + 1, column: 1)
        elementIndex += 1
        if length > buffer.initialCapacity { buffer.shrink(keeping: cursor.offset) }
        switch built {
        case .success(let root):
            return JSONDocument(root: root, className: className, index: number - 1, path: [], file: name,
                                start: TextPosition(offset: start, line: number, column: 1), byteCount: length,
                                text: text, arena: arena)
        case .failure(let failure):
            throw bsonError(failure.message, document: number, start: start, element: failure.offset,
                            path: JSONPath(failure.path), kind: .invalidDocument)
        }
    }

    /// Without `--class`, the class of a mongodump file's documents: the file's name less
    /// `.bson` (and `.gz`) when that is a class of the schema, as mongorestore takes the
    /// collection from the file name (`dump/shop/Person.bson` holds `Person` objects).
    func classFromFileName() -> String? {
        guard options.defaultClassName == nil, let classNames = options.classNames else { return nil }
        var base = Substring(name.split(separator: "/").last ?? "")
        for suffix in [".gz", ".bson"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        return classNames.contains(String(base)) ? String(base) : nil
    }

    /// A reading error placed by document number and byte offsets, with the field path.
    private func bsonError(_ message: String, document: Int, start: Int, element: Int? = nil, path: JSONPath = [],
                           kind: SourceError.Kind = .malformed) -> SourceError {
        var notes = [BSONMessages.placeNote(file: name, document: document, start: start, element: element)]
        if !path.isEmpty { notes.append(BSONMessages.pathNote(path)) }
        return SourceError(kind, .error(message, notes: notes))
    }
}

extension DocumentOrigin {
    /// The note placing the value at `path` (relative to the document) of a BSON document: the
    /// document's number and first byte, and the element's first byte when its bytes are held.
    func bsonPlace(of path: JSONPath) -> String {
        let element = bsonBytes.flatMap { BSONLocator.offset(of: path, in: $0) }.map { start.offset + $0 }
        return BSONMessages.placeNote(file: source.name, document: start.line, start: start.offset, element: element)
    }

    /// The document's bytes, when they are still held.
    var bsonBytes: [UInt8]? {
        text ?? source.bytes(in: start.offset..<(start.offset + byteCount))
    }
}
