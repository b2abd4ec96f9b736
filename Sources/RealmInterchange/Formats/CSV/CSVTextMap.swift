import Foundation
import RealmSchema

/// Where positions of text a source reads are in the user's file, for text made from another
/// format: the JSON lines a CSV or TSV reader makes of its rows.
protocol SourceTextMap: AnyObject {
    /// `position` (in the made text) as a location in `file`.
    func location(of position: TextPosition, file: String) -> SourceLocation
    /// The note naming where in a document a problem is (`path` relative to it).
    func pathNote(_ path: JSONPath) -> String
    /// A problem that ended the made text early, reported once the text's documents are read;
    /// nil after the first call.
    func takeFailure() -> SourceError?
}

/// Maps the JSON line of each CSV row back to the row's cells: a position inside a value is
/// the cell it came from (inside a JSON cell, the same character of the cell when it was not
/// quoted). Rows are remembered while the importer may still ask about them (at least the
/// latest 32,768: more than the reading thread's 256 KiB read-ahead can hold, at 8 bytes or
/// more a row); older rows map to their line.
final class CSVTextMap: SourceTextMap {
    /// One cell's value in the made line.
    struct Cell {
        /// The first column of the cell's key in the made line: a position from there on (the
        /// key, the value) is this cell's, up to the next cell's key.
        var keyColumn: Int
        /// The value's first column in the made line.
        var madeColumn: Int
        var line: Int
        var column: Int
        /// A JSON cell copied as is (unquoted): columns inside it map one to one.
        var verbatim: Bool
    }

    private struct Row {
        var line: Int
        var cells: [Cell]
    }

    private let lock = NSLock()
    private var rows: [Int: Row] = [:]
    private var newest = 0
    /// (made line, file line − made line) from where that difference holds.
    private var shifts: [(madeLine: Int, shift: Int)] = []
    private static let keptRows = 1 << 15
    /// What ended the rows early (a quote left open, a row with too many cells, …).
    var failure: SourceError?

    func takeFailure() -> SourceError? {
        lock.lock()
        defer { lock.unlock() }
        defer { failure = nil }
        return failure
    }
    /// Column headers by the key path of their value in a row's object (`loc.x`).
    private var headers: [String: String] = [:]

    func setHeaders(_ columns: [CSVColumns.Column]) {
        for column in columns { headers[column.keyPath] = column.header }
    }

    /// Records made line `madeLine`: the row starting at file line `line`, with its cells.
    func add(madeLine: Int, line: Int, cells: [Cell]) {
        lock.lock()
        defer { lock.unlock() }
        rows[madeLine] = Row(line: line, cells: cells)
        newest = madeLine
        if shifts.last?.shift != line - madeLine { shifts.append((madeLine, line - madeLine)) }
        if rows.count > 2 * Self.keptRows {
            rows = rows.filter { $0.key > newest - Self.keptRows }
        }
    }

    func location(of position: TextPosition, file: String) -> SourceLocation {
        lock.lock()
        defer { lock.unlock() }
        guard let row = rows[position.line] else {
            let shift = shifts.last { $0.madeLine <= position.line }?.shift ?? 0
            return SourceLocation(file: file, line: position.line + shift, column: 1)
        }
        guard let cell = row.cells.last(where: { $0.keyColumn <= position.column }) else {
            return SourceLocation(file: file, line: row.line, column: 1)
        }
        let column = cell.verbatim && position.column >= cell.madeColumn
            ? cell.column + (position.column - cell.madeColumn) : cell.column
        return SourceLocation(file: file, line: cell.line, column: column)
    }

    func pathNote(_ path: JSONPath) -> String {
        var keys: [String] = []
        for component in path.components {
            guard case .key(let key) = component else { break }
            keys.append(key)
        }
        for count in stride(from: keys.count, through: 1, by: -1) {
            guard let header = headers[keys.prefix(count).joined(separator: ".")] else { continue }
            // Past the column's own value: inside a JSON cell, or in the wrapper a scalar cell
            // was given (`$date`), which the user never wrote.
            if count == path.components.count || keys.count > count && keys[count].hasPrefix("$") {
                return CSVMessages.columnNote(header)
            }
            return CSVMessages.cellNote(header, path: JSONPath(Array(path.components.dropFirst(count))).description)
        }
        return JSONMessages.pathNote(path)
    }
}
