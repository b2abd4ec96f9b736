import RealmEngine

/// The order of a MutableSet's elements, and of a dictionary's entries, in the output (every
/// format's alike).
///
/// A set has no order of its own; the store returns its elements by stored value, and for links
/// that is the target's object key, which depends on the order objects were created in. Re-import
/// creates objects in export order, so keys — and with them the stored order of links — can
/// differ between a store and its round-tripped copy. Links are therefore written in the order
/// their targets are exported (by class, then primary key, else insertion order), which both
/// stores share; other elements keep the store's value order, which already depends only on
/// the values.
extension ExportPlan {
    /// `elements` of a set as written: links in their targets' export order, in the slots links hold.
    func exportOrder(ofSetElements elements: [StoreValue]) throws -> [StoreValue] {
        var slots: [Int] = []
        var links: [(className: String, rank: Int, value: StoreValue)] = []
        for (index, element) in elements.enumerated() {
            if case .object(let target) = element {
                slots.append(index)
                links.append((target.className, try exportRank(of: target), element))
            }
        }
        guard links.count > 1 else {
            return elements
        }
        links.sort { ($0.className, $0.rank) < ($1.className, $1.rank) }
        var ordered = elements
        for (slot, link) in zip(slots, links) {
            ordered[slot] = link.value
        }
        return ordered
    }

    /// The position of an object in its class's export order (made once per class, on first use).
    private func exportRank(of target: ObjectKey) throws -> Int {
        if exportRanks[target.className] == nil {
            let keys = try store.objects(target.className, order: .primaryKey)
            exportRanks[target.className] = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element.key, $0.offset) })
        }
        return exportRanks[target.className]?[target.key] ?? Int.max
    }
}

extension ExportPlan {
    /// A dictionary's entries as written (JSON and BSON alike): keys decoded, in byte order,
    /// keywords last, so the object cannot read back as a typed value; a mixed dictionary whose
    /// keys are all keywords is an error.
    static func exportOrder(ofDictionary entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool)
        throws(ExportError) -> [(key: String, isKeyword: Bool, value: StoreValue)] {
        let sorted = entries.map { entry in
            let key = MapKeyCoding.decode(entry.key)
            return (key: key, isKeyword: ExportReference.isKeyword(key), value: entry.value)
        }.sorted { lhs, rhs in
            lhs.isKeyword != rhs.isKeyword ? rhs.isKeyword : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        if isMixed, let first = sorted.first, first.isKeyword {
            throw ExportError(ExportMessages.ambiguousDictionary(sorted.map(\.key)))
        }
        return sorted
    }
}
