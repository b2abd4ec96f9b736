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

    /// The single-valued properties named in `names` (nil: skipped, `.null`) from one row read.
    package func singleValues(_ object: ObjectKey, names: [String?]) throws -> [StoreValue] {
        let info = try classInfo(object.className)
        guard let row = try readRow(info, object.key) else { throw StoreError.invalidatedObject }
        return try decodedRow(row, info, positions(info, names), owner: object.key)
    }

    /// The single values of several objects of one class, as `singleValues(_:names:)`, from one
    /// statement (for iterating lazy results a page at a time); objects that no longer exist
    /// are left out.
    package func singleValues(_ className: String, keys: ArraySlice<Int64>, names: [String?]) throws -> [Int64: [StoreValue]] {
        let info = try classInfo(className)
        let sql = info.selectRowSQL.replacingOccurrences(of: " WHERE _key = ?", with: " WHERE _key IN (SELECT value FROM json_each(?))")
        let statement = try connection.cached(sql)
        defer { statement.reset() }
        statement.bind(1, "[" + keys.map(String.init).joined(separator: ",") + "]")
        let positions = positions(info, names)
        var rows: [Int64: [StoreValue]] = [:]
        while try statement.step() {
            let key = statement.int64(0)
            rows[key] = try decodedRow((0..<statement.columnCount).map { statement.raw($0) }, info, positions, owner: key)
        }
        return rows
    }

    /// The positions of the single-valued properties named (nil for others and for nil names).
    private func positions(_ info: ClassInfo, _ names: [String?]) -> [Int?] {
        names.map { name in
            guard let name, let position = info.positions[name], info.properties[position].isSingle else { return nil }
            return position
        }
    }

    private func decodedRow(_ row: [SQLValue], _ info: ClassInfo, _ positions: [Int?], owner: Int64) throws -> [StoreValue] {
        try positions.map { position in
            guard let position else { return .null }
            return try value(of: info.properties[position], at: position, in: info, row: row, owner: owner)
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
