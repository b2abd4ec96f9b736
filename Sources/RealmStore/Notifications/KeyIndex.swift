/// The index of each key in a collection's key snapshot, found without hashing when it can be:
/// object keys are SQLite rowids, mostly dense, so a table indexed by `key - lowest` holds each
/// key's index; keys that repeat (a List holding an object twice) or are spread too thinly
/// for a table (more than four slots per key) use a dictionary (first occurrence) instead.
///
/// For example:
///
///     let index = KeyIndex([7, 5, 6])
///     index.index(of: 6)          // 2
///     index.index(of: 9)          // -1
struct KeyIndex {
    private let low: Int64
    private let table: [Int32]
    private let dictionary: [Int64: Int]
    /// Whether no key repeats.
    let isDistinct: Bool

    init(_ keys: [Int64]) {
        let low = keys.min() ?? 0, high = keys.max() ?? -1
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, span < 4 * Int64(keys.count) + 4096, keys.count < Int(Int32.max),
           let table = KeyIndex.table(keys, low: low, count: Int(span) + 1) {
            (self.low, self.table, dictionary, isDistinct) = (low, table, [:], true)
            return
        }
        var dictionary: [Int64: Int] = [:]
        dictionary.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() where dictionary[key] == nil { dictionary[key] = index }
        (self.low, table, self.dictionary, isDistinct) = (0, [], dictionary, dictionary.count == keys.count)
    }

    /// The table of indices by `key - low`, nil when a key repeats.
    private static func table(_ keys: [Int64], low: Int64, count: Int) -> [Int32]? {
        var table = [Int32](repeating: -1, count: count)
        for (index, key) in keys.enumerated() {
            let slot = Int(key &- low)
            if table[slot] >= 0 { return nil }
            table[slot] = Int32(index)
        }
        return table
    }

    /// The index of `key`, or -1 when it is not among the keys.
    func index(of key: Int64) -> Int {
        guard !table.isEmpty else { return dictionary[key] ?? -1 }
        let (slot, overflow) = key.subtractingReportingOverflow(low)
        guard !overflow, slot >= 0, slot < Int64(table.count) else { return -1 }
        return Int(table[Int(slot)])
    }

    /// Where each of `keys` is among the indexed (distinct) keys, -1 for keys not among them
    /// and for a key's repeats after its first.
    func positions(of keys: [Int64], count: Int) -> [Int] {
        var used = [Bool](repeating: false, count: count)
        return keys.map { key in
            let index = self.index(of: key)
            guard index >= 0, !used[index] else { return -1 }
            used[index] = true
            return index
        }
    }
}
