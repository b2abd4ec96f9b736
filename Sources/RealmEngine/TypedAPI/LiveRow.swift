import CSQLite

/// The row a stream's statement is on, read in place (`ResultRowStream.step()`): a live
/// `RowPage` answers its reads from here, with nothing copied, while `row` is the slot asked
/// for. Before the statement moves on, its user copies the row of any object that must go on
/// reading it (`copy(_:)`); a read of a row the statement left answers nil. Reads take the
/// connection's lock when frozen stores share it (as `Store.serialized` does).
///
/// For example:
///
///     if case let (slot, _) = try stream.step(), slot >= 0, let page = stream.livePage {
///         let name = page.text(slot, at: 0)       // straight from SQLite
///         let kept = page.storedRow(slot)         // a copy that survives the next step
///     }
final class LiveRow {
    let statement: Statement
    /// The statement's connection, reached without reference counting: used only while the
    /// statement is on a row (a store moving to another connection detaches its streams first).
    unowned(unsafe) let connection: Connection
    /// The statement's columns as row columns, for copying the row (nil: every column of
    /// `selectRowSQL`, in order).
    let plan: [(statement: Int32, row: Int32)]?
    /// The slot of the row the statement is on (its ordinal in the stream); -1 when none.
    @exclusivity(unchecked) var row = -1

    init(statement: Statement, connection: Connection, plan: [(statement: Int32, row: Int32)]?) {
        self.statement = statement
        self.connection = connection
        self.plan = plan
    }

    /// `body`'s answer, holding the connection's lock when frozen stores share it.
    @inline(__always)
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        guard connection.frozenUsers > 0 else { return try body() }
        connection.lock.lock()
        defer { connection.lock.unlock() }
        return try body()
    }

    /// The value of statement column `column` when the statement is on `slot`'s row and the
    /// value is of SQLite type `type` (under `locked`).
    @inline(__always)
    private func value(_ slot: Int, _ column: Int32, _ type: Int32) -> OpaquePointer? {
        guard let value = sqlite3_column_value(statement.handle, column), sqlite3_value_type(value) == type else { return nil }
        return value
    }

    @inline(__always)
    func text(_ slot: Int, _ column: Int32) -> String? {
        guard slot == row else { return nil }
        return locked {
            guard let value = value(slot, column, SQLITE_TEXT) else { return nil }
            // The pointer first, then the count, as SQLite asks.
            guard let text = sqlite3_value_text(value) else { return "" }
            let count = Int(sqlite3_value_bytes(value))
            return String(unsafeUninitializedCapacity: count) { storage in
                storage.initialize(fromContentsOf: UnsafeBufferPointer(start: text, count: count))
            }
        }
    }

    @inline(__always)
    func integer(_ slot: Int, _ column: Int32) -> Int64? {
        guard slot == row else { return nil }
        return locked { value(slot, column, SQLITE_INTEGER).map(sqlite3_value_int64) }
    }

    @inline(__always)
    func double(_ slot: Int, _ column: Int32) -> Double? {
        guard slot == row else { return nil }
        return locked { value(slot, column, SQLITE_FLOAT).map(sqlite3_value_double) }
    }

    /// The row at `slot`, copied into a page of its own (as `RowPage.Rows.append` copies it);
    /// nil when the statement is no longer on it.
    func copy(_ slot: Int, info: ClassInfo, positions: [Int?]) -> StoredRow? {
        guard slot == row else { return nil }
        var rows = RowPage.Rows(info: info, positions: positions, capacity: 1, plan: plan)
        rows.append(statement)
        return StoredRow(page: RowPage(rows), slot: 0)
    }

    /// The decoded value of the property at `stored` (position in `info`) whose first column is
    /// statement column `column`, or nil when the statement is not on `slot`'s row.
    func decoded(_ slot: Int, _ column: Int32, _ property: PropertyInfo, in store: Store) throws -> StoreValue? {
        guard slot == row else { return nil }
        if property.isMixed {
            return try store.readMixed(tag: statement.int64(column + 1), value: statement.raw(column))
        }
        return try store.decoded(LiveColumn(statement: statement, index: column), property.base)
    }
}

extension RowPage {
    /// The row at `slot` as a stored row that outlives the page's statement moving on: a
    /// live page's current row is copied (nil when the statement left it), another page's
    /// row is itself.
    package func storedRow(_ slot: Int) -> StoredRow? {
        guard let live else { return StoredRow(page: self, slot: slot) }
        return live.copy(slot, info: info, positions: positions)
    }
}
