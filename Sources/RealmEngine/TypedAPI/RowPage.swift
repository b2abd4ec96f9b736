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
    /// One copied value: its SQLite type (1 integer, 2 float, 3 text, 4 blob, 5 null) and the
    /// integer, the float's bits, or where its bytes start in the arena and how many there are.
    struct Cell {
        var type: Int32
        var count: Int32
        var value: Int64
    }

    /// Where a property (by the caller's position) is in each row: its position in `info`
    /// (-1: not in the row, read as null), where its value is among a row's cells (-1: not
    /// copied) and its kind for the typed readers (`RowPage+Typed.swift`).
    struct Column {
        var stored: Int32
        var offset: Int32
        var kind: Kind

        /// What a typed reader may decode straight from a cell: the stored base type.
        enum Kind: UInt8 { case other, bool, int, double, string }
    }

    let info: ClassInfo
    /// Property positions in `info` by the caller's positions (nil: not in the row).
    let positions: [Int?]
    /// The same properties' places in a row, by the caller's positions.
    let columns: [Column]
    /// Values per row: `_key`, then the columns copied (the class's single-valued columns, or
    /// only those of a stream's plan: no placeholders for the others).
    let width: Int
    /// The keys of the rows, in the order read.
    package let keys: [Int64]
    let cells: [Cell]
    let arena: ByteArena
    /// Where reads of the page's values are noted (a stream's pages), or nil.
    let use: ColumnUse?
    /// A live page's statement (`LiveRow`): its reads go to the statement's current row, a
    /// column's `offset` is its statement column, and `keys` and `cells` are empty.
    let live: LiveRow?
    /// `live`, reached without reference counting, and whether there is one.
    let liveHandle: Unmanaged<LiveRow>?
    package let isLive: Bool

    /// The rows `rows` copied (immutable from here on: reading them takes no exclusive access),
    /// or, with `live`, a page reading the live statement's current row in place.
    init(_ rows: Rows, use: ColumnUse? = nil, live: LiveRow? = nil) {
        self.info = rows.info
        self.positions = rows.positions
        self.columns = rows.columns
        self.width = rows.width
        self.keys = rows.keys
        self.cells = rows.cells
        self.arena = rows.arena
        self.use = use
        self.live = live
        self.isLive = live != nil
        self.liveHandle = live.map(Unmanaged.passUnretained)
    }

    /// The number of rows.
    package var count: Int { keys.count }

    /// Rows being copied from a statement, for a page.
    struct Rows {
        let info: ClassInfo
        let positions: [Int?]
        let columns: [Column]
        let width: Int
        /// The columns copied (statement column → row column), nil: every column of
        /// `selectRowSQL`, in order.
        let plan: [(statement: Int32, row: Int32)]?
        var keys: [Int64] = []
        var cells: [Cell] = []
        let arena = ByteArena()

        init(info: ClassInfo, positions: [Int?], capacity: Int, plan: [(statement: Int32, row: Int32)]? = nil) {
            self.info = info
            self.positions = positions
            self.plan = plan
            // Where each row column's value is among a row's cells (-1: not copied).
            var offsets = Array(repeating: Int32(-1), count: info.selectRowWidth)
            if let plan {
                for (index, entry) in plan.enumerated() { offsets[Int(entry.row)] = Int32(index + 1) }
                width = plan.count + 1
            } else {
                for column in offsets.indices { offsets[column] = Int32(column) }
                width = offsets.count
            }
            columns = positions.map { stored in
                guard let stored else { return Column(stored: -1, offset: -1, kind: .other) }
                let property = info.properties[stored]
                let kind: Column.Kind
                switch property.base {
                case _ where property.isMixed: kind = .other
                case .bool: kind = .bool
                case .int: kind = .int
                case .double: kind = .double
                case .string: kind = .string
                default: kind = .other
                }
                return Column(stored: Int32(stored), offset: offsets[Int(info.rowColumns[stored])], kind: kind)
            }
            keys.reserveCapacity(capacity)
            cells.reserveCapacity(capacity * width)
        }

        /// Copies the statement's current row: `_key` first, then the columns of `selectRowSQL`,
        /// or only those of the plan.
        mutating func append(_ statement: Statement) {
            let handle = statement.handle
            let key = sqlite3_column_int64(handle, 0)
            keys.append(key)
            cells.append(Cell(type: SQLITE_INTEGER, count: 0, value: key))
            guard let plan else {
                for column in 1..<Int32(width) { cells.append(Self.copy(handle, column, into: arena)) }
                return
            }
            for (column, _) in plan { cells.append(Self.copy(handle, column, into: arena)) }
        }

        /// One column of the current row, through the column's value: one `sqlite3_column_*`
        /// call (each of which checks the statement's state), then `sqlite3_value_*` reads of
        /// it, which the store's connections (opened without SQLite's mutexes, used by one
        /// thread at a time) may make.
        /// (Texts and blobs go to `arena`.)
        @inline(__always)
        static func copy(_ handle: OpaquePointer, _ column: Int32, into arena: ByteArena) -> Cell {
            let value = sqlite3_column_value(handle, column)
            let type = sqlite3_value_type(value)
            switch type {
            case SQLITE_INTEGER:
                return Cell(type: type, count: 0, value: sqlite3_value_int64(value))
            case SQLITE_FLOAT:
                return Cell(type: type, count: 0, value: Int64(bitPattern: sqlite3_value_double(value).bitPattern))
            case SQLITE_TEXT, SQLITE_BLOB:
                // The pointer first, then the count, as SQLite asks.
                let pointer = type == SQLITE_TEXT ? sqlite3_value_text(value).map(UnsafeRawPointer.init)
                    : sqlite3_value_blob(value)
                let count = Int(sqlite3_value_bytes(value))
                guard let pointer, count > 0 else { return Cell(type: type, count: 0, value: 0) }
                return Cell(type: type, count: Int32(count), value: Int64(arena.append(pointer, count: count)))
            default:
                return Cell(type: SQLITE_NULL, count: 0, value: 0)
            }
        }
    }

    /// Whether the row at `slot` holds the value of the property at the caller's `position`
    /// (one not in the row reads as null: held).
    func holds(_ slot: Int, _ position: Int) -> Bool {
        let column = columns[position]
        return column.stored < 0 || column.offset >= 0
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
        return page.arena.string(at: Int(cell.value), count: Int(cell.count))
    }
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        let cell = page.cells[index]
        guard cell.type == SQLITE_BLOB, cell.count > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return body(UnsafeRawBufferPointer(page.arena.bytes(at: Int(cell.value), count: Int(cell.count))))
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
