extension Store {
    /// Moves a List element from `from` to `to`, keeping the element (and an embedded
    /// element's row) as it is.
    package func listMove(_ object: ObjectKey, _ property: String, from: Int, to: Int) throws {
        let side = try listSideTable(object, property, indexes: [from, to])
        guard from != to else { return }
        noteModified(try classInfo(object.className), object.key, CollectionOfOne(property))
        try positions(side, object, set: from, to: -1)
        let (low, high, delta) = from < to ? (from + 1, to, -1) : (to, from - 1, 1)
        let park = try connection.cached("UPDATE \(side) SET pos = -2 - (pos + ?) WHERE owner = ? AND pos >= ? AND pos <= ?")
        park.bind(1, Int64(delta))
        park.bind(2, object.key)
        park.bind(3, Int64(low))
        park.bind(4, Int64(high))
        try park.run()
        try run("UPDATE \(side) SET pos = -2 - pos WHERE owner = ? AND pos <= -2", object.key)
        try positions(side, object, set: -1, to: to)
    }

    /// Swaps two List elements.
    package func listSwap(_ object: ObjectKey, _ property: String, _ first: Int, _ second: Int) throws {
        let side = try listSideTable(object, property, indexes: [first, second])
        guard first != second else { return }
        noteModified(try classInfo(object.className), object.key, CollectionOfOne(property))
        try positions(side, object, set: first, to: -1)
        try positions(side, object, set: second, to: first)
        try positions(side, object, set: -1, to: second)
    }

    private func listSideTable(_ object: ObjectKey, _ property: String, indexes: [Int]) throws -> String {
        try requireWrite()
        let info = try classInfo(object.className)
        let list = try info.property(property)
        guard list.collection == .list else { throw StoreError.notCollection(info.name, property, .list) }
        guard try exists(info, object.key) else { throw StoreError.invalidatedObject }
        let count = try self.count(object, property)
        for index in indexes where !(0..<count).contains(index) {
            throw StoreError.indexOutOfBounds(index, count: count, info.name, property)
        }
        return list.sideTable
    }

    private func positions(_ side: String, _ object: ObjectKey, set from: Int, to: Int) throws {
        let statement = try connection.cached("UPDATE \(side) SET pos = ? WHERE owner = ? AND pos = ?")
        statement.bind(1, Int64(to))
        statement.bind(2, object.key)
        statement.bind(3, Int64(from))
        try statement.run()
    }
}
