// Collection side tables: unpacking collection inputs; reading, clearing and discarding side-table rows.

extension Store {
    /// The elements of a List or MutableSet input: an array, a `.list` value, or null (empty).
    func elements(of input: InputValue, _ property: PropertyInfo) throws -> [InputValue] {
        switch input {
        case .collection(let elements): return elements
        case .value(.list(let values)): return values.map { .value($0) }
        case .value(.null): return []
        default: throw StoreError.notEnumerable(input.mixedValue, for: property)
        }
    }

    /// The entries of a Map input: a dictionary, a `.dictionary` value, or null (empty).
    func entries(of input: InputValue, _ property: PropertyInfo) throws -> [String: InputValue] {
        switch input {
        case .map(let entries), .object(let entries): return entries
        case .value(.dictionary(let values)): return values.mapValues { .value($0) }
        case .value(.null): return [:]
        default: throw StoreError.notEnumerable(input.mixedValue, for: property)
        }
    }

    /// The stored elements of a list in order, or of a set.
    func storedElements(_ property: PropertyInfo, owner: Int64) throws -> [ElementSlot] {
        let hasType = property.isMixed || property.setNeedsTypeColumn
        let statement = try prepared(&property.selectElementsStatement, property.selectElementsSQL)
        statement.bind(1, owner)
        defer { statement.reset() }
        var result: [ElementSlot] = []
        while try statement.step() {
            result.append((statement.raw(0), hasType ? statement.int64(1) : 0))
        }
        return result
    }

    /// The stored value of one Map key, if present.
    func storedEntry(_ property: PropertyInfo, owner: Int64, key: String) throws -> ElementSlot? {
        let statement = try connection.cached(
            "SELECT value\(property.isMixed ? ", type" : "") FROM \(property.sideTable) WHERE owner = ? AND key = ?")
        statement.bind(1, owner)
        statement.bind(2, key)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return (statement.raw(0), property.isMixed ? statement.int64(1) : 0)
    }

    /// Removes every element of a collection, deleting embedded elements and nested mixed
    /// collections with them.
    func clearCollection(_ property: PropertyInfo, owner: Int64) throws {
        if property.targetIsEmbedded || property.isMixed {
            let stored: [ElementSlot]
            if property.collection == .map {
                let statement = try prepared(&property.selectEntryValuesStatement, property.selectEntryValuesSQL)
                statement.bind(1, owner)
                var rows: [ElementSlot] = []
                while try statement.step() {
                    rows.append((statement.raw(0), property.isMixed ? statement.int64(1) : 0))
                }
                statement.reset()
                stored = rows
            } else {
                stored = try storedElements(property, owner: owner)
            }
            try discard(property, stored)
        }
        let statement = try prepared(&property.deleteElementsStatement, property.deleteElementsSQL)
        statement.bind(1, owner)
        try statement.run()
    }

    /// Deletes what removed elements own: embedded objects and nested mixed collections.
    func discard(_ property: PropertyInfo, _ elements: [ElementSlot]) throws {
        if property.targetIsEmbedded {
            let target = try targetInfo(property)
            for element in elements where !element.value.isNull {
                try deleteObject(target, element.value.int, fromOwner: true)
            }
        } else if property.isMixed {
            for element in elements {
                try deleteMixed((element.tag, element.value))
            }
        }
    }
}
