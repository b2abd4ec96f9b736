// Collection edits: the public one-element operations on an object's List, MutableSet or Map (count, insert, set, remove).

import RealmSchema

extension Store {
    /// The number of elements of a List or MutableSet, or of entries of a Map.
    public func count(_ object: ObjectKey, _ property: String) throws -> Int {
        let (_, info) = try collection(object, property)
        let statement = try connection.cached("SELECT count(*) FROM \(info.sideTable) WHERE owner = ?")
        statement.bind(1, object.key)
        defer { statement.reset() }
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    /// Inserts an element into a List at `index` (`count` appends); a nested object input
    /// creates (or upserts) the object, an embedded one is created for this list.
    ///
    /// For example:
    ///
    ///     try store.listInsert(order, "items", .value(.object(item)), at: 0)
    public func listInsert(_ object: ObjectKey, _ property: String, _ value: InputValue, at index: Int) throws {
        let (_, info) = try collection(object, property, kind: .list, writing: true)
        let count = try self.count(object, property)
        guard index >= 0 && index <= count else { throw StoreError.indexOutOfBounds(index, count: count, info.className, info.name) }
        try atomically {
            noteModified(info, owner: object.key)
            try shiftPositions(info, owner: object.key, from: index, by: 1)
            try writeElement(info, owner: object.key, position: index, value)
        }
    }

    /// Replaces the List element at `index` (a replaced embedded object is deleted).
    public func listSet(_ object: ObjectKey, _ property: String, _ value: InputValue, at index: Int) throws {
        let (_, info) = try collection(object, property, kind: .list, writing: true)
        let elements = try storedElements(info, owner: object.key)
        guard elements.indices.contains(index) else { throw StoreError.indexOutOfBounds(index, count: elements.count, info.className, info.name) }
        try atomically {
            noteModified(info, owner: object.key)
            try discard(info, [elements[index]])
            try writeElement(info, owner: object.key, position: index, value)
        }
    }

    /// Removes the List element at `index` (an embedded element is deleted).
    public func listRemove(_ object: ObjectKey, _ property: String, at index: Int) throws {
        let (_, info) = try collection(object, property, kind: .list, writing: true)
        let elements = try storedElements(info, owner: object.key)
        guard elements.indices.contains(index) else { throw StoreError.indexOutOfBounds(index, count: elements.count, info.className, info.name) }
        try atomically {
            noteModified(info, owner: object.key)
            try discard(info, [elements[index]])
            let statement = try connection.cached("DELETE FROM \(info.sideTable) WHERE owner = ? AND pos = ?")
            statement.bind(1, object.key)
            statement.bind(2, Int64(index))
            try statement.run()
            try shiftPositions(info, owner: object.key, from: index + 1, by: -1)
        }
    }

    /// Adds an element to a MutableSet (no effect when an equal element is there).
    public func setInsert(_ object: ObjectKey, _ property: String, _ value: InputValue) throws {
        _ = try collection(object, property, kind: .set, writing: true)
        try atomically {
            try updateObject(try classInfo(object.className), object.key, [property: .collection([value])], policy: .modified)
        }
    }

    /// Removes an element from a MutableSet, if present.
    public func setRemove(_ object: ObjectKey, _ property: String, _ value: StoreValue) throws {
        let (_, info) = try collection(object, property, kind: .set, writing: true)
        var tag: Int64 = 1
        var encoded: SQLValue
        switch value {
        case .null where info.isMixed || info.isOptional:
            (tag, encoded) = (0, .int(0))
        case .object(let key) where info.isMixed:
            guard let target = classes[key.className] else { return }
            (tag, encoded) = (MixedTag.linkBase + target.classID, .int(key.key))
        default:
            if info.isMixed {
                guard let scalar = MixedTag.scalar(value), let value = ValueCodec.encode(value, base: scalar.base) else { return }
                (tag, encoded) = (scalar.tag, value)
            } else {
                guard let value = ValueCodec.encode(value, base: info.base) else { throw StoreError.invalidValue(value, for: info) }
                encoded = value
            }
        }
        let statement = try connection.cached(info.setNeedsTypeColumn
            ? "DELETE FROM \(info.sideTable) WHERE owner = ? AND value = ? AND type = ?"
            : "DELETE FROM \(info.sideTable) WHERE owner = ? AND value = ?")
        statement.bind(1, object.key)
        statement.bind(2, encoded)
        if info.setNeedsTypeColumn { statement.bind(3, tag) }
        try statement.run()
        if connection.changes > 0 { noteModified(info, owner: object.key) }
    }

    /// Sets a Map entry (a replaced embedded value is deleted); `nil` input stores null.
    public func mapSet(_ object: ObjectKey, _ property: String, key: String, _ value: InputValue) throws {
        let (_, info) = try collection(object, property, kind: .map, writing: true)
        try atomically {
            noteModified(info, owner: object.key)
            if let old = try storedEntry(info, owner: object.key, key: key) { try discard(info, [old]) }
            try writeCollection(info, owner: object.key, .map([key: value]), policy: .all, isNew: true)
        }
    }

    /// Removes a Map entry, if present.
    public func mapRemove(_ object: ObjectKey, _ property: String, key: String) throws {
        let (_, info) = try collection(object, property, kind: .map, writing: true)
        try Store.validateMapKey(key)
        guard let old = try storedEntry(info, owner: object.key, key: key) else { return }
        try atomically {
            noteModified(info, owner: object.key)
            try discard(info, [old])
            let statement = try connection.cached("DELETE FROM \(info.sideTable) WHERE owner = ? AND key = ?")
            statement.bind(1, object.key)
            statement.bind(2, key)
            try statement.run()
        }
    }

    /// Checks the object and the collection property (of `kind`, when given).
    private func collection(_ object: ObjectKey, _ property: String, kind: CollectionKind? = nil,
                            writing: Bool = false) throws -> (ClassInfo, PropertyInfo) {
        if writing { try requireWrite() }
        let owner = try classInfo(object.className)
        let info = try owner.property(property)
        guard !info.isSingle, kind == nil || info.collection == kind else {
            throw StoreError.notCollection(owner.name, property, kind)
        }
        guard try exists(owner, object.key) else { throw StoreError.invalidatedObject }
        return (owner, info)
    }

    /// Writes one list element row at `position` (the position must be free).
    private func writeElement(_ info: PropertyInfo, owner: Int64, position: Int, _ value: InputValue) throws {
        let slot = try elementSlot(info, value, current: nil, policy: .all, allowsNull: info.isOptional || info.isMixed)
        let statement = try prepared(&info.insertElementStatement, info.insertElementSQL)
        statement.bind(1, owner)
        statement.bind(2, Int64(position))
        statement.bind(3, slot.value)
        if info.isMixed { statement.bind(4, slot.tag) }
        try statement.run()
    }

    /// Moves list positions ≥ `from` by `delta` in two steps through negative values, so the
    /// `(owner, pos)` key never collides midway.
    private func shiftPositions(_ info: PropertyInfo, owner: Int64, from: Int, by delta: Int) throws {
        let away = try connection.cached("UPDATE \(info.sideTable) SET pos = -1 - (pos + ?) WHERE owner = ? AND pos >= ?")
        away.bind(1, Int64(delta))
        away.bind(2, owner)
        away.bind(3, Int64(from))
        try away.run()
        try run("UPDATE \(info.sideTable) SET pos = -1 - pos WHERE owner = ? AND pos < 0", owner)
    }
}
