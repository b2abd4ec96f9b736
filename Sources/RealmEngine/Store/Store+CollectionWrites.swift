// Collection writes: a whole List, MutableSet or Map property written while its object is created or updated.

extension Store {
    /// One stored collection element: its value and its type column (mixed tag; for optional
    /// sets 0 = null, 1 = value; otherwise unused).
    typealias ElementSlot = (value: SQLValue, tag: Int64)

    /// Writes a List, MutableSet or Map property. New objects and `.all`/`.error` replace the
    /// contents; `.modified` updates lists element-wise and merges sets and maps.
    func writeCollection(_ property: PropertyInfo, owner: Int64, _ input: InputValue, policy: UpdatePolicy, isNew: Bool) throws {
        let merge = !isNew && policy == .modified
        if !isNew { noteModified(property, owner: owner) }
        if !isNew && !merge { try clearCollection(property, owner: owner) }
        switch property.collection {
        case .list:
            try writeList(property, owner: owner, try elements(of: input, property), policy: policy, merge: merge)
        case .set:
            try insertSetElements(property, owner: owner, try elements(of: input, property), policy: policy)
        case .map:
            try writeMap(property, owner: owner, try entries(of: input, property), policy: policy, merge: merge)
        case .single:
            preconditionFailure(StoreError.Trap.singleValued("writeCollection"))
        }
    }

    /// Adds the elements of a set (duplicates ignored).
    func insertSetElements(_ property: PropertyInfo, owner: Int64, _ elements: [InputValue], policy: UpdatePolicy) throws {
        var rows = ElementRows(property, count: elements.count, fresh: true)
        for element in elements {
            if property.isMixed, case .list = element.mixedValue { throw StoreError.invalidValue(element.mixedValue, for: property) }
            if property.isMixed, case .dictionary = element.mixedValue { throw StoreError.invalidValue(element.mixedValue, for: property) }
            let slot = try elementSlot(property, element, current: nil, policy: policy, allowsNull: property.isOptional || property.isMixed)
            try rows.append(owner: owner, key: nil, slot, store: self)
        }
        rows.finish()
    }

    /// Writes list elements at positions from `start` on; with `merge`, updates the stored
    /// elements in place and trims what is past the new end.
    func writeList(_ property: PropertyInfo, owner: Int64, _ elements: [InputValue], from start: Int = 0,
                   policy: UpdatePolicy, merge: Bool) throws {
        let existing = merge ? try storedElements(property, owner: owner) : []
        var rows = ElementRows(property, count: elements.count, fresh: !merge)
        for (offset, element) in elements.enumerated() {
            let index = start + offset
            var slot: ElementSlot?
            if index < existing.count {
                slot = try mergedSlot(property, element, old: existing[index])
            } else {
                slot = try elementSlot(property, element, current: nil, policy: policy, allowsNull: property.isOptional || property.isMixed)
            }
            guard let slot else { continue }
            try rows.append(owner: owner, key: .int(Int64(index)), slot, store: self)
        }
        rows.finish()
        if existing.count > elements.count {
            try discard(property, Array(existing[elements.count...]))
            let trim = try connection.cached("DELETE FROM \(property.sideTable) WHERE owner = ? AND pos >= ?")
            trim.bind(1, owner)
            trim.bind(2, Int64(elements.count))
            try trim.run()
        }
    }

    private func writeMap(_ property: PropertyInfo, owner: Int64, _ entries: [String: InputValue], policy: UpdatePolicy, merge: Bool) throws {
        var rows = ElementRows(property, count: entries.count, fresh: !merge)
        for (key, element) in entries {
            try Store.validateMapKey(key)
            var slot: ElementSlot?
            if merge, let old = try storedEntry(property, owner: owner, key: key) {
                slot = try mergedSlot(property, element, old: old)
            } else {
                slot = try elementSlot(property, element, current: nil, policy: policy, allowsNull: property.isOptional || property.isMixed)
            }
            guard let slot else { continue }
            try rows.append(owner: owner, key: .text(key), slot, store: self)
        }
        rows.finish()
    }

    /// The new slot for an element under `.modified`, or nil when it is unchanged. Nested
    /// objects without a primary key and embedded objects are updated in place.
    private func mergedSlot(_ property: PropertyInfo, _ element: InputValue, old: ElementSlot) throws -> ElementSlot? {
        if property.isMixed {
            return try assignMixed(old: (old.tag, old.value), new: element.mixedValue, policy: .modified).map { ($0.value, $0.tag) }
        }
        if property.isLink {
            let current = old.value.isNull ? nil : old.value.int
            let slot = try elementSlot(property, element, current: current, policy: .modified, allowsNull: property.collection == .map)
            if slot.value.intValue == current { return nil }
            if property.targetIsEmbedded, let current {
                try deleteObject(try targetInfo(property), current, fromOwner: true)
            }
            return slot
        }
        let value = try scalarInput(element, property)
        if try decoded(old.value, property.base) == value { return nil }
        return try elementSlot(property, element, current: nil, policy: .modified, allowsNull: property.isOptional)
    }

    /// Encodes one element (creating nested objects and mixed collections as needed).
    func elementSlot(_ property: PropertyInfo, _ element: InputValue, current: Int64?, policy: UpdatePolicy,
                     allowsNull: Bool) throws -> ElementSlot {
        if property.isMixed {
            let slot = try writeMixed(element.mixedValue)
            return (slot.value, slot.tag)
        }
        if property.isLink {
            guard let key = try linkTarget(property, element, current: current, policy: policy) else {
                if allowsNull { return (.null, 0) }
                throw StoreError.invalidValue(.null, for: property)
            }
            return (.int(key), 1)
        }
        let value = try scalarInput(element, property)
        let encoded = try encode(value, property, optional: allowsNull)
        return (encoded, value.isNull ? 0 : 1)
    }
}
