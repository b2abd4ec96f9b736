// Collection writes from pieces: a collection property whose input is `CollectionPieces`, written one piece at a time.

extension Store {
    /// Writes a List, MutableSet or Map property given in pieces (`CollectionPieces`): each
    /// piece is written before the next is asked for, so only one piece is held at a time.
    /// Replaces the contents like `writeCollection(_:owner:_:policy:isNew:)`; under `.modified`
    /// an existing object's collection is merged element-wise, which needs the whole input, so
    /// the pieces are gathered first.
    ///
    /// - Throws: what `pieces` throws, `StoreError` as for one input, `DuplicateMapKey` for a
    ///   map key given twice.
    func writeCollection(_ property: PropertyInfo, owner: Int64, _ pieces: CollectionPieces, policy: UpdatePolicy,
                         isNew: Bool) throws {
        if !isNew && policy == .modified {
            try writeCollection(property, owner: owner, try gathered(pieces, property), policy: policy, isNew: false)
            return
        }
        if !isNew { try clearCollection(property, owner: owner) }
        var written = 0
        while let piece = try pieces.next() {
            switch property.collection {
            case .list:
                let elements = try elements(of: piece, property)
                try writeList(property, owner: owner, elements, from: written, policy: policy, merge: false)
                written += elements.count
            case .set:
                try insertSetElements(property, owner: owner, try elements(of: piece, property), policy: policy)
            case .map:
                try insertNewEntries(property, owner: owner, try entries(of: piece, property), policy: policy)
            case .single:
                preconditionFailure(StoreError.Trap.singleValued("writeCollection"))
            }
        }
    }

    /// Adds map entries whose keys must not be stored yet (an earlier piece may not repeat them).
    private func insertNewEntries(_ property: PropertyInfo, owner: Int64, _ entries: [String: InputValue],
                                  policy: UpdatePolicy) throws {
        let statement = try connection.cached(
            "INSERT OR IGNORE INTO \(property.sideTable)(owner, key, value\(property.isMixed ? ", type" : "")) VALUES (?, ?, ?\(property.isMixed ? ", ?" : ""))")
        for (key, element) in entries {
            try Store.validateMapKey(key)
            let slot = try elementSlot(property, element, current: nil, policy: policy, allowsNull: property.isOptional || property.isMixed)
            statement.bind(1, owner)
            statement.bind(2, key)
            statement.bind(3, slot.value)
            if property.isMixed { statement.bind(4, slot.tag) }
            try statement.run()
            if connection.changes == 0 { throw DuplicateMapKey(key: key, property: property.name) }
        }
    }

    /// Every piece of `pieces` as one input.
    private func gathered(_ pieces: CollectionPieces, _ property: PropertyInfo) throws -> InputValue {
        if property.collection == .map {
            var entries: [String: InputValue] = [:]
            while let piece = try pieces.next() {
                for (key, value) in try self.entries(of: piece, property) {
                    guard entries.updateValue(value, forKey: key) == nil else { throw DuplicateMapKey(key: key, property: property.name) }
                }
            }
            return .map(entries)
        }
        var elements: [InputValue] = []
        while let piece = try pieces.next() { elements += try self.elements(of: piece, property) }
        return .collection(elements)
    }
}
