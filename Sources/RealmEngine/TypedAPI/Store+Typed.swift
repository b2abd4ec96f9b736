import RealmSchema

/// Store entry points for the typed API (`Realm`), which runs each of its operations in one
/// savepoint of its own.
extension Store {
    /// Creates or upserts a top-level object without a savepoint of its own.
    package func createTyped(_ className: String, _ fields: [String: InputValue], policy: UpdatePolicy) throws -> ObjectKey {
        let info = try creatableClass(className, policy)
        return ObjectKey(className: className, key: try createObject(info, fields, policy: policy))
    }

    /// Applies `fields` to an existing object (`.all` or `.modified`).
    package func updateTyped(_ object: ObjectKey, _ fields: [String: InputValue], policy: UpdatePolicy) throws {
        try requireWrite()
        try updateObject(try classInfo(object.className), object.key, fields, policy: policy)
    }

    /// The stored row of an object, its properties decoded one at a time when read
    /// (`StoredRow`); `names` are the properties by the caller's positions (nil: not in the row).
    package func storedRow(_ object: ObjectKey, names: [String?]) throws -> StoredRow {
        let info = try classInfo(object.className)
        guard let row = try readRow(info, object.key) else { throw StoreError.invalidatedObject }
        return StoredRow(info: info, key: object.key, columns: row, positions: positions(info, names))
    }

    /// The stored rows of several objects of one class, as `storedRow(_:names:)`, from one
    /// statement (for iterating lazy results a page at a time), by position in `keys`; nil for
    /// objects that no longer exist. Ascending keys that are close together (as insertion
    /// order gives) are read as one key range, others through a list of keys.
    package func storedRows(_ className: String, keys: ArraySlice<Int64>, names: [String?]) throws -> [StoredRow?] {
        let info = try classInfo(className)
        let positions = positions(info, names)
        var rows = [StoredRow?](repeating: nil, count: keys.count)
        guard let first = keys.first, let last = keys.last else { return rows }
        let ascending = first <= last && last - first < Int64(2 * keys.count)
            && zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }
        let filter = ascending ? " WHERE _key BETWEEN ? AND ? ORDER BY _key" : " WHERE _key IN (SELECT value FROM json_each(?))"
        let statement = try connection.cached(info.selectRowSQL.replacingOccurrences(of: " WHERE _key = ?", with: filter))
        defer { statement.reset() }
        if ascending {
            statement.bind(1, first)
            statement.bind(2, last)
        } else {
            statement.bind(1, "[" + keys.map(String.init).joined(separator: ",") + "]")
        }
        var slots: [Int64: Int] = [:]
        if !ascending { for (slot, key) in keys.enumerated() { slots[key] = slot } }
        var next = 0
        let base = keys.startIndex
        while try statement.step() {
            let key = statement.int64(0)
            let slot: Int
            if ascending {
                // Rows come in key order: skip the page's keys below this row, and rows not in the page.
                while next < keys.count && keys[base + next] < key { next += 1 }
                guard next < keys.count, keys[base + next] == key else { continue }
                slot = next
            } else {
                guard let found = slots[key] else { continue }
                slot = found
            }
            rows[slot] = StoredRow(info: info, key: key, columns: (0..<statement.columnCount).map { statement.raw($0) },
                                   positions: positions)
        }
        return rows
    }

    /// The value of the property at the caller's `position` in `row` (`.null` for one not in
    /// the row), decoded now.
    package func singleValue(in row: StoredRow, at position: Int) throws -> StoreValue {
        guard let stored = row.positions[position] else { return .null }
        return try value(of: row.info.properties[stored], at: stored, in: row.info, row: row.columns, owner: row.key)
    }

    /// The positions of the single-valued properties named (nil for others and for nil names).
    private func positions(_ info: ClassInfo, _ names: [String?]) -> [Int?] {
        names.map { name in
            guard let name, let position = info.positions[name], info.properties[position].isSingle else { return nil }
            return position
        }
    }

    /// Runs `body` in a savepoint of its own, so a failing typed operation leaves nothing.
    package func typedOperation<T>(_ body: () throws -> T) throws -> T {
        try atomically(body)
    }

    /// Adds models to the open store (inside the caller's transaction, or in one of its own).
    package func addModels(_ models: [ModelSchema]) throws {
        guard !models.isEmpty else { return }
        var schema = self.schema
        schema.models += models
        let own = !isInWriteTransaction
        if own {
            guard !frozen else { throw StoreError.frozenTransaction }
            try leaveSharedConnection()
            try endRead()
            try connection.execute("BEGIN IMMEDIATE")
        }
        do {
            for model in models {
                try createClass(model, in: schema)
            }
            try saveSchema(schema)
            if own {
                try bumpVersion()
                try logChanges()
                try connection.execute("COMMIT")
            }
        } catch {
            if own {
                try? connection.execute("ROLLBACK")
                try? startRead()
            }
            throw error
        }
        try installSchema(schema)
        if own { try startRead() }
    }

    /// Re-reads the schema stored in the file (after a cancelled transaction added models).
    package func reloadStoredSchema() throws {
        if let stored = try Store.storedSchema(connection) {
            try installSchema(stored.schema)
        }
    }
}

/// One object's stored row as read, undecoded: `Store.singleValue(in:at:)` decodes a property
/// when it is read, so an object made for one property's sake pays for that property only.
/// Valid for the version it was read at (the typed API drops it when its Realm changes).
///
/// For example:
///
///     let row = try store.storedRow(dog, names: ["name", "age"])
///     let age = try store.singleValue(in: row, at: 1)
package struct StoredRow {
    let info: ClassInfo
    let key: Int64
    let columns: [SQLValue]
    let positions: [Int?]
}
