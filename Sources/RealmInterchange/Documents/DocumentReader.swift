import RealmSchema

/// One format's way of reading documents out of a `DocumentSource`, the seam between the
/// importer and the formats (mongoimport's `InputReader`): the source owns the bytes (the
/// buffer, the cursor, the arena the documents' trees live in, the lock a reading thread
/// holds); a reader knows its format's structure around and inside documents, and how to say
/// where a problem is in it. The importer sees only the documents and asks the reader how to
/// place and word what it finds.
///
/// A reader is chosen once a source knows its format (`InputFormat.makeReader()`): told by
/// `--type`, detected from the first bytes (JSON, BSON), or given when the source is made
/// (CSV, TSV, whose rows the reader transcodes).
///
/// For example, the BSON reader's place of a value is a note of byte offsets, as a binary file
/// has no lines:
///
///     reader.placeNote(of: [.key("dogs"), .index(0)], in: origin)
///     // "Person.bson: document 3 (bytes 210-330), element at byte 254"
protocol DocumentReader: AnyObject {
    /// The format read.
    var format: InputFormat { get }

    /// Reads what comes before the first document (the JSON reader detects the layout here)
    /// and leaves the source ready for `next(in:)`.
    func start(_ source: DocumentSource) throws(SourceError)

    /// The next document of `source`, or nil at the end of the input.
    ///
    /// - Throws: `SourceError`; after a recoverable one (`isRecoverable`) reading may go on.
    func next(in source: DocumentSource) throws(SourceError) -> JSONDocument?

    /// The most bytes of text the source may hold for one document of at most `limit` bytes
    /// in the user's file (`--max-document-size`): `limit` itself, unless the reader makes
    /// the text it decodes (CSV).
    func textLimit(forDocumentLimit limit: Int) -> Int

    /// `position`, in the bytes the source reads, as a location in the user's file `file`.
    func location(of position: TextPosition, file: String) -> SourceLocation

    /// The note naming where in a document a problem is: a JSON path, a CSV column, a BSON
    /// field path.
    func pathNote(_ path: JSONPath) -> String

    /// A note placing the value at `path` (relative to the document) of `origin`'s document,
    /// for a format without lines and columns; nil when the diagnostic is located by line
    /// and column instead.
    func placeNote(of path: JSONPath, in origin: DocumentOrigin) -> String?

    /// A value the decoders refused (`error`, at `path` of `origin`'s document), worded in this
    /// format's terms; nil keeps the Extended JSON wording (JSON, CSV).
    func valueProblem(_ error: ExtendedJSONError, property: PropertySchema, className: String, at path: JSONPath,
                      in origin: DocumentOrigin) -> ValueProblem?

    /// Whether the input writes values as Extended JSON text, so that a hint on how to write a
    /// value there (`wrap it: {"$date": …}`) helps its author.
    var writesExtendedJSON: Bool { get }

    /// Whether the reading thread also converts lists of embedded objects, for a format whose
    /// reading leaves that thread time to spare (BSON).
    var preparesEmbeddedLists: Bool { get }

    /// The message for documents of no class, without `--class`, in this format's terms.
    func classNeeded(input: String, classes: [String]) -> String

    /// Whether the Extended JSON wrapper at `path` of `origin`'s document is a typed value of
    /// the input (a BSON ObjectId, date, Decimal128 or binary) rather than an object that looks
    /// like one, so that it never fills a map. False for JSON: a map property's object is a map,
    /// whatever its keys (`{"$oid": 1}` for an `int{}` is the key `$oid`), as export writes it.
    func holdsTypedValue(at path: JSONPath, in origin: DocumentOrigin) -> Bool
}

extension DocumentReader {
    func textLimit(forDocumentLimit limit: Int) -> Int { limit }

    func location(of position: TextPosition, file: String) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    func placeNote(of path: JSONPath, in origin: DocumentOrigin) -> String? { nil }

    func valueProblem(_ error: ExtendedJSONError, property: PropertySchema, className: String, at path: JSONPath,
                      in origin: DocumentOrigin) -> ValueProblem? { nil }

    var writesExtendedJSON: Bool { true }

    var preparesEmbeddedLists: Bool { false }

    func holdsTypedValue(at path: JSONPath, in origin: DocumentOrigin) -> Bool { false }
}

/// A refused value as a format words it: the message, a hint, and the path to place it at.
struct ValueProblem {
    var message: String
    var hint: String?
    var path: JSONPath
}
