/// What a `DocumentSource` needs to know besides the bytes.
public struct SourceOptions: Sendable {
    /// The schema's class names: with them, `{"K": [` starts a multi-class input only when `K`
    /// is a class, and a later key of a multi-class input that is not a class is an error.
    public var classNames: Set<String>?
    /// The initial buffer size in bytes (default 1 MiB); it grows only for a larger document.
    public var bufferSize: Int
    /// Top-level keys, by class, whose large arrays and objects a large document leaves out of
    /// its decoded tree, for the reader to decode piece by piece (`JSONDocument.deferredRange(of:)`);
    /// `defaultClassName` is the class of documents of an array or NDJSON input.
    public var streamedKeys: [String: Set<String>]
    public var defaultClassName: String?
    /// By class, the top-level keys that name a property: a large document leaves the large
    /// values of its other keys (ignored keys) out of its tree, as null, without building them.
    public var knownKeys: [String: Set<String>] = [:]
    /// A document from this size on (1 MiB by default, the buffer's size) leaves out the values
    /// of its streamed keys of a sixteenth of this size (64 KiB) or more.
    public var largeDocumentBytes: Int
    /// The input's format when told (`--type json`, `--type bson`); nil: detected from its
    /// first bytes (`InputFormat.isDetected`). CSV and TSV sources are made by
    /// `Importer.tableSource(path:format:fields:)`, which transcodes their rows.
    public var format: InputFormat?
    /// By class, the stored names of `data` properties that keep a binary subtype
    /// (`subtype: 9`), and that subtype: a format whose binaries have no subtype (a `.realm`
    /// file's) gives its data that subtype (docs/schema-rules.md, section 1.7).
    public var binarySubtypes: [String: [String: UInt8]] = [:]
    /// The most bytes one document may have (`--max-document-size`): a longer one is an error
    /// located at its start, read no further than the limit. Nil: `defaultMaxBSONBytes` for
    /// BSON, `defaultMaxTextBytes` for JSON text and for a CSV or TSV row.
    public var maxDocumentBytes: Int?

    /// MongoDB's limit for one BSON document, 16 MiB.
    public static let defaultMaxBSONBytes = BSONMessages.maxDocumentBytes
    /// The default limit of one JSON document or CSV row, 64 MiB: four times BSON's, as the
    /// Extended JSON text of a document is larger than its BSON (`{"$numberLong": "…"}`,
    /// base64 binaries, escaped strings).
    public static let defaultMaxTextBytes = 4 * defaultMaxBSONBytes

    public init(classNames: Set<String>? = nil, bufferSize: Int = 1 << 20, streamedKeys: [String: Set<String>] = [:],
                defaultClassName: String? = nil, largeDocumentBytes: Int = 1 << 20) {
        self.classNames = classNames
        self.bufferSize = bufferSize
        self.streamedKeys = streamedKeys
        self.defaultClassName = defaultClassName
        self.largeDocumentBytes = largeDocumentBytes
    }

    /// The limit for one document of `format` (nil: not known yet, text).
    func maxDocumentBytes(for format: InputFormat?) -> Int {
        maxDocumentBytes ?? (format == .bson ? Self.defaultMaxBSONBytes : Self.defaultMaxTextBytes)
    }
}
