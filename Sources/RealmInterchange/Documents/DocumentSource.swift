import Foundation
import Glibc
import RealmSchema

/// Streams the documents of one input (a file or stdin) with bounded memory, in any
/// `InputFormat`: the source reads the bytes and keeps the documents' trees; its
/// `DocumentReader`, chosen once the format is known (told, or detected from the first
/// bytes), reads the format's structure (for JSON, a top-level array of objects, NDJSON or a
/// multi-class object: see `JSONInputShape` for the rule).
///
/// The input is read in chunks into one buffer (1 MiB by default) that grows only for a
/// document larger than it; jansson decodes one document at a time, so memory is bounded by
/// the largest document, not the file. Errors are `SourceError`s whose diagnostics carry
/// the file, 1-based line and column (in Unicode scalars) of the culprit in the whole input.
///
/// For example:
///
///     let source = try DocumentSource(path: "people.ndjson")
///     while let document = try source.next() {
///         document.withRoot { root in print(root["name"]?.stringValue ?? "?") }
///     }
public final class DocumentSource {
    /// The input's name in diagnostics (the path as the user gave it, `<stdin>` for `-`).
    public let name: String
    /// The input's format, told (`SourceOptions.format`) or detected; nil until the first call
    /// to `next()`.
    public internal(set) var format: InputFormat?
    /// A JSON input's detected layout; nil until the first call to `next()`, and for other formats.
    public internal(set) var shape: JSONInputShape?
    /// The input's size when known (a regular file), for progress bars.
    public let totalBytes: Int?
    /// Called with `bytesConsumed` whenever a chunk of input is read.
    public var progressHandler: ((Int) -> Void)?
    /// When set, reading through a `DocumentPrefetcher` (as the importer does) stops with an
    /// error of kind `.interrupted` once it is interrupted.
    public var interruption: InputInterruption?

    let options: SourceOptions
    let buffer: InputBuffer
    /// The next unread byte.
    var cursor = TextPosition.start
    var state = SourceState.start
    /// Documents read so far in the current array (or class array, or NDJSON input).
    var elementIndex = 0
    /// Class keys seen in a multi-class input, to reject duplicates.
    var seenClasses: Set<String> = []
    /// Held around reading while a `DocumentPrefetcher` reads ahead on another thread, so that
    /// the buffer can be looked at from the importer's (see `bytes(in:)`).
    var readLock: NSLock?
    /// Where the documents being decoded keep their trees (see `JanssonArena`).
    var arena = JanssonArena()
    /// The most bytes one document may have (`SourceOptions.maxDocumentBytes`), for the format
    /// read: the text default until the format is known.
    var documentLimit: Int
    /// The format's reader: set when the format is known (see `DocumentReader`).
    var reader: (any DocumentReader)?
    /// The file's own bytes under a decompressor or CSV reader, counting how many were read.
    var fileStream: DescriptorStream?
    /// The path the input was opened from (`-` for stdin); nil for bytes in memory. A Realm
    /// file is read through its path (memory-mapped), not through the buffer.
    private(set) var path: String?

    /// Reads the file at `path`, or stdin when `path` is `-`; gzip, xz and zstd input (recognised by
    /// their first bytes, not the name) are decompressed as they are read.
    ///
    /// - Throws: `SourceError` of kind `.io` when the file cannot be opened, of kind
    ///   `.malformed` for zstd input (not supported).
    public convenience init(path: String, options: SourceOptions = SourceOptions()) throws(SourceError) {
        let (input, name, size, file) = try Self.open(path)
        self.init(input: input, name: name, size: size, options: options)
        fileStream = file
        self.path = path
    }

