extension Store {
    /// Sets one property of an existing object, as a Realm property setter does: collections
    /// are replaced, a nested object input creates a new object (or upserts one with a primary
    /// key), a replaced embedded object is deleted.
    ///
    /// - Throws: `StoreError` code `.primaryKeyModified` for a changed primary key,
    ///   `.invalidatedObject` for a deleted object, `.invalidValue` for type errors,
    ///   `.notInWriteTransaction`.
    ///
    /// For example:
    ///
    ///     try store.set(order, "addr", ["city": "Bergen"])
    public func set(_ object: ObjectKey, _ property: String, _ value: InputValue) throws {
        try requireWrite()
        let info = try classInfo(object.className)
        let property = try info.property(property)
        guard try exists(info, object.key) else { throw StoreError.invalidatedObject }
        if property.isPrimaryKey {
            let current = try get(object, property.name)
            if current != (try scalarInput(value, property)) {
                throw StoreError.primaryKeyModified(info.name, property.name)
            }
            return
        }
        try atomically { try updateObject(info, object.key, [property.name: value], policy: .all) }
    }

    /// Applies the supplied properties to an existing object under `.all` or `.modified`
    /// (docs/relationships.md, section 6); absent properties stay untouched, the primary key is not written.
    ///
    /// The changed columns are written with one `UPDATE` (none when nothing changed, so
    /// `totalChanges` still tells an unchanged object apart), and before any nested object
    /// input, which may update this very object.
    func updateObject(_ info: ClassInfo, _ key: Int64, _ fields: some ObjectFields, policy: UpdatePolicy) throws {
        guard let row = try readRow(info, key) else { throw StoreError.invalidatedObject }
        var changes = ColumnChanges()
        do {
            for position in info.singlePositions {
                let property = info.properties[position]
                guard let input = fields.input(for: property, at: position), !property.isPrimaryKey else { continue }
                try change(property, at: position, of: info, key, row: row, to: input, policy: policy, &changes)
            }
        } catch {
            // As with one UPDATE per column, the properties before a failing one stay written.
            try writeColumns(info, key, &changes)
            throw error
        }
        try writeColumns(info, key, &changes)
        for position in info.collectionPositions {
            let property = info.properties[position]
            if let input = fields.input(for: property, at: position) {
                try writeCollection(property, owner: key, input, policy: policy, isNew: false)
            } else if let pieces = fields.stream(at: position) {
                try writeCollection(property, owner: key, pieces, policy: policy, isNew: false)
            }
        }
    }

    /// Adds the new column values of one single-valued property to `changes` (nothing when
    /// `.modified` finds it unchanged). A nested object input first writes what is pending,
    /// since creating it may update this very object.
    private func change(_ property: PropertyInfo, at position: Int, of info: ClassInfo, _ key: Int64, row: [SQLValue],
                        to input: InputValue, policy: UpdatePolicy, _ changes: inout ColumnChanges) throws {
        let column = Int(info.rowColumns[position])
        if property.isMixed {
            let old: MixedSlot = (row[column + 1].int, row[column])
            if let new = try assignMixed(old: old, new: input.mixedValue, policy: policy) {
                changes.append(position, new.value, tag: new.tag)
            }
        } else if property.isLink {
            if case .object = input { try writeColumns(info, key, &changes) }
            let current = row[column].isNull ? nil : row[column].int
            let target = try linkTarget(property, input, current: current, policy: policy)
            if target != current {
                changes.append(position, target.map { .int($0) } ?? .null)
                if property.targetIsEmbedded, let current {
                    try deleteObject(try targetInfo(property), current, fromOwner: true)
                }
            }
        } else {
            let value = try scalarInput(input, property)
            let encoded = try encode(value, property, optional: property.isOptional)
            if policy == .modified, try decoded(row[column], property.base) == value { return }
            changes.append(position, encoded)
        }
    }

    /// Runs the `UPDATE` of the pending column changes of one object, if any, and empties them.
    private func writeColumns(_ info: ClassInfo, _ key: Int64, _ changes: inout ColumnChanges) throws {
        guard !changes.positions.isEmpty else { return }
        let statement = try updateStatement(info, changes.positions)
        for (index, value) in changes.values.enumerated() {
            statement.bind(Int32(index + 1), value)
        }
        statement.bind(Int32(changes.values.count + 1), key)
        noteModified(info, key, changes.positions.map { info.properties[$0].name })
        changes.removeAll()
        try statement.run()
    }

    /// The prepared `UPDATE` of the columns of the properties at `positions` (`ClassInfo.updateSQL`).
    private func updateStatement(_ info: ClassInfo, _ positions: [Int]) throws -> Statement {
        if let statement = info.updateStatements[positions] { return statement }
        let statement = try Statement(database: connection.handle, sql: info.updateSQL(positions))
        info.updateStatements[positions] = statement
        return statement
    }
}

/// The single-valued properties of one object to write, by position, with their encoded values
/// in `UPDATE` parameter order (a mixed property's value, then its type tag).
struct ColumnChanges {
    private(set) var positions: [Int] = []
    private(set) var values: [SQLValue] = []

    mutating func append(_ position: Int, _ value: SQLValue) {
        positions.append(position)
        values.append(value)
    }

    /// A mixed property's value and type tag.
    mutating func append(_ position: Int, _ value: SQLValue, tag: Int64) {
        positions.append(position)
        values.append(value)
        values.append(.int(tag))
    }

    mutating func removeAll() {
        positions.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }
}
