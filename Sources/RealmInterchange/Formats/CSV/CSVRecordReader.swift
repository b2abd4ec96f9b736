import RealmSchema

/// One cell of a CSV or TSV record: its text and where it starts in the file.
struct CSVCell {
    var bytes: [UInt8]
    /// Written in quotes: `""` is an empty string, an empty unquoted cell is no value.
    var quoted: Bool
    var line: Int
    var column: Int

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Splits delimited text into records, streaming: RFC 4180 for CSV (quoted cells with doubled
/// quotes, line breaks inside quotes, CRLF or LF between records), plain tab-separated cells
/// for TSV. A UTF-8 byte-order mark is skipped; empty lines are skipped; UTF-16 and UTF-32
/// text is an error naming its encoding (`WideTextEncoding`).
///
/// For example:
///
///     let reader = CSVRecordReader(stream, format: .csv, name: "zips.csv")
///     while let record = try reader.next() { print(record.map(\.text)) }
final class CSVRecordReader {
    private let stream: any ByteStream
    private let format: TableFormat
    let name: String
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var chunkCount = 0
    private var index = 0
    private var ended = false
    private var started = false
    /// Where the next byte is.
    private(set) var line = 1
    private(set) var column = 1
    /// The most bytes one record may have (`--max-document-size`); a longer one is an error at
    /// its first line, and its bytes past the limit are not kept.
    private let maxRecordBytes: Int
    /// The bytes of the current record so far, and its first line.
    private var recordBytes = 0
    private var recordLine = 1

    init(_ stream: any ByteStream, format: TableFormat, name: String,
         maxRecordBytes: Int = SourceOptions.defaultMaxTextBytes) {
        self.stream = stream
        self.format = format
        self.name = name
        self.maxRecordBytes = maxRecordBytes
    }

    deinit {
        chunk.deallocate()
    }

    /// The next byte without consuming it; nil at the end.
    private func peek() throws(SourceError) -> UInt8? {
        if index == chunkCount {
            if ended { return nil }
            chunkCount = try stream.read(into: chunk.baseAddress!, maximum: chunk.count)
            index = 0
            if chunkCount == 0 {
                ended = true
                return nil
            }
        }
        return chunk[index]
    }

    private func consume(_ byte: UInt8) throws(SourceError) {
        index += 1
        recordBytes += 1
        if recordBytes > maxRecordBytes {
            throw error(CSVMessages.rowTooLarge(limit: maxRecordBytes), line: recordLine, column: 1)
        }
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    func error(_ message: String, line: Int, column: Int) -> SourceError {
        SourceError(.malformed, .error(message, at: SourceLocation(file: name, line: line, column: column)))
    }

    /// The next record's cells, or nil at the end of the input.
    func next() throws(SourceError) -> [CSVCell]? {
        if !started {
            started = true
            if try peek() != nil, let (encoding, byteOrderMark) = WideTextEncoding.sniff(Array(chunk[index..<chunkCount])) {
                // UTF-16 or UTF-32 text (told by its first read, which holds its first bytes).
                throw encoding.refusal(of: name, byteOrderMark: byteOrderMark)
            }
            if try peek() == 0xEF {
                // A byte-order mark takes no column.
                var mark: [UInt8] = []
                while mark.count < 3, let byte = try peek(), byte == [0xEF, 0xBB, 0xBF][mark.count] {
                    mark.append(byte)
                    index += 1
                }
                if mark.count < 3 { throw error(CSVMessages.invalidUTF8, line: 1, column: 1) }
            }
        }
        // Empty lines between records are skipped.
        while let byte = try peek(), byte == 0x0A || byte == 0x0D {
            try consume(byte)
            recordBytes = 0
        }
        guard try peek() != nil else { return nil }
        recordBytes = 0
        recordLine = line
        var cells: [CSVCell] = []
        while true {
            let (cell, ending) = try readCell()
            cells.append(cell)
            if ending { return cells }
        }
    }

    /// One cell and whether it ended its record (a line break or the end of the input).
    private func readCell() throws(SourceError) -> (CSVCell, Bool) {
        var cell = CSVCell(bytes: [], quoted: false, line: line, column: column)
        if format.quotes, try peek() == UInt8(ascii: "\"") {
            cell.quoted = true
            try consume(UInt8(ascii: "\""))
            while true {
                guard let byte = try peek() else {
                    throw error(CSVMessages.unterminatedQuote, line: cell.line, column: cell.column)
                }
                try consume(byte)
                if byte == UInt8(ascii: "\"") {
                    if try peek() == UInt8(ascii: "\"") {
                        try consume(byte)
                        cell.bytes.append(byte)
                    } else {
                        break
                    }
                } else {
                    cell.bytes.append(byte)
                }
            }
            let (afterLine, afterColumn) = (line, column)
            let ending = try cellEnd(afterQuote: true)
            guard let ending else {
                throw error(CSVMessages.textAfterQuote, line: afterLine, column: afterColumn)
            }
            return (cell, ending)
        }
        while true {
            if let ending = try cellEnd() {
                if cell.bytes.last == 0x0D && ending { cell.bytes.removeLast() }
                return (cell, ending)
            }
            let byte = try peek()!
            if format.quotes && byte == UInt8(ascii: "\"") {
                throw error(CSVMessages.strayQuote, line: line, column: column)
            }
            try consume(byte)
            cell.bytes.append(byte)
        }
    }

    /// Consumes a separator (false), a line break or the end of the input (true); nil,
    /// consuming nothing, before any other byte. After a closing quote a CR must start a CRLF;
    /// in an unquoted cell it is text (the caller drops it before the LF of a CRLF).
    private func cellEnd(afterQuote: Bool = false) throws(SourceError) -> Bool? {
        guard let byte = try peek() else { return true }
        if byte == format.separator {
            try consume(byte)
            return false
        }
        if byte == 0x0A {
            try consume(byte)
            return true
        }
        if byte == 0x0D && afterQuote {
            try consume(byte)
            guard try peek() == 0x0A else { return nil }
            try consume(0x0A)
            return true
        }
        return nil
    }
}
