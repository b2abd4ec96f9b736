import CSQLite

/// The statements a store's connection runs while it is watched (`Store.logStatements`), with
/// the rows each one returned and its bound parameters: how tests show that a read is one
/// statement reading one row.
///
/// For example:
///
///     let (count, log) = try store.logStatements { try store.resultCount(dogs) }
///     log.entries.map(\.sql)    // ["SELECT count(*) FROM \"Dog\" t0"]
package final class StatementLog {
    /// One run of a statement.
    package struct Entry: Sendable {
        package var sql: String
        package var parameters: Int
        package var rows: Int
    }

    package private(set) var entries: [Entry] = []
    private var current: [OpaquePointer: Int] = [:]

    /// The SQL of every statement run, in order.
    package var statements: [String] { entries.map(\.sql) }
    /// The rows read by all statements.
    package var rows: Int { entries.reduce(0) { $0 + $1.rows } }

    fileprivate func started(_ statement: OpaquePointer) {
        let sql = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
        current[statement] = entries.count
        entries.append(Entry(sql: sql, parameters: Int(sqlite3_bind_parameter_count(statement)), rows: 0))
    }

    fileprivate func row(_ statement: OpaquePointer) {
        if let index = current[statement] { entries[index].rows += 1 }
    }

    fileprivate static let callback: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { kind, context, statement, _ in
        guard let context, let statement else { return 0 }
        let log = Unmanaged<StatementLog>.fromOpaque(context).takeUnretainedValue()
        let handle = OpaquePointer(statement)
        if kind == UInt32(SQLITE_TRACE_STMT) { log.started(handle) } else { log.row(handle) }
        return 0
    }
}

extension Store {
    /// Runs `body` while logging the statements this store's connection runs.
    package func logStatements<T>(_ body: () throws -> T) rethrows -> (T, StatementLog) {
        let log = StatementLog()
        let context = Unmanaged.passRetained(log).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT | SQLITE_TRACE_ROW), StatementLog.callback, context)
        defer {
            sqlite3_trace_v2(connection.handle, 0, nil, nil)
            Unmanaged<StatementLog>.fromOpaque(context).release()
        }
        return (try body(), log)
    }
}
