import RealmEngine

/// The order of a MutableSet's elements in the output.
///
/// A set has no order of its own; the store returns its elements by stored value, and for links
/// that is the target's object key, which depends on the order objects were created in. Re-import
/// creates objects in export order, so keys — and with them the stored order of links — can
/// differ between a store and its round-tripped copy. Links are therefore written in the order
/// their targets are exported (by class, then primary key, else insertion order), which both
/// stores share; other elements keep the store's value order, which already depends only on
/// the values.
extension Exporter {
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
