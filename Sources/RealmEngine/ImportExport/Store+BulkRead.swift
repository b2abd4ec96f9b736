// Bulk reading: realm-export's reads of a whole class's values, one statement per class and per collection property, merge-joined.

/// Reading whole classes for realm-export: every object's values from one statement per class
/// and one per collection property, instead of a query per object and per collection.
extension Store {
    /// Calls `body` with every object of a class in `order` and its persisted properties'
    /// values in schema order (what `values(of:)` returns). One statement steps the class's rows
    /// and one per List, MutableSet or Map property steps that property's elements for all
    /// objects at once, in the same order; each object takes the elements of its own key as the
    /// two meet (a merge join). Memory stays flat: one object's values at a time. `body` may
    /// read the store (not write it).
    ///
    /// - Throws: for asymmetric classes, and `StoreError` for malformed stored values.
    ///
    /// For example:
    ///
    ///     try store.forEachObjectWithValues("Person", order: .primaryKey) { person, values in print(person, values) }
    package func forEachObjectWithValues(_ className: String, order: ObjectOrder,
                                         _ body: (ObjectKey, [StoreValue]) throws -> Void) throws {
        let info = try queryableClass(className)
        let orderBy = order == .primaryKey ? info.primaryKey.map { "t.\($0.column), t._key" } ?? "t._key" : "t._key"
        var columns = ["t._key"]
        for position in info.singlePositions {
            columns.append("t." + info.properties[position].column)
            if info.properties[position].isMixed { columns.append("t." + info.properties[position].typeColumn) }
        }
        let rows = try Statement(database: connection.handle,
                                 sql: "SELECT \(columns.joined(separator: ", ")) FROM \(info.table) AS t ORDER BY \(orderBy)")
        var cursors = [ElementCursor?](repeating: nil, count: info.properties.count)
        for position in info.collectionPositions {
            cursors[position] = try ElementCursor(self, info.properties[position], table: info.table, orderBy: orderBy)
        }
        var values: [StoreValue] = []
        values.reserveCapacity(info.properties.count)
        while try rows.step() {
            let key = rows.int64(0)
            values.removeAll(keepingCapacity: true)
            for (position, property) in info.properties.enumerated() {
                if let value = try singleValue(property, at: position, in: info, row: rows) {
                    values.append(value)
                } else {
                    values.append(try cursors[position]!.collection(of: key))
                }
            }
            try body(ObjectKey(className: info.name, key: key), values)
        }
    }

    /// The primary-key value of an object (one prepared statement per class): what a link to
    /// it is written as.
    ///
    /// - Throws: `StoreError.noPrimaryKey` for a class without one, `invalidatedObject` for an
    ///   object that does not exist.
    ///
    /// For example:
    ///
    ///     try store.primaryKeyValue(of: dog)    // .uuid(…)
    package func primaryKeyValue(of object: ObjectKey) throws -> StoreValue {
        let info = try classInfo(object.className)
        guard let primaryKey = info.primaryKey else { throw StoreError.noPrimaryKey(object.className) }
        let statement = try prepared(&info.primaryKeyStatement, "SELECT \(primaryKey.column) FROM \(info.table) WHERE _key = ?")
        defer { statement.reset() }
        statement.bind(1, object.key)
        guard try statement.step() else { throw StoreError.invalidatedObject }
        return try decoded(LiveColumn(statement: statement, index: 0), primaryKey.base)
    }
}

/// The elements of one collection property for every object of its class, stepped in the
/// objects' order (the side table joined to the class table, so both statements agree on it).
private final class ElementCursor {
    let store: Store
    let property: PropertyInfo
    let statement: Statement
    let hasType: Bool
    /// Whether the statement stands on a row (not yet taken).
    var hasRow: Bool
    /// Whether the objects come in key order (the side table is read alone, by its primary key).
    let keyOrder: Bool
    /// One object's elements or entries while they are read, kept from one object to the next so
    /// that each collection is allocated once, at its size, not grown element by element.
    private var elements: [StoreValue] = []
    private var entries: [(String, StoreValue)] = []

    init(_ store: Store, _ property: PropertyInfo, table: String, orderBy: String) throws {
        self.store = store
        self.property = property
        hasType = property.isMixed || property.setNeedsTypeColumn
        let first = property.collection == .map ? "s.key, " : ""
        let elementOrder = switch property.collection {
        case .list: "s.pos"
        case .map: "s.key"
        default: hasType ? "s.type, s.value" : "s.value"
        }
        // In key order the side table's own primary key (owner first) is the order: no join with
        // the class table (orphan rows, if any, are skipped in `collection(of:)`).
        keyOrder = orderBy == "t._key"
        let sql = keyOrder
            ? "SELECT s.owner, \(first)s.value\(hasType ? ", s.type" : "") FROM \(property.sideTable) AS s ORDER BY s.owner, \(elementOrder)"
            : "SELECT s.owner, \(first)s.value\(hasType ? ", s.type" : "") FROM \(table) AS t CROSS JOIN \(property.sideTable) AS s"
                + " ON s.owner = t._key ORDER BY \(orderBy), \(elementOrder)"
        statement = try Statement(database: store.connection.handle, sql: sql)
        hasRow = try statement.step()
    }

    /// The collection of the object with `key`: the rows at the cursor that it owns
    /// (`.list` for a List or MutableSet, `.dictionary` for a Map, like `Store.get`).
    func collection(of key: Int64) throws -> StoreValue {
        let valueColumn: Int32 = property.collection == .map ? 2 : 1
        // In key order, rows of owners that are not objects come before the next object's.
        while keyOrder && hasRow && statement.int64(0) < key { hasRow = try statement.step() }
        if property.collection == .map {
            entries.removeAll(keepingCapacity: true)
            while hasRow && statement.int64(0) == key {
                entries.append((statement.string(1), try element(valueColumn)))
                hasRow = try statement.step()
            }
            // The side table's primary key (owner, key) makes the keys unique.
            return .dictionary(entries.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: entries))
        }
        elements.removeAll(keepingCapacity: true)
        while hasRow && statement.int64(0) == key {
            elements.append(try element(valueColumn))
            hasRow = try statement.step()
        }
        // A copy at its size (`Array(elements)` would share the scratch buffer, which the next
        // object would then copy again).
        return .list(elements.isEmpty ? [] : elements.withUnsafeBufferPointer { Array($0) })
    }

    private func element(_ column: Int32) throws -> StoreValue {
        try store.element(statement.raw(column), tag: hasType ? statement.int64(column + 1) : 0, property)
    }
}
