import RealmSchema

/// The order of `Store.objects(_:order:)`.
public enum ObjectOrder: Sendable {
    /// Creation order (the object key).
    case insertion
    /// By primary key in stored order (bytes for strings, ObjectIds and UUIDs); insertion
    /// order for classes without a primary key.
    case primaryKey
}

extension Store {
    /// The object of `className` whose primary key equals `primaryKey`, if any.
    ///
    /// For example:
    ///
    ///     let item = try store.object("Item", primaryKey: "A")
    public func object(_ className: String, primaryKey: StoreValue) throws -> ObjectKey? {
        let info = try queryableClass(className)
        guard info.primaryKey != nil else { throw StoreError.noPrimaryKey(className) }
        return try lookup(info, primaryKey).map { ObjectKey(className: className, key: $0) }
    }

    /// The key of the object with this primary-key value (one index probe).
    func lookup(_ info: ClassInfo, _ value: StoreValue) throws -> Int64? {
        guard let primaryKey = info.primaryKey, let lookupSQL = info.lookupSQL, let nullSQL = info.lookupNullSQL else { return nil }
        if let importedKeys = info.importedKeys, !importedKeys.mayContain(value) { return nil }
        let statement: Statement
        if value.isNull {
            statement = try prepared(&info.lookupNullStatement, nullSQL)
        } else {
            guard let encoded = ValueCodec.encode(value, base: primaryKey.base) else {
                throw StoreError.invalidValue(value, for: primaryKey)
            }
            statement = try prepared(&info.lookupStatement, lookupSQL)
            statement.bind(1, encoded)
        }
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : nil
    }

    /// Every object of a class, in a stable order.
    ///
    /// - Throws: for asymmetric classes, whose objects are write-only (see `outbox`).
    public func objects(_ className: String, order: ObjectOrder = .insertion) throws -> [ObjectKey] {
        try keys(of: try queryableClass(className), order: order)
    }

    /// The storage of a class whose objects can be read and queried.
    ///
    /// - Throws: `StoreError.asymmetricQuery` for an asymmetric class (write-only, see `outbox`).
    func queryableClass(_ className: String) throws -> ClassInfo {
        let info = try classInfo(className)
        if info.isAsymmetric { throw StoreError.asymmetricQuery(className) }
        return info
    }

    /// `SELECT _key FROM "C" ORDER BY …` in `order` (the primary key, then the key).
    func keysSQL(_ info: ClassInfo, _ order: ObjectOrder) -> String {
        let orderBy = order == .primaryKey ? info.primaryKey.map { "\($0.column), _key" } ?? "_key" : "_key"
        return "SELECT _key FROM \(info.table) ORDER BY \(orderBy)"
    }

    func keys(of info: ClassInfo, order: ObjectOrder) throws -> [ObjectKey] {
        let statement = try connection.cached(keysSQL(info, order))
        defer { statement.reset() }
        var result: [ObjectKey] = []
        while try statement.step() {
            result.append(ObjectKey(className: info.name, key: statement.int64(0)))
        }
        return result
    }

