internal import CJansson
import RealmSchema

/// One decoded document (a JSON object, usually) and where it came from; owns the jansson
/// tree and releases it when the document goes away.
///
/// For example:
///
///     while let document = try source.next() {
///         try document.withRoot { root in try importObject(root, class: document.className ?? "Person") }
///     }
public final class JSONDocument {
    /// The decoded tree; released in `deinit`.
    let root: UnsafeMutablePointer<json_t>
    /// The class named by a multi-class input (`{"Person": [...]}`); nil for arrays and NDJSON.
    public let className: String?
    /// 0-based position among its siblings: the element index of a top-level array or of its
    /// class's array, or the ordinal of an NDJSON document.
    public let index: Int
    /// Where the document starts (its first byte) in the file, in the project's 1-based form.
    public let location: SourceLocation
    /// Where the document starts: byte offset, line and column in the whole input.
    public let start: TextPosition
    /// The document's length in bytes.
    public let byteCount: Int
    /// For compressed or CSV input, the bytes of the file read when the document was decoded
    /// (its text offsets are not the file's); nil for a plain file.
    public internal(set) var fileBytesRead: Int?
    /// The document's own position in its input as a JSON path: `/3` for the fourth element of
    /// a top-level array, `/Person/3` in a multi-class input, empty for NDJSON and single values.
    public let path: JSONPath
    /// The document's own copy of its bytes, kept when they could not be read again to locate a
    /// problem (read ahead from a pipe); nil when the source still has them.
    let text: [UInt8]?
    /// What the reading thread prepared of the root object for the importer, if anything.
    var preparation: PreparedObject?
    /// The values left out of the tree (empty arrays or objects in it) and their bytes in the
    /// input, for a large document (see `SourceOptions.streamedKeys`).
    let deferred: [UnsafeMutablePointer<json_t>: Range<Int>]
    /// Where the tree's memory is, when it came from a source's arena (released with it);
    /// nil for a tree of single `malloc` blocks, released value by value.
    private let arena: JanssonArena?

    init(root: UnsafeMutablePointer<json_t>, className: String?, index: Int, path: JSONPath, file: String,
         start: TextPosition, byteCount: Int, text: [UInt8]? = nil, arena: JanssonArena? = nil,
         deferred: [UnsafeMutablePointer<json_t>: Range<Int>] = [:]) {
        self.root = root
        self.deferred = deferred
        self.text = text
        self.arena = arena
        self.path = path
        self.className = className
        self.index = index
        self.start = start
        self.byteCount = byteCount
        self.location = SourceLocation(file: file, line: start.line, column: start.column)
    }

    deinit {
        if arena == nil { json_decref(root) }
    }

    /// Calls `body` with the root value; the value must not escape the closure.
    public func withRoot<R, E: Error>(_ body: (JSONValue) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(self) {} }
        return try body(JSONValue(root))
    }

    /// Where the input holds `value` when it was left out of the tree (the tree holds an empty
    /// array or object instead): offsets of its first byte and just past its last.
    func deferredRange(of value: JSONValue) -> Range<Int>? {
        deferred.isEmpty ? nil : deferred[value.raw]
    }

    /// Strings from this many bytes on are emptied once converted (`releaseText(of:)`).
    static let releasedTextBytes = 1 << 20

    /// Empties the string `value` of this document, freeing jansson's copy of its text: for a
    /// long string already converted, which nothing reads from the tree again.
    func releaseText(of value: JSONValue) {
        guard value.kind == .string else { return }
        if let arena {
            JanssonAllocator.decode(into: arena) { _ = json_string_setn_nocheck(value.raw, "", 0) }
        } else {
            json_string_setn_nocheck(value.raw, "", 0)
        }
    }

    /// The kind of the root value (an object for every document a source yields).
    public var kind: JSONKind { JSONValue(root).kind }
}
