/// CSV and TSV input (docs/csv.md): each row becomes the JSON object its cells stand for, typed
/// by the schema, and goes through the same conversion, modes and transaction as JSON input.
extension Importer {
    /// A source reading the CSV or TSV file at `path` (`-`: stdin; gzip is recognised by its
    /// first bytes) as objects of `--class`. The first line names the columns unless `fields`
    /// does.
    ///
    /// For example:
    ///
    ///     let importer = try Importer(store: store, options: ImportOptions(className: "Zip"))
    ///     try importer.importInput(importer.tableSource(path: "zips.csv", format: .csv))
    ///     try importer.finish()
    ///
    /// - Throws: `ImportRunError.tableWithoutClass` without `--class`; `SourceError` when
    ///   the file cannot be opened.
    public func tableSource(path: String, format: TableFormat, fields: [String]? = nil) throws -> DocumentSource {
        guard let className = options.className, let plan = plans[className] else {
            let classes = plans.values.filter { !$0.isEmbedded }.map(\.name).sorted()
            throw ImportRunError.tableWithoutClass(input: path == "-" ? "<stdin>" : path, classes: classes)
        }
        let (input, name, _, raw) = try DocumentSource.open(path)
        var file = raw
        let stream: any ByteStream
        switch input {
        case .descriptor(let descriptor, let closes, _):
            let plain = DescriptorStream(descriptor: descriptor, name: name, closes: closes)
            file = plain
            stream = plain
        case .memory(let bytes): stream = MemoryStream(bytes)
        case .stream(let compressed): stream = compressed
        }
        let options = sourceOptions
        let records = CSVRecordReader(stream, format: format, name: name,
                                      maxRecordBytes: options.maxDocumentBytes(for: format == .csv ? .csv : .tsv))
        let transcoder = CSVTranscoder(records, plan: plan, fields: fields)
        let source = DocumentSource(input: .stream(transcoder), name: name, size: nil, options: options)
        source.reader = CSVReader(format, map: transcoder.map)
        source.fileStream = file
        return source
    }
}

/// Bytes held in memory, as a stream.
final class MemoryStream: ByteStream {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        let count = min(maximum, bytes.count - position)
        bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }
}
