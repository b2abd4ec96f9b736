import CSQLite
import Foundation

extension Store {
    /// Writes the store as this connection reads it (inside a write transaction: with the
    /// transaction's changes) to a new file at `path`, with SQLite's online backup; a file left
    /// half-written by a failure is removed. The caller checks that `path` does not exist.
    ///
    /// For example:
    ///
    ///     try store.writeCopy(to: "/backups/people.realm")
    package func writeCopy(to path: String) throws {
        // The target opens as every store connection does, so its failures read the same.
        var copy: Connection? = try Connection(path: path, access: .create)
        let target = copy!.handle
        let failure: StoreError? = serialized {
            // The backup refuses a source connection that is writing; in a write transaction
            // the pages it reads (its changes included) are copied through an in-memory image.
            var image: OpaquePointer?
            defer { if let image { sqlite3_close_v2(image) } }
            if inWriteTransaction {
                image = Store.memoryImage(of: connection.handle)
                if image == nil { return StoreError.sqliteFailure(SQLITE_NOMEM, "out of memory", sql: "sqlite3_serialize") }
            }
            guard let backup = sqlite3_backup_init(target, "main", image ?? connection.handle, "main") else {
                return Connection.error(database: target, code: sqlite3_errcode(target), sql: "sqlite3_backup_init", statement: nil)
            }
            let stepped = sqlite3_backup_step(backup, -1)
            sqlite3_backup_finish(backup)
            if stepped == SQLITE_DONE { return nil }
            return Connection.error(database: target, code: stepped, sql: "sqlite3_backup_step", statement: nil)
        }
        copy = nil   // closes the target before its files are removed or handed over
        if let failure {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw failure
        }
    }

    /// An in-memory database holding the pages `handle` reads now, marked as not in WAL mode
    /// (an in-memory database has no write-ahead log); nil when memory runs out.
    private static func memoryImage(of handle: OpaquePointer) -> OpaquePointer? {
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else { return nil }
        if size >= 20 {
            bytes[18] = 1
            bytes[19] = 1
        }
        var image: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &image, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let image else {
            sqlite3_free(bytes)
            return nil
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(image, "main", bytes, size, size, flags) == SQLITE_OK else {
            sqlite3_close_v2(image)
            return nil
        }
        return image
    }
}
