/// Lists, sets and dictionaries: B+trees of leaves, and a dictionary's two parallel trees of keys
/// and values (docs/realm-file.md, section 9).
extension NodeReader {
    /// The most elements accepted in one leaf node (Realm puts at most 1000 values in a B+tree leaf;
    /// a leaf of 1000 UUIDs is 16,125 bytes).
    static let maxLeafElements = 17_000

    /// Every value of the B+tree at `ref` (read from byte `source`), each leaf decoded by `leaf`.
    /// An inner node is [elements per child or a ref to offsets, children…, tagged total size].
    func bptreeValues(_ ref: Int64, from source: Int,
                      leaf: (Node) throws(RealmFileError) -> [RealmValue]) throws(RealmFileError) -> [RealmValue] {
        let node = try self.node(ref, from: source)
        guard node.isInner else {
            guard node.count <= Self.maxLeafElements else {
                throw RealmFileError(.badNode, RealmFileMessages.tooManyElements(node.count), offset: node.ref)
            }
            // A leaf of mixed values can hold nested collections: keep it on the path too.
            return try descend(into: node.ref) { () throws(RealmFileError) -> [RealmValue] in try leaf(node) }
        }
        guard node.hasRefs, node.widthType == .bits, node.count >= 3 else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("inner B+tree node", slots: node.count, minimum: 3),
                                 offset: node.ref)
        }
        return try descend(into: node.ref) { () throws(RealmFileError) -> [RealmValue] in
            var values: [RealmValue] = []
            for child in 1..<(node.count - 1) {
                values += try bptreeValues(node.int(child), from: node.slotOffset(child), leaf: leaf)
            }
            let total = try node.tagged(node.count - 1)
            guard total == Int64(values.count) else {
                throw RealmFileError(.badValue, RealmFileMessages.countMismatch("B+tree elements", values.count, Int(clamping: total)),
                                     offset: node.ref)
            }
            return values
        }
    }

    /// A list or set whose elements are `kind` (links stored as raw keys).
    func collection(_ ref: Int64, from source: Int, kind: ElementKind,
                    nullable: Bool) throws(RealmFileError) -> [RealmValue] {
        try bptreeValues(ref, from: source) { (leaf) throws(RealmFileError) -> [RealmValue] in
            try leafValues(leaf, kind: kind, nullable: nullable)
        }
    }

    /// The entries of the dictionary at `ref`: [keys B+tree, values B+tree of mixed] from format 23
    /// on; in format 22 a cluster tree whose leaves hold a key column and a value column.
    func dictionary(_ ref: Int64, from source: Int, keyType: Int) throws(RealmFileError) -> [RealmDictionaryEntry] {
        guard keyType == 2 else {
            throw RealmFileError(.unsupported, RealmFileMessages.dictionaryKeyType(keyType), offset: source)
        }
        var keys: [RealmValue] = []
        var values: [RealmValue] = []
        if formatVersion < 23 {
            try forEachClusterLeaf(ref, from: source) { (leaf, _) throws(RealmFileError) in
                guard leaf.count >= 3 else {
                    throw RealmFileError(.badNode, RealmFileMessages.badShape("dictionary leaf", slots: leaf.count, minimum: 3),
                                         offset: leaf.ref)
                }
                keys += try leafValues(node(leaf.int(1), from: leaf.slotOffset(1)), kind: .string, nullable: false)
                values += try mixedLeaf(node(leaf.int(2), from: leaf.slotOffset(2)))
            }
        } else {
            let top = try refsNode(ref, from: source, minimum: 2, role: "dictionary")
            try descend(into: top.ref) { () throws(RealmFileError) in
                keys = try collection(top.int(0), from: top.slotOffset(0), kind: .string, nullable: false)
                values = try bptreeValues(top.int(1), from: top.slotOffset(1)) { (leaf) throws(RealmFileError) -> [RealmValue] in
                    try mixedLeaf(leaf)
                }
            }
        }
        guard keys.count == values.count else {
            throw RealmFileError(.badValue, RealmFileMessages.countMismatch("dictionary values", values.count, keys.count),
                                 offset: Int(ref))
        }
        var entries: [RealmDictionaryEntry] = []
        entries.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            guard case .string(let text) = key else {
                throw RealmFileError(.badValue, RealmFileMessages.nullDictionaryKey, offset: Int(ref))
            }
            entries.append(RealmDictionaryEntry(key: text, value: value))
        }
        return entries
    }

    /// The origin keys in one backlink slot: 0 none, a tagged key for one, or a ref to a B+tree of keys.
    func backlinkKeys(_ stored: Int64, from source: Int) throws(RealmFileError) -> [Int64] {
        if stored == 0 { return [] }
        if stored & 1 == 1 { return [stored >> 1] }
        let values = try bptreeValues(stored, from: source) { (leaf) throws(RealmFileError) -> [RealmValue] in
            try plainInts(leaf).map(RealmValue.int)
        }
        return values.compactMap { if case .int(let key) = $0 { key } else { nil } }
    }
}
