import CSQLite

/// Stored rows of one class as one statement read them, undecoded: each row's `_key` and
/// single-valued columns copied out of SQLite into one buffer (numbers inline, texts and blobs
/// in one byte arena), so a page of rows costs a few allocations, not a few per value.
/// `Store.singleValue(in:at:)` decodes a property of a row when it is read. A page of a
/// `ResultRowStream` may hold only the columns its iteration reads (`holds(_:)`).
///
/// For example:
///
///     let row = try store.storedRow(dog, names: ["name", "age"])   // a page of one row
///     let age = try store.singleValue(in: row, at: 1)
package final class RowPage {
    /// One copied value: its SQLite type (1 integer, 2 float, 3 text, 4 blob, 5 null; 0 not
    /// copied) and the integer, the float's bits, or where its bytes start in the arena and how
    /// many there are.
    struct Cell {
        var type: Int32
        var count: Int32
        var value: Int64

        static let notCopied = Cell(type: 0, count: 0, value: 0)
    }

    let info: ClassInfo
    /// Property positions in `info` by the caller's positions (nil: not in the row).
    let positions: [Int?]
    /// Values per row: `_key`, then the class's single-valued columns.
    let width: Int
    /// The keys of the rows, in the order read.
    package let keys: [Int64]
    let cells: [Cell]
    let arena: [UInt8]
    /// Where reads of the page's values are noted (a stream's pages), or nil.
    let use: ColumnUse?

    /// The rows `rows` copied (immutable from here on: reading them takes no exclusive access).
    init(_ rows: Rows, use: ColumnUse? = nil) {
        self.info = rows.info
        self.positions = rows.positions
        self.width = rows.width
        self.keys = rows.keys
        self.cells = rows.cells
        self.arena = rows.arena
        self.use = use
    }

    /// The number of rows.
    package var count: Int { keys.count }

    /// Rows being copied from a statement, for a page.
    struct Rows {
        let info: ClassInfo
        let positions: [Int?]
        let width: Int
        var keys: [Int64] = []
        var cells: [Cell] = []
        var arena: [UInt8] = []

        init(info: ClassInfo, positions: [Int?], capacity: Int) {
            self.info = info
            self.positions = positions
            self.width = info.selectRowWidth
            keys.reserveCapacity(capacity)
            cells.reserveCapacity(capacity * width)
        }

        /// Copies the statement's current row: `_key` first, then the columns of `selectRowSQL`,
        /// or with `plan` only these (statement column → row column; the others not copied).
        mutating func append(_ statement: Statement, plan: [(statement: Int32, row: Int32)]? = nil) {
            let handle = statement.handle
            let key = sqlite3_column_int64(handle, 0)
            keys.append(key)
            let base = cells.count
            cells.append(Cell(type: SQLITE_INTEGER, count: 0, value: key))
            guard let plan else {
                for column in 1..<Int32(width) { cells.append(copy(handle, column)) }
                return
            }
            cells.append(contentsOf: repeatElement(Cell.notCopied, count: width - 1))
            for (column, row) in plan { cells[base + Int(row)] = copy(handle, column) }
        }

        private mutating func copy(_ handle: OpaquePointer, _ column: Int32) -> Cell {
            let type = sqlite3_column_type(handle, column)
            switch type {
            case SQLITE_INTEGER:
                return Cell(type: type, count: 0, value: sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT:
                return Cell(type: type, count: 0, value: Int64(bitPattern: sqlite3_column_double(handle, column).bitPattern))
            case SQLITE_TEXT, SQLITE_BLOB:
                // The pointer first, then the count, as SQLite asks.
                let pointer = type == SQLITE_TEXT ? sqlite3_column_text(handle, column).map(UnsafeRawPointer.init)
                    : sqlite3_column_blob(handle, column)
                let count = Int(sqlite3_column_bytes(handle, column))
                let cell = Cell(type: type, count: Int32(count), value: Int64(arena.count))
                if let pointer, count > 0 {
                    arena.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count))
                }
                return cell
            default:
                return Cell(type: SQLITE_NULL, count: 0, value: 0)
            }
        }
    }

    /// Whether the row at `slot` holds the value of the property at the caller's `position`
    /// (one not in the row reads as null: held).
    func holds(_ slot: Int, _ position: Int) -> Bool {
        guard let stored = positions[position] else { return true }
        return cells[slot * width + Int(info.rowColumns[stored])].type != 0
    }

    /// The value at `index` in `cells` as a raw value (for mixed values, read through `SQLValue`).
    func raw(_ index: Int) -> SQLValue {
        let cell = cells[index]
        switch cell.type {
        case SQLITE_INTEGER: return .int(cell.value)
        case SQLITE_FLOAT: return .double(Double(bitPattern: UInt64(bitPattern: cell.value)))
        case SQLITE_TEXT: return .text(PageCell(page: self, index: index).text)
        case SQLITE_BLOB: return .bytes(PageCell(page: self, index: index).withBytes { Array($0) })
        default: return .null
        }
    }
}

/// One value of a `RowPage`, read as the `SQLValue` of the same stored value reads.
struct PageCell: ColumnSource {
    let page: RowPage
    let index: Int

    var sqlType: Int32 { page.cells[index].type }
    var int: Int64 {
        let cell = page.cells[index]
        return cell.type == SQLITE_INTEGER ? cell.value : 0
    }
    var real: Double {
        let cell = page.cells[index]
        return cell.type == SQLITE_FLOAT ? Double(bitPattern: UInt64(bitPattern: cell.value)) : 0
    }
    var text: String {
        let cell = page.cells[index]
        guard cell.type == SQLITE_TEXT else { return "" }
        return page.arena.withUnsafeBufferPointer { arena in
            String(decoding: UnsafeBufferPointer(rebasing: arena[Int(cell.value)..<Int(cell.value) + Int(cell.count)]), as: UTF8.self)
        }
    }
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        let cell = page.cells[index]
        guard cell.type == SQLITE_BLOB, cell.count > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return page.arena.withUnsafeBytes { arena in
            body(UnsafeRawBufferPointer(rebasing: arena[Int(cell.value)..<Int(cell.value) + Int(cell.count)]))
        }
    }
}

/// Which properties (by position in their class) were read from the pages of one stream:
/// what its later pages copy. Flags in memory of its own, so that noting a read takes no
/// exclusive access.
final class ColumnUse {
    let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: count)
        flags.initialize(repeating: false)
    }

    deinit { flags.deallocate() }

    /// The positions read so far.
    var positions: [Int] { flags.indices.filter { flags[$0] } }
}