    /// The number of objects of a class.
    public func count(_ className: String) throws -> Int {
        let info = try queryableClass(className)
        let statement = try connection.cached("SELECT count(*) FROM \(info.table)")
        defer { statement.reset() }
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    /// Whether the object still exists.
    public func isValid(_ object: ObjectKey) -> Bool {
        guard let info = classes[object.className] else { return false }
        return (try? exists(info, object.key)) ?? false
    }

    func exists(_ info: ClassInfo, _ key: Int64) throws -> Bool {
        let statement = try prepared(&info.existsStatement, info.existsSQL)
        defer { statement.reset() }
        statement.bind(1, key)
        return try statement.step()
    }

    /// One property's value: a scalar, `.object` for a link, `.list` for a List or MutableSet
    /// (and for `linkingObjects`, the objects linking here), `.dictionary` for a Map.
    public func get(_ object: ObjectKey, _ property: String) throws -> StoreValue {
        let info = try classInfo(object.className)
        if let linking = info.linkingObjects[property] {
            guard try exists(info, object.key) else { throw StoreError.invalidatedObject }
            return .list(try linkingObjects(object, linking).map { .object($0) })
        }
        let property = try info.property(property)
        guard let row = try readRow(info, object.key) else { throw StoreError.invalidatedObject }
        return try value(of: property, at: info.positions[property.name]!, in: info, row: row, owner: object.key)
    }

    /// Every persisted property's value, in schema order (`ModelSchema.persistedProperties`).
    /// The row is decoded where SQLite holds it (no copy of its columns), then released before
    /// the collections are read.
    public func values(of object: ObjectKey) throws -> [StoreValue] {
        let info = try classInfo(object.className)
        let statement = try prepared(&info.selectRowStatement, info.selectRowSQL)
        var values: [StoreValue] = []
        values.reserveCapacity(info.properties.count)
        do {
            defer { statement.reset() }
            statement.bind(1, object.key)
            guard try statement.step() else { throw StoreError.invalidatedObject }
            for (position, property) in info.properties.enumerated() {
                values.append(try singleValue(property, at: position, in: info, row: statement) ?? .null)
            }
        }
        for position in info.collectionPositions {
            values[position] = try readCollection(info.properties[position], owner: object.key)
        }
        return values
    }

    /// A single-valued property's value from a row of `SELECT _key, <row columns>` that
    /// `row` stands on; nil for a collection property.
    func singleValue(_ property: PropertyInfo, at position: Int, in info: ClassInfo, row: Statement) throws -> StoreValue? {
        guard property.isSingle else { return nil }
        let column = info.rowColumns[position]
        if property.isMixed { return try readMixed(tag: row.int64(column + 1), value: row.raw(column)) }
        return try decoded(LiveColumn(statement: row, index: column), property.base)
    }

    /// The raw stored row (`_key`, then the single-valued columns), or nil if absent.
    func readRow(_ info: ClassInfo, _ key: Int64) throws -> [SQLValue]? {
        let statement = try prepared(&info.selectRowStatement, info.selectRowSQL)
        defer { statement.reset() }
        statement.bind(1, key)
        guard try statement.step() else { return nil }
        return (0..<statement.columnCount).map { statement.raw($0) }
    }

    func value(of property: PropertyInfo, at position: Int, in info: ClassInfo, row: [SQLValue], owner: Int64) throws -> StoreValue {
        guard property.isSingle else { return try readCollection(property, owner: owner) }
        let column = Int(info.rowColumns[position])
        if property.isMixed {
            return try readMixed(tag: row[column + 1].int, value: row[column])
        }
        return try decoded(row[column], property.base)
    }

    func decoded(_ source: some ColumnSource, _ base: BaseType) throws -> StoreValue {
        guard let value = ValueCodec.decode(source, base: base) else {
            throw StoreError.malformedStoredValue(path, base.yamlName)
        }
        return value
    }

    /// The elements of a List or MutableSet (`.list`) or the entries of a Map (`.dictionary`).
    func readCollection(_ property: PropertyInfo, owner: Int64) throws -> StoreValue {
        let typeColumn = property.isMixed || property.setNeedsTypeColumn ? ", type" : ""
        switch property.collection {
        case .map:
            let statement = try connection.cached("SELECT key, value\(typeColumn) FROM \(property.sideTable) WHERE owner = ?")
            statement.bind(1, owner)
            var rows: [(String, SQLValue, Int64)] = []
            while try statement.step() {
                rows.append((statement.string(0), statement.raw(1), typeColumn.isEmpty ? 0 : statement.int64(2)))
            }
            statement.reset()
            var result: [String: StoreValue] = [:]
            for (key, value, tag) in rows {
                result[key] = try element(value, tag: tag, property)
            }
            return .dictionary(result)
        case .list, .set:
            return .list(try storedElements(property, owner: owner).map { try element($0.value, tag: $0.tag, property) })
        case .single:
            preconditionFailure(StoreError.Trap.singleValued("readCollection"))
        }
    }

    /// Decodes one collection element; `tag` is the mixed tag, or for optional sets 0 = null.
    func element(_ value: SQLValue, tag: Int64, _ property: PropertyInfo) throws -> StoreValue {
        if property.isMixed { return try readMixed(tag: tag, value: value) }
        if property.setNeedsTypeColumn && tag == 0 { return .null }
        return try decoded(value, property.base)
    }
}
