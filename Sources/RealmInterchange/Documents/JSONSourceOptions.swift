/// What a `JSONDocumentSource` needs to know besides the bytes.
public struct JSONSourceOptions: Sendable {
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
    /// A document from this size on (1 MiB by default, the buffer's size) leaves out the values
    /// of its streamed keys of a sixteenth of this size (64 KiB) or more.
    public var largeDocumentBytes: Int
    /// Whether the input is BSON: told (`--type bson`, `--type json`) or, by default, detected
    /// from its first bytes (`BSONDetection`).
    public var bson: BSONDetection = .detect

    public init(classNames: Set<String>? = nil, bufferSize: Int = 1 << 20, streamedKeys: [String: Set<String>] = [:],
                defaultClassName: String? = nil, largeDocumentBytes: Int = 1 << 20) {
        self.classNames = classNames
        self.bufferSize = bufferSize
        self.streamedKeys = streamedKeys
        self.defaultClassName = defaultClassName
        self.largeDocumentBytes = largeDocumentBytes
    }
}
