import RealmSchema

/// Reads CSV or TSV input (docs/csv.md): a `CSVTranscoder` turns each row into the JSON
/// object its cells stand for, typed by the schema, one a line; this reader decodes those
/// lines as NDJSON and places every position, path and failure back in the user's rows and
/// cells (`CSVTextMap`).
final class CSVReader: DocumentReader {
    let format: InputFormat
    /// Where the positions of the made text are in the user's file.
    private let map: any SourceTextMap

    init(_ table: TableFormat, map: any SourceTextMap) {
        format = table == .csv ? .csv : .tsv
        self.map = map
    }

    /// Text made from rows: one object a line, whatever its first key.
    func start(_ source: DocumentSource) throws(SourceError) {
        source.shape = .ndjson
        source.state = .sequence
    }

    /// The next row's object; at the end, a problem that ended the rows early.
    func next(in source: DocumentSource) throws(SourceError) -> JSONDocument? {
        if let document = try source.nextJSONDocument() { return document }
        if let failure = map.takeFailure() { throw failure }
        return nil
    }

    /// The JSON line made of a row is longer than the row: a byte of a cell becomes at most
    /// six (`\u0001`), and the keys come on top.
    func textLimit(forDocumentLimit limit: Int) -> Int {
        let (scaled, overflow) = limit.multipliedReportingOverflow(by: 6)
        return overflow ? Int.max / 2 : scaled + (1 << 20)
    }

    func location(of position: TextPosition, file: String) -> SourceLocation {
        map.location(of: position, file: file)
    }

    func pathNote(_ path: JSONPath) -> String {
        map.pathNote(path)
    }

    func classNeeded(input: String, classes: [String]) -> String {
        CSVMessages.classNeeded(input, classes: classes)
    }
}
