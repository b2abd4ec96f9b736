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
        let statement = try prepared(&info.selectRowStatement, info.selectRowSQL)
        defer { statement.reset() }
        statement.bind(1, object.key)
        guard try statement.step() else { throw StoreError.invalidatedObject }
        var rows = RowPage.Rows(info: info, positions: rowPositions(info, names), capacity: 1)
        rows.append(statement)
        return StoredRow(page: RowPage(rows), slot: 0)
    }

    /// The stored rows of several objects of one class, as `storedRow(_:names:)`, from one
    /// statement into one `RowPage`, by position in `keys`; nil for objects that no longer
    /// exist. Ascending keys that are close together (as insertion order gives) are read as one
    /// key range, others through a list of keys.
    package func storedRows(_ className: String, keys: ArraySlice<Int64>, names: [String?]) throws -> [StoredRow?] {
        let info = try classInfo(className)
        var slots = [Int?](repeating: nil, count: keys.count)
        guard let first = keys.first, let last = keys.last else { return [] }
        var rows = RowPage.Rows(info: info, positions: rowPositions(info, names), capacity: keys.count)
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
        var listed: [Int64: Int] = [:]
        if !ascending { for (slot, key) in keys.enumerated() { listed[key] = slot } }
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
                guard let found = listed[key] else { continue }
                slot = found
            }
            slots[slot] = rows.keys.count
            rows.append(statement)
        }
        let page = RowPage(rows)
        return slots.map { $0.map { StoredRow(page: page, slot: $0) } }
    }

    /// The value of the property at the caller's `position` in `row` (`.null` for one not in
    /// the row), decoded now.
    package func singleValue(in row: StoredRow, at position: Int) throws -> StoreValue {
        try singleValue(in: row.page, slot: row.slot, at: position) ?? .null
    }

    /// The value of the property at the caller's `position` in the row at `slot` of `page`
    /// (`.null` for one not in the row), decoded now; nil when the page did not copy it (see
    /// `StoredRow.holds(_:)`) or a live page's statement left the row.
    package func singleValue(in page: RowPage, slot: Int, at position: Int) throws -> StoreValue? {
        let column = page.columns[position]
        guard column.stored >= 0 else { return .null }
        guard column.offset >= 0 else { return nil }
        let property = page.info.properties[Int(column.stored)]
        page.use?.flags[Int(column.stored)] = true
        if let live = page.live { return try live.decoded(slot, column.offset, property, in: self) }
        // A mixed value's type column is copied with it, right after it.
        let cell = slot * page.width + Int(column.offset)
        if property.isMixed {
            return try readMixed(tag: PageCell(page: page, index: cell + 1).int, value: page.raw(cell))
        }
        return try decoded(PageCell(page: page, index: cell), property.base)
    }

    /// The positions of the single-valued properties named (nil for others and for nil names).
    func rowPositions(_ info: ClassInfo, _ names: [String?]) -> [Int?] {
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
    /// The page holding the row (shared by the rows one statement read).
    let page: RowPage
    /// The row's place in the page.
    let slot: Int

    package init(page: RowPage, slot: Int) {
        self.page = page
        self.slot = slot
    }

    /// The object's key.
    package var key: Int64 { page.keys[slot] }

    /// Whether the row holds the property at the caller's `position` (a stream's page may hold
    /// only the columns its iteration reads: read the object's own row for the others).
    package func holds(_ position: Int) -> Bool { page.holds(slot, position) }
}
