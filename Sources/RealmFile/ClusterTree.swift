/// Walks a table's cluster tree: inner nodes down to the leaves, each leaf with the object keys
/// of its rows (docs/realm-file.md, section 7).
extension NodeReader {
    /// The most rows accepted in one cluster leaf (Realm puts at most 256 there).
    static let maxLeafRows = 1000

    /// Calls `body` with each leaf of the cluster tree at `ref` (read from byte `source`), in key
    /// order, and the offset its keys are relative to (see `leafKeys`).
    func forEachClusterLeaf(_ ref: Int64, from source: Int, keyBase: Int64 = 0,
                            _ body: (Node, Int64) throws(RealmFileError) -> Void) throws(RealmFileError) {
        let node = try self.node(ref, from: source)
        guard node.hasRefs, node.widthType == .bits, node.count >= 1 else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("cluster", slots: node.count, minimum: 1),
                                 offset: node.ref)
        }
        try descend(into: node.ref) { () throws(RealmFileError) in
            if node.isInner {
                try forEachChild(of: node, keyBase: keyBase, body)
            } else {
                try body(node, keyBase)
            }
        }
    }

    /// The object keys of a cluster leaf: slot 0 is a tagged row count (keys 0…n−1) or a ref to
    /// the sorted keys; each is relative to the leaf's offset `keyBase`.
    func leafKeys(_ leaf: Node, keyBase: Int64) throws(RealmFileError) -> [Int64] {
        var keys: [Int64] = []
        if leaf.int(0) & 1 == 1 {
            let count = try leaf.tagged(0)
            guard count >= 0, count <= Int64(Self.maxLeafRows) else {
                throw RealmFileError(.badNode, RealmFileMessages.tooManyRows(count, Self.maxLeafRows),
                                     offset: leaf.slotOffset(0))
            }
            keys = (0..<count).map { $0 }
        } else {
            let stored = try intNode(leaf.int(0), from: leaf.slotOffset(0))
            guard stored.count <= Self.maxLeafRows else {
                throw RealmFileError(.badNode, RealmFileMessages.tooManyRows(Int64(stored.count), Self.maxLeafRows),
                                     offset: stored.ref)
            }
            keys = (0..<stored.count).map { Int64(bitPattern: stored.unsigned($0)) }
        }
        var result: [Int64] = []
        result.reserveCapacity(keys.count)
        for key in keys {
            let (sum, overflow) = key.addingReportingOverflow(keyBase)
            guard !overflow else {
                throw RealmFileError(.badValue, RealmFileMessages.keyOverflow, offset: leaf.ref)
            }
            result.append(sum)
        }
        return result
    }

    /// The children of an inner cluster node: [offsets or 0, tagged depth, tagged size, children…].
    /// A child's keys are relative to its offset: stored, or `index << (8 × depth)` in the compact form.
    private func forEachChild(of inner: Node, keyBase: Int64,
                              _ body: (Node, Int64) throws(RealmFileError) -> Void) throws(RealmFileError) {
        guard inner.count >= 3 else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("inner cluster node", slots: inner.count, minimum: 3),
                                 offset: inner.ref)
        }
        let depth = try inner.tagged(1)
        guard depth >= 1, depth <= 6 else {
            throw RealmFileError(.badNode, RealmFileMessages.badTreeDepth(depth), offset: inner.slotOffset(1))
        }
        let childCount = inner.count - 3
        let offsets: Node? = inner.int(0) == 0 ? nil : try intNode(inner.int(0), from: inner.slotOffset(0))
        if let offsets, offsets.count < childCount {
            throw RealmFileError(.badNode, RealmFileMessages.countMismatch("child offsets", offsets.count, childCount),
                                 offset: offsets.ref)
        }
        for child in 0..<childCount {
            let offset = offsets.map { Int64(bitPattern: $0.unsigned(child)) } ?? Int64(child) << (8 * depth)
            let (base, overflow) = keyBase.addingReportingOverflow(offset)
            guard !overflow else {
                throw RealmFileError(.badValue, RealmFileMessages.keyOverflow, offset: inner.ref)
            }
            try forEachClusterLeaf(inner.int(child + 3), from: inner.slotOffset(child + 3), keyBase: base, body)
        }
    }

    /// The leaves of the cluster tree at `ref` (read from byte `source`), in key order: each leaf's
    /// ref and the offset its keys are relative to. Only inner nodes and leaf headers are read.
    func clusterLeaves(_ ref: Int64, from source: Int) throws(RealmFileError) -> [(ref: Int64, keyBase: Int64)] {
        var leaves: [(ref: Int64, keyBase: Int64)] = []
        try forEachClusterLeaf(ref, from: source) { (leaf, keyBase) throws(RealmFileError) in
            leaves.append((Int64(leaf.ref), keyBase))
        }
        return leaves
    }

    /// The column leaf of `column` in cluster `leaf`, which must hold `rows` elements as the caller checks.
    func columnLeafRef(_ leaf: Node, column: ColumnLayout) throws(RealmFileError) -> (ref: Int64, source: Int) {
        let slot = column.leafIndex + 1
        guard slot < leaf.count else {
            throw RealmFileError(.badNode, RealmFileMessages.columnMissingInLeaf(column.leafIndex), offset: leaf.ref)
        }
        return (leaf.int(slot), leaf.slotOffset(slot))
    }
}
