extension Store {
    /// A stored mixed value: its type tag and its value slot.
    typealias MixedSlot = (tag: Int64, value: SQLValue)

    /// Decodes a mixed value, reading nested lists and dictionaries from `_realm_mixed`.
    func readMixed(tag: Int64, value: SQLValue) throws -> StoreValue {
        if tag == MixedTag.null { return .null }
        if let base = MixedTag.base(of: tag) { return try decoded(value, base) }
        if MixedTag.isCollection(tag) {
            let slots = try nodeSlots(value.int)
            if tag == MixedTag.list {
                return .list(try slots.map { try readMixed(tag: $0.tag, value: $0.value) })
            }
            var result: [String: StoreValue] = [:]
            for slot in slots {
                result[slot.slot.text] = try readMixed(tag: slot.tag, value: slot.value)
            }
            return .dictionary(result)
        }
        guard let className = classNames[tag - MixedTag.linkBase] else {
            throw StoreError.unknownMixedTag(path, tag)
        }
        return .object(ObjectKey(className: className, key: value.int))
    }

    /// The slots of a nested node in order (list index or dictionary key).
    func nodeSlots(_ node: Int64) throws -> [(slot: SQLValue, tag: Int64, value: SQLValue)] {
        let statement = try connection.cached("SELECT slot, type, value FROM _realm_mixed WHERE node = ? ORDER BY slot")
        statement.bind(1, node)
        defer { statement.reset() }
        var slots: [(slot: SQLValue, tag: Int64, value: SQLValue)] = []
        while try statement.step() {
            slots.append((statement.raw(0), statement.int64(1), statement.raw(2)))
        }
        return slots
    }

    /// Encodes a mixed value for storage; nested lists and dictionaries become new nodes.
    /// `level` counts the collections around the value (100 at most, as in Realm).
    func writeMixed(_ value: StoreValue, level: Int = 0) throws -> MixedSlot {
        switch value {
        case .null:
            return (MixedTag.null, .null)
        case .object(let key):
            guard let target = classes[key.className] else { throw StoreError.unknownClass(key.className) }
            if target.isEmbedded { throw StoreError.embeddedAlreadyOwned }
            guard try exists(target, key.key) else { throw StoreError.invalidatedObject }
            return (MixedTag.linkBase + target.classID, .int(key.key))
        case .list(let elements):
            guard level < 100 else { throw StoreError.maxNestingLevel }
            let node = try allocateNode()
            for (index, element) in elements.enumerated() {
                try writeSlot(node, .int(Int64(index)), try writeMixed(element, level: level + 1))
            }
            return (MixedTag.list, .int(node))
        case .dictionary(let entries):
            guard level < 100 else { throw StoreError.maxNestingLevel }
            let node = try allocateNode()
            for (key, element) in entries {
                try Store.validateMapKey(key)
                try writeSlot(node, .text(key), try writeMixed(element, level: level + 1))
            }
            return (MixedTag.dictionary, .int(node))
        default:
            let (tag, base) = MixedTag.scalar(value)!
            return (tag, ValueCodec.encode(value, base: base)!)
        }
    }

    func writeSlot(_ node: Int64, _ slot: SQLValue, _ value: MixedSlot) throws {
        let statement = try connection.cached("INSERT OR REPLACE INTO _realm_mixed(node, slot, type, value) VALUES (?, ?, ?, ?)")
        statement.bind(1, node)
        statement.bind(2, slot)
        statement.bind(3, value.tag)
        statement.bind(4, value.value)
        try statement.run()
    }

    /// Deletes the nested collections a mixed value holds, if any.
    func deleteMixed(_ slot: MixedSlot) throws {
        guard MixedTag.isCollection(slot.tag) else { return }
        let node = slot.value.int
        for child in try nodeSlots(node) where MixedTag.isCollection(child.tag) {
            try deleteMixed((child.tag, child.value))
        }
        let statement = try connection.cached("DELETE FROM _realm_mixed WHERE node = ?")
        statement.bind(1, node)
        try statement.run()
    }

    /// Replaces a stored mixed value. `.modified` keeps equal values and merges nested
    /// dictionaries (keys absent from the input stay) and lists (element-wise, extra elements
    /// removed); otherwise the old value (and its nested collections) is replaced.
    /// Returns nil when the stored value did not change.
    func assignMixed(old: MixedSlot, new: StoreValue, policy: UpdatePolicy, level: Int = 0) throws -> MixedSlot? {
        guard policy == .modified else {
            try deleteMixed(old)
            return try writeMixed(new, level: level)
        }
        switch (old.tag, new) {
        case (MixedTag.dictionary, .dictionary(let entries)):
            guard level < 100 else { throw StoreError.maxNestingLevel }
            let node = old.value.int
            var existing: [String: MixedSlot] = [:]
            for slot in try nodeSlots(node) { existing[slot.slot.text] = (slot.tag, slot.value) }
            for (key, element) in entries {
                try Store.validateMapKey(key)
                let updated = try existing[key].map { try assignMixed(old: $0, new: element, policy: policy, level: level + 1) }
                    ?? writeMixed(element, level: level + 1)
                if let updated { try writeSlot(node, .text(key), updated) }
            }
            return nil
        case (MixedTag.list, .list(let elements)):
            guard level < 100 else { throw StoreError.maxNestingLevel }
            let node = old.value.int
            let existing = try nodeSlots(node)
            for (index, element) in elements.enumerated() {
                let updated = index < existing.count
                    ? try assignMixed(old: (existing[index].tag, existing[index].value), new: element, policy: policy, level: level + 1)
                    : try writeMixed(element, level: level + 1)
                if let updated { try writeSlot(node, .int(Int64(index)), updated) }
            }
            for extra in existing.dropFirst(elements.count) {
                try deleteMixed((extra.tag, extra.value))
            }
            let trim = try connection.cached("DELETE FROM _realm_mixed WHERE node = ? AND slot >= ?")
            trim.bind(1, node)
            trim.bind(2, Int64(elements.count))
            try trim.run()
            return nil
        default:
            if !MixedTag.isCollection(old.tag), try readMixed(tag: old.tag, value: old.value) == new { return nil }
            try deleteMixed(old)
            return try writeMixed(new, level: level)
        }
    }

    /// Realm's Map key rules: no `.` anywhere, no leading `$`.
    static func validateMapKey(_ key: String) throws {
        if key.utf8.first == UInt8(ascii: "$") { throw StoreError.keyStartsWithDollar }
        // A native string's bytes are searched in place (the generic `contains` walks them one index at a time).
        let dot = UInt8(ascii: ".")
        if key.utf8.withContiguousStorageIfAvailable({ $0.contains(dot) }) ?? key.utf8.contains(dot) {
            throw StoreError.keyContainsDot
        }
    }
}
