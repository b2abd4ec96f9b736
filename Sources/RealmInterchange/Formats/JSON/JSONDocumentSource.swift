import Foundation
import Glibc
import RealmSchema

/// Streams the documents of one input (a file or stdin) with bounded memory: a top-level
/// array of objects, NDJSON, or a multi-class object (see `JSONInputShape` for the rule).
///
/// The input is read in chunks into one buffer (1 MiB by default) that grows only for a
/// document larger than it; jansson decodes one document at a time, so memory is bounded by
/// the largest document, not the file. Errors are `JSONSourceError`s whose diagnostics carry
/// the file, 1-based line and column (in Unicode scalars) of the culprit in the whole input.
///
/// For example:
///
///     let source = try JSONDocumentSource(path: "people.ndjson")
///     while let document = try source.next() {
///         document.withRoot { root in print(root["name"]?.stringValue ?? "?") }
///     }
public final class JSONDocumentSource {
    /// The input's name in diagnostics (the path as the user gave it, `<stdin>` for `-`).
    public let name: String
    /// The detected shape; nil until the first call to `next()`.
    public internal(set) var shape: JSONInputShape?
    /// The input's size when known (a regular file), for progress bars.
    public let totalBytes: Int?
    /// Called with `bytesConsumed` whenever a chunk of input is read.
    public var progressHandler: ((Int) -> Void)?
    /// When set, reading through a `DocumentPrefetcher` (as the importer does) stops with an
    /// error of kind `.interrupted` once it is interrupted.
    public var interruption: InputInterruption?

    let options: JSONSourceOptions
    let buffer: JSONInputBuffer
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
    /// The class of a BSON input's documents named by its file name (`classFromFileName()`), if any.
    var bsonClassName: String?
    /// For JSON text made from another format (CSV): where its positions are in the user's file.
    var textMap: (any SourceTextMap)?
    /// The file's own bytes under a decompressor or CSV reader, counting how many were read.
    var fileStream: DescriptorStream?

    /// Reads the file at `path`, or stdin when `path` is `-`; gzip, xz and zstd input (recognised by
    /// their first bytes, not the name) are decompressed as they are read.
    ///
    /// - Throws: `JSONSourceError` of kind `.io` when the file cannot be opened, of kind
    ///   `.invalidJSON` for zstd input (not supported).
    public convenience init(path: String, options: JSONSourceOptions = JSONSourceOptions()) throws(JSONSourceError) {
        let (input, name, size, file) = try Self.open(path)
        self.init(input: input, name: name, size: size, options: options)
        fileStream = file
    }

    /// The input at `path` (`-`: stdin), its name in diagnostics and its size when known:
    /// a descriptor for plain files, a stream for pipes and compressed files (with the stream
    /// of the file's own bytes under it).
    static func open(_ path: String) throws(JSONSourceError) -> (JSONInputBuffer.Input, String, Int?, DescriptorStream?) {
        let name = path == "-" ? "<stdin>" : path
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw JSONSourceError(.io, .error(JSONMessages.openFailed(path, code: errno)))
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
    public convenience init(bytes: [UInt8], name: String, options: JSONSourceOptions = JSONSourceOptions()) {
        self.init(input: .memory(bytes), name: name, size: bytes.count, options: options)
    }

    init(input: JSONInputBuffer.Input, name: String, size: Int?, options: JSONSourceOptions) {
        self.name = name
        self.totalBytes = size
        self.options = options
        self.buffer = JSONInputBuffer(input: input, name: name, capacity: options.bufferSize)
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
    /// - Throws: `JSONSourceError`. After an error of kind `.notAnObject` the offending value
    ///   has been skipped and reading may go on; after any other error `next()` returns nil.
    public func next() throws(JSONSourceError) -> JSONDocument? {
        do throws(JSONSourceError) {
            while true {
                switch state {
                case .finished:
                    return nil
                case .start:
                    try detectShape()
                case .ndjson:
                    if shape == .bson { return try nextBSONDocument() }
                    guard try skipWhitespace() != nil else {
                        if let failure = textMap?.takeFailure() { throw failure }
                        state = .finished
                        return nil
                    }
                    return try decodeDocument(className: nil, path: [])
                case .elements(let className, let afterElement):
                    guard try advanceToElement(afterElement: afterElement, closingClass: className) else { continue }
                    state = .elements(className: className, afterElement: true)
                    let path: JSONPath = className.map { [.key($0), .index(elementIndex)] } ?? [.index(elementIndex)]
                    return try decodeDocument(className: className, path: path)
                case .classKeys(let afterFirst):
                    try advanceToClass(afterFirst: afterFirst)
                }
            }
        } catch {
            if !error.isRecoverable { state = .finished }
            throw error
        }
    }

    /// A diagnostic at `position` in this input.
    func error(_ message: String, at position: TextPosition, kind: JSONSourceError.Kind = .invalidJSON) -> JSONSourceError {
        JSONSourceError(kind, .error(message, at: location(of: position)))
    }

    /// `position` as a `SourceLocation` in this input (in the user's file, for text a
    /// `textMap` made).
    func location(of position: TextPosition) -> SourceLocation {
        if let textMap { return textMap.location(of: position, file: name) }
        return SourceLocation(file: name, line: position.line, column: position.column)
    }

    /// The note naming where in a document a problem is: its JSON path, or a CSV column.
    func pathNote(_ path: JSONPath) -> String {
        textMap?.pathNote(path) ?? (shape == .bson ? BSONMessages.pathNote(path) : JSONMessages.pathNote(path))
    }
}
