import RealmSchema

/// The JSON lines (one object a row) that a CSV or TSV input stands for, made as they are
/// read, so that rows go through the JSON importer's typing, relationships and modes; records
/// in `map` where each value came from.
///
/// The first record is the header unless `fields` names the columns. A problem with the
/// text itself (a quote left open, a row with too many cells, a JSON cell that is not JSON)
/// ends the input with an error located in the file, reported after the rows before it.
final class CSVTranscoder: ByteStream {
    private let reader: CSVRecordReader
    private let plan: ImportClassPlan
    private var fields: [String]?
    private var columns: CSVColumns?
    let map = CSVTextMap()
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var madeLines = 0
    private var ended = false

    init(_ reader: CSVRecordReader, plan: ImportClassPlan, fields: [String]?) {
        self.reader = reader
        self.plan = plan
        self.fields = fields
    }

    func read(into destination: UnsafeMutableRawPointer, maximum: Int) throws(SourceError) -> Int {
        while pending.count - pendingStart < maximum && !ended {
            do {
                if columns == nil { try readHeader() }
                guard let record = try reader.next() else {
                    ended = true
                    break
                }
                try append(record)
            } catch where error.kind != .io {
                // The rows before the problem are imported (and their problems reported)
                // first: the source reports it where the text ends (`SourceTextMap.failure`).
                ended = true
                map.failure = error
            }
        }
        if pending.count == pendingStart { return 0 }
        let count = min(maximum, pending.count - pendingStart)
        pending.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + pendingStart, byteCount: count) }
        pendingStart += count
        if pendingStart == pending.count {
            // The line of a large row is not kept as capacity once read.
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
            pendingStart = 0
        }
        return count
    }

    private func readHeader() throws(SourceError) {
        let headers: [String]
        var cells: [CSVCell] = []
        if let fields {
            headers = fields
        } else {
            guard let record = try reader.next() else {
                throw reader.error(CSVMessages.noHeader, line: reader.line, column: reader.column)
            }
            cells = record
            headers = record.map(\.text)
        }
        let columns = try CSVColumns(headers: headers, plan: plan) { index in
            { [reader] message in
                let cell = index < cells.count ? cells[index] : nil
                return cell.map { reader.error(message, line: $0.line, column: $0.column) }
                    ?? SourceError(.malformed, .error("--fields: " + message))
            }
        }
        map.setHeaders(columns.columns)
        self.columns = columns
    }

    private func append(_ record: [CSVCell]) throws(SourceError) {
        guard let columns else { return }
        guard record.count == columns.columns.count else {
            let cell = record.count > columns.columns.count ? record[columns.columns.count] : record[record.count - 1]
            throw reader.error(CSVMessages.columnCount(found: record.count, expected: columns.columns.count,
                                                           fromFields: fields != nil),
                               line: cell.line, column: cell.column)
        }
        var line = MadeLine()
        var cells: [CSVTextMap.Cell] = []
        try appendObject(columns.root, record, columns, to: &line, cells: &cells)
        line.append(0x0A)
        madeLines += 1
        map.add(madeLine: madeLines, line: record[0].line, cells: cells)
        // A line made when nothing is pending (always, for a row longer than a read) becomes
        // the pending bytes as it is, not a second copy of a large cell.
        if pending.count == pendingStart {
            pending = line.bytes
            pendingStart = 0
        } else {
            pending.append(contentsOf: line.bytes)
        }
    }

    /// Whether every cell under `node` is empty and unquoted.
    private func isEmpty(_ node: CSVColumns.Node, _ record: [CSVCell]) -> Bool {
        node.keys.allSatisfy { key in
            switch node.children[key]! {
            case .column(let index): record[index].bytes.isEmpty && !record[index].quoted
            case .object(let inner): isEmpty(inner, record)
            }
        }
    }

    private func appendObject(_ node: CSVColumns.Node, _ record: [CSVCell], _ columns: CSVColumns,
                              to line: inout MadeLine, cells: inout [CSVTextMap.Cell]) throws(SourceError) {
        line.append(UInt8(ascii: "{"))
        var first = true
        for (key, child) in node.entries {
            if case .column(let index) = child, record[index].bytes.isEmpty, !record[index].quoted,
               columns.columns[index].emptyIsMissing {
                continue
            }
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
            let keyColumn = line.column
            line.appendString(key.utf8)
            line.append(UInt8(ascii: ":"))
            switch child {
            case .object(let inner):
                if isEmpty(inner, record) {
                    if let cell = firstCell(inner, record) {
                        cells.append(.init(keyColumn: keyColumn, madeColumn: line.column, line: cell.line, column: cell.column,
                                           verbatim: false))
                    }
                    line.append("null".utf8)
                } else {
                    try appendObject(inner, record, columns, to: &line, cells: &cells)
                }
            case .column(let index):
                try appendCell(record[index], columns.columns[index], keyColumn: keyColumn, to: &line, cells: &cells)
            }
        }
        line.append(UInt8(ascii: "}"))
    }

    private func firstCell(_ node: CSVColumns.Node, _ record: [CSVCell]) -> CSVCell? {
        for key in node.keys {
            switch node.children[key]! {
            case .column(let index): return record[index]
            case .object(let inner): if let cell = firstCell(inner, record) { return cell }
            }
        }
        return nil
    }

    private func appendCell(_ cell: CSVCell, _ column: CSVColumns.Column, keyColumn: Int, to line: inout MadeLine,
                            cells: inout [CSVTextMap.Cell]) throws(SourceError) {
        var mapped = CSVTextMap.Cell(keyColumn: keyColumn, madeColumn: line.column, line: cell.line, column: cell.column,
                                     verbatim: false)
        defer { cells.append(mapped) }
        if cell.bytes.isEmpty && !cell.quoted {
            line.append("null".utf8)
            return
        }
        switch column.encoding {
        case .unknown:
            line.appendString(cell.bytes)
        case .scalar(let base):
            CSVCellEncoding.append(cell.bytes, as: base, to: &line)
        case .binary(let subtype):
            CSVCellEncoding.appendBinary(cell.bytes, subtype: subtype, to: &line)
        case .json(let kind):
            do {
                _ = try JSONDocument.parse(cell.text)
            } catch {
                let at = error.diagnostic.location
                let (errorLine, errorColumn) = at.map { $0.line == 1
                    ? (cell.line, cell.column + (cell.quoted ? 1 : 0) + $0.column - 1) : (cell.line + $0.line - 1, $0.column) }
                    ?? (cell.line, cell.column)
                throw reader.error(CSVMessages.notJSON(column.header, kind: kind, error.diagnostic.message),
                                   line: errorLine, column: errorColumn)
            }
            // Line breaks are only whitespace in valid JSON: the row stays one line.
            mapped.verbatim = !cell.quoted
            line.append(cell.bytes.map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 })
        }
    }
}
