import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor marker.
var sqliteTransient: sqlite3_destructor_type { unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self) }

/// One prepared SQLite statement: prepared in `init`, finalized in `deinit`.
///
/// Parameters are 1-based and columns 0-based, as in SQLite. Every `sqlite3_step` result goes
/// through `step()`, which maps failures to `StoreError` with the SQL and expanded arguments.
///
/// Each parameter has a slot of `slotSize` bytes: a text or blob that fits is copied there and
/// bound from there (`SQLITE_STATIC`), which spares SQLite a malloc, a copy and a free per
/// bind; a longer one SQLite copies itself. A slot holds its bytes until the parameter is
/// bound again, so the binding stays valid for as long as SQLite may read it.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    private let database: OpaquePointer
    /// Bytes per parameter slot: a decimal's 35 bytes of storage, a typical name or email.
    static let slotSize = 40
    /// The parameters' slots, `slotSize` bytes each (nil without parameters).
    private let slots: UnsafeMutableRawPointer?
    private let parameterCount: Int32

    init(database: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw Connection.error(database: database, code: code, sql: sql, statement: nil)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
        parameterCount = sqlite3_bind_parameter_count(statement)
        slots = parameterCount > 0
            ? UnsafeMutableRawPointer.allocate(byteCount: Int(parameterCount) * Statement.slotSize, alignment: 8)
            : nil
    }

    deinit {
        sqlite3_finalize(handle)
        slots?.deallocate()
    }

    // MARK: Binding

    func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    /// Binds a double; callers never pass NaN (SQLite would store NULL), see `ValueCodec`.
    func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds UTF-8 text with its exact length, so embedded NULs and "" survive.
    func bind(_ index: Int32, _ value: String) {
        var text = value
        text.withUTF8 { bindCopy(index, UnsafeRawBufferPointer($0), text: true) }
    }

    /// Binds `bytes` as text or blob, copied into the parameter's slot when they fit (see
    /// `Statement`), else by SQLite. Empty text stays text; an empty blob is bound by the caller.
    @inline(__always)
    private func bindCopy(_ index: Int32, _ bytes: UnsafeRawBufferPointer, text: Bool) {
        var pointer = bytes.baseAddress
        var destructor: sqlite3_destructor_type? = sqliteTransient
        if let slots, bytes.count <= Statement.slotSize, index >= 1, index <= parameterCount {
            let slot = slots + Int(index - 1) * Statement.slotSize
            if let base = bytes.baseAddress { slot.copyMemory(from: base, byteCount: bytes.count) }
            pointer = UnsafeRawPointer(slot)
            destructor = nil
        }
        if text {
            if let pointer {
                _ = sqlite3_bind_text64(handle, index, pointer.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
                                        destructor, UInt8(SQLITE_UTF8))
            } else {
                _ = sqlite3_bind_text64(handle, index, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
            }
        } else {
            sqlite3_bind_blob64(handle, index, pointer, UInt64(bytes.count), destructor)
        }
    }

    /// Binds `values` to parameters 1, 2, … and runs the statement. Short texts and blobs go
    /// through the parameters' slots (see `Statement`); longer ones are bound without any copy
    /// (`SQLITE_STATIC`): each stays borrowed while the statement runs (in a closure per value),
    /// and the parameter is cleared after.
    ///
    /// For example:
    ///
    ///     try statement.run(binding: [.int(1), .text(document)])
    func run(binding values: [SQLValue]) throws {
        try bindAndRun(values, from: 0)
    }

    private func bindAndRun(_ values: [SQLValue], from first: Int) throws {
        for index in first..<values.count {
            let parameter = Int32(index + 1)
            switch values[index] {
            case .text(var text) where text.utf8.count > Statement.slotSize:
                try text.withUTF8 { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        _ = sqlite3_bind_text64(handle, parameter, characters.baseAddress, UInt64(characters.count), nil,
                                                UInt8(SQLITE_UTF8))
                    }
                    defer { bindNull(parameter) }
                    try bindAndRun(values, from: index + 1)
                }
                return
            case .data(let data) where data.count > Statement.slotSize:
                try data.withUnsafeBytes { try bindBorrowedAndRun(parameter, $0, values, from: index + 1) }
                return
            case .bytes(let bytes) where bytes.count > Statement.slotSize:
                try bytes.withUnsafeBytes { try bindBorrowedAndRun(parameter, $0, values, from: index + 1) }
                return
            default:
                bind(parameter, values[index])
            }
        }
        try run()
    }

    /// Binds a long, non-empty blob without a copy while the rest of `values` is bound and the
    /// statement runs (see `run(binding:)`).
    private func bindBorrowedAndRun(_ parameter: Int32, _ bytes: UnsafeRawBufferPointer, _ values: [SQLValue],
                                    from next: Int) throws {
        sqlite3_bind_blob64(handle, parameter, bytes.baseAddress, UInt64(bytes.count), nil)
        defer { bindNull(parameter) }
        try bindAndRun(values, from: next)
    }

    /// Binds bytes as a BLOB; an empty buffer stays an empty BLOB (not NULL).
    func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) {
        if bytes.baseAddress != nil, bytes.count > 0 {
            bindCopy(index, bytes, text: false)
        } else {
            sqlite3_bind_zeroblob(handle, index, 0)
        }
    }

    func bind(_ index: Int32, data: Data) {
        data.withUnsafeBytes { bind(index, bytes: $0) }
    }

    func bind(_ index: Int32, blob: [UInt8]) {
        blob.withUnsafeBytes { bind(index, bytes: $0) }
    }

    // MARK: Stepping

    /// Runs one step: `true` when a row is available, `false` when done.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = Connection.error(database: database, code: code, sql: sql, statement: handle)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps to completion and resets, for statements without results.
    func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Columns

    var columnCount: Int32 { sqlite3_column_count(handle) }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func columnType(_ column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column's bytes, valid until the next step or reset.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    func data(_ column: Int32) -> Data {
        withBytes(column) { Data($0) }
    }
}