    /// The input at `path` (`-`: stdin), its name in diagnostics and its size when known:
    /// a descriptor for plain files, a stream for pipes and compressed files (with the stream
    /// of the file's own bytes under it).
    static func open(_ path: String) throws(SourceError) -> (InputBuffer.Input, String, Int?, DescriptorStream?) {
        let name = path == "-" ? "<stdin>" : path
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SourceError(.io, .error(JSONMessages.openFailed(path, code: errno)))
            }
        }
        let closes = path != "-"
        var status = stat()
        let regular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        var prefix: [UInt8] = []
        let magic: [UInt8]
        if regular {
            magic = CompressionFormat.magic(ofFile: descriptor)
        } else {
            do {
                prefix = try DescriptorStream.peek(descriptor, name: name, count: CompressionFormat.magicLength)
            } catch {
                if closes { close(descriptor) }
                throw error
            }
            magic = prefix
        }
        let format = CompressionFormat(magic: magic)
        if format == .none && regular {
            return (.descriptor(descriptor, closes: closes, seekable: true), name, Int(status.st_size), nil)
        }
        let raw = DescriptorStream(descriptor: descriptor, name: name, closes: closes, prefix: prefix)
        switch format {
        case .gzip: return (.stream(GzipInflater(raw, name: name)), name, nil, raw)
        case .xz: return (.stream(XZDecoder(raw, name: name)), name, nil, raw)
        case .zstd: return (.stream(ZstdDecoder(raw, name: name)), name, nil, raw)
        case .none: return (.stream(raw), name, nil, raw)
        }
    }

    /// Reads bytes held in memory, named `name` in diagnostics.
    public convenience init(bytes: [UInt8], name: String, options: SourceOptions = SourceOptions()) {
        self.init(input: .memory(bytes), name: name, size: bytes.count, options: options)
    }

    init(input: InputBuffer.Input, name: String, size: Int?, options: SourceOptions) {
        self.name = name
        self.totalBytes = size
        self.options = options
        documentLimit = options.maxDocumentBytes(for: nil)
        self.buffer = InputBuffer(input: input, name: name, capacity: options.bufferSize)
    }

    /// Bytes of the input consumed so far (up to the end of the last document).
    public var bytesConsumed: Int { cursor.offset }

    /// Bytes of the input's file consumed so far: `bytesConsumed` for a plain file; for
    /// compressed or CSV input, whose text is made from the file's bytes, the file's bytes read.
    public var fileBytesConsumed: Int { fileStream?.bytesRead ?? bytesConsumed }

    /// The buffer's current size in bytes: the initial size unless a larger document came.
    public var bufferCapacity: Int { buffer.capacity }

    /// Whether reading has ended (the input was exhausted or a fatal error was reported).
    public var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The next document, or nil at the end of the input.
    ///
    /// - Throws: `SourceError`. After an error of kind `.notAnObject` or `.invalidDocument`
    ///   the offending value has been skipped and reading may go on; after any other error
    ///   `next()` returns nil.
    public func next() throws(SourceError) -> JSONDocument? {
        do throws(SourceError) {
            if case .start = state { try startReading() }
            if case .finished = state { return nil }
            return try reader?.next(in: self)
        } catch {
            if !error.isRecoverable { state = .finished }
            throw error
        }
    }

    /// Settles the format and starts its reader now rather than at the first `next()`, for a
    /// caller that must know the reader before reading (the importer, for a Realm file); an
    /// error ends reading as it would in `next()`.
    func settleFormat() throws(SourceError) {
        guard case .start = state else { return }
        do throws(SourceError) {
            try startReading()
        } catch {
            if !error.isRecoverable { state = .finished }
            throw error
        }
    }

    /// Settles the format (told, else detected from the first bytes) and its reader, which
    /// reads what comes before the first document.
    private func startReading() throws(SourceError) {
        let reader: any DocumentReader
        if let given = self.reader {
            reader = given
        } else if let told = options.format {
            reader = told.makeReader()
        } else {
            reader = try InputFormat.detected(in: self).makeReader()
        }
        self.reader = reader
        format = reader.format
        documentLimit = reader.textLimit(forDocumentLimit: options.maxDocumentBytes(for: reader.format))
        try reader.start(self)
    }

    /// A diagnostic at `position` in this input.
    func error(_ message: String, at position: TextPosition, kind: SourceError.Kind = .malformed) -> SourceError {
        SourceError(kind, .error(message, at: location(of: position)))
    }

    /// `position` as a `SourceLocation` in this input (in the user's file, for text a reader
    /// made from it, as the CSV reader does).
    func location(of position: TextPosition) -> SourceLocation {
        if let reader { return reader.location(of: position, file: name) }
        return SourceLocation(file: name, line: position.line, column: position.column)
    }

    /// The note naming where in a document a problem is, in the format's terms.
    func pathNote(_ path: JSONPath) -> String {
        reader?.pathNote(path) ?? JSONMessages.pathNote(path)
    }

    /// Whether the reading thread converts lists of embedded objects too (`DocumentReader`).
    var preparesEmbeddedLists: Bool { reader?.preparesEmbeddedLists ?? false }
}
