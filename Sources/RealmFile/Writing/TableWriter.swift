/// One backlink column of a target table: the (origin class, origin property) its links come
/// from, and its column key.
struct BacklinkPlan: Sendable, Equatable {
    var originPlan: Int
    var originColumn: Int
    var key: Int64

    /// Every table's backlink columns: one per (origin class, origin property) for every link
    /// property, even when nothing links yet, and one per `mixed` (target, origin, column), a
    /// mixed property whose values link into the target; each table's in (origin, column) order
    /// after its public columns.
    static func layout(plans: [TablePlan], mixed: [(target: Int, origin: Int, column: Int)]) -> [[BacklinkPlan]] {
        var pending = mixed
        for (planIndex, plan) in plans.enumerated() {
            for (column, spec) in plan.columns.enumerated() {
                if let target = spec.target { pending.append((target, planIndex, column)) }
            }
        }
        var result = [[BacklinkPlan]](repeating: [], count: plans.count)
        for entry in pending.sorted(by: { ($0.target, $0.origin, $0.column) < ($1.target, $1.origin, $1.column) }) {
            if result[entry.target].contains(where: { $0.originPlan == entry.origin && $0.originColumn == entry.column }) { continue }
            let target = plans[entry.target]
            let leaf = target.columns.count + result[entry.target].count
            let key = TablePlan.columnKey(leafIndex: leaf, type: .backlink, attributes: 0, tableKey: target.tableKey)
            result[entry.target].append(BacklinkPlan(originPlan: entry.origin, originColumn: entry.column, key: key))
        }
        return result
    }
}

/// Writes one table as its objects arrive, in ascending key order (docs/realm-file.md,
/// "Writing"): every 256 objects become a cluster leaf, written at once; what stays in memory is
/// at most 257 objects waiting for their leaf, one (first key, ref, count) per leaf written, and
/// the index bytes of each indexed column (the class's search indexes are built at the end from
/// every value, sorted). `finish` writes the inner cluster nodes, the search indexes, the Spec
/// and the table top.
struct TableWriter {
    static let clusterSize = 256

    let plans: [TablePlan]
    let planIndex: Int
    let layout: [[BacklinkPlan]]
    let tables: TableKeys
    private var plan: TablePlan { plans[planIndex] }
    /// Objects not in a leaf yet (a leaf is written when one more than fits has arrived, so that
    /// a table of at most 256 objects keeps its one leaf's keys relative to 0).
    private var pending: [RealmObject] = []
    private var leaves: [(firstKey: Int64, ref: Int64, count: Int64)] = []
    private var lastKey: Int64 = -1
    /// Per indexed column (in column order), every object's index bytes.
    private var indexEntries: [(column: Int, entries: SearchIndexWriter.Entries)]

    init(plans: [TablePlan], planIndex: Int, layout: [[BacklinkPlan]], tables: TableKeys) {
        self.plans = plans
        self.planIndex = planIndex
        self.layout = layout
        self.tables = tables
        indexEntries = plans[planIndex].columns.indices.filter { plans[planIndex].columns[$0].indexed }
            .map { ($0, SearchIndexWriter.Entries()) }
        pending.reserveCapacity(Self.clusterSize + 1)
    }

    /// The objects waiting for their cluster leaf (at most 257).
    var pendingCount: Int { pending.count }

    /// Adds `object` (key above the previous one; values in property order; one origin-key list
    /// per backlink column, in origin-key order), writing a cluster leaf when one is full.
    mutating func add(_ object: RealmObject, into writer: inout NodeWriter) throws(RealmFileError) {
        guard object.values.count == plan.columns.count else {
            throw RealmFileError(.badValue, RealmWriterMessages.valueCount(plan.name, object.key, object.values.count,
                                                                          plan.columns.count), className: plan.name,
                                 objectKey: object.key)
        }
        guard object.key >= 0 else {
            throw RealmFileError(.badValue, RealmWriterMessages.negativeKey(object.key), className: plan.name)
        }
        guard object.key > lastKey else {
            throw RealmFileError(.badValue, object.key == lastKey ? RealmWriterMessages.duplicateObjectKey(plan.name, object.key)
                                     : RealmWriterMessages.keysOutOfOrder(plan.name, object.key, lastKey), className: plan.name)
        }
        let columns = layout[planIndex].count
        guard object.backlinks.count == columns || (object.backlinks.isEmpty && columns == 0) else {
            throw RealmFileError(.badValue, RealmWriterMessages.backlinkCount(plan.name, object.key, object.backlinks.count, columns),
                                 className: plan.name, objectKey: object.key)
        }
        if plan.kind == .embedded {
            let owners = object.backlinks.reduce(0) { $0 + $1.count }
            guard owners == 1 else {
                throw RealmFileError(.badValue, RealmWriterMessages.embeddedOwners(plan.name, object.key, owners),
                                     className: plan.name, objectKey: object.key)
            }
        }
        for position in indexEntries.indices {
            let column = indexEntries[position].column
            do {
                if plan.columns[column].fullText {
                    indexEntries[position].entries.appendWords(object.values[column], objectKey: object.key)
                } else {
                    try indexEntries[position].entries.append(object.values[column], objectKey: object.key)
                }
            } catch {
                throw error.locating(className: plan.name, property: plan.columns[column].property.name)
            }
        }
        lastKey = object.key
        pending.append(object)
        if pending.count > Self.clusterSize {
            let base = pending[0].key
            leaves.append((base, try clusterLeaf(pending[0..<Self.clusterSize], base: base, into: &writer), Int64(Self.clusterSize)))
            pending.removeFirst(Self.clusterSize)
        }
    }

    /// Writes what is left: the last cluster leaf, inner nodes, search indexes, Spec, table top;
    /// returns the table top's ref.
    mutating func finish(into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let base = leaves.isEmpty ? 0 : pending.first?.key ?? 0
        if leaves.isEmpty || !pending.isEmpty {
            leaves.append((base, try clusterLeaf(pending[...], base: base, into: &writer), Int64(pending.count)))
        }
        pending = []
        var level = leaves
        leaves = []
        var depth: Int64 = 1
        while level.count > 1 {
            var parents: [(firstKey: Int64, ref: Int64, count: Int64)] = []
            var position = 0
            while position < level.count {
                let children = level[position..<min(position + Self.clusterSize, level.count)]
                let base = children.first!.firstKey
                let offsets = try writer.unsigned(children.map { $0.firstKey - base })
                let total = children.reduce(0) { $0 + $1.count }
                let ref = try writer.refs([offsets, NodeWriter.tagged(depth), NodeWriter.tagged(total)] + children.map(\.ref),
                                          flags: NodeWriter.Flag.inner)
                parents.append((base, ref, total))
                position += Self.clusterSize
            }
            level = parents
            depth += 1
        }
        var root = level[0].ref
        if level[0].firstKey != 0 {
            // The root's children are relative to 0: wrap it so that its first key is kept.
            let offsets = try writer.unsigned([level[0].firstKey])
            root = try writer.refs([offsets, NodeWriter.tagged(depth), NodeWriter.tagged(level[0].count), root],
                                   flags: NodeWriter.Flag.inner)
        }
        // Search indexes.
        var indexes = [Int64](repeating: 0, count: plan.columns.count + layout[planIndex].count)
        for position in indexEntries.indices {
            let column = indexEntries[position].column
            let spec = plan.columns[column]
            var entries = indexEntries[position].entries
            indexEntries[position].entries = SearchIndexWriter.Entries()
            entries.sort()
            if plan.primaryKey == column, let duplicate = entries.firstDuplicate() {
                throw RealmFileError(.badValue, RealmWriterMessages.duplicatePrimaryKey(plan.name, Self.value(duplicate.data, type: spec.type)),
                                     className: plan.name, objectKey: duplicate.objectKey, property: spec.property.name)
            }
            indexes[column] = try SearchIndexWriter.write(entries, fullWord: spec.fullText, into: &writer)
        }
        // Spec, in column order: public columns, then backlinks.
        let backlinkColumns = layout[planIndex]
        var types: [Int64] = plan.columns.map { Int64($0.type.rawValue) | ($0.property.collection == .map ? 2 << 16 : 0) }
        var attributes = plan.columns.map { Int64($0.attributes) }
        var keys = plan.columns.map(\.key)
        var opposite: [(table: Int64, column: Int64)] = plan.columns.indices.map { position in
            guard let target = plan.columns[position].target else { return (GroupWriter.nullTableKey, GroupWriter.nullColumnKey) }
            let key = layout[target].first { $0.originPlan == planIndex && $0.originColumn == position }?.key
            return (plans[target].tableKey, key ?? GroupWriter.nullColumnKey)
        }
        for backlink in backlinkColumns {
            types.append(Int64(ColumnType.backlink.rawValue))
            attributes.append(0)
            keys.append(backlink.key)
            opposite.append((plans[backlink.originPlan].tableKey, plans[backlink.originPlan].columns[backlink.originColumn].key))
        }
        let spec = try GroupWriter.spec(types: types, names: plan.columns.map(\.property.name), attributes: attributes, keys: keys,
                                        into: &writer)
        let flags: Int64 = switch plan.kind {
        case .object: 0
        case .embedded: 1
        case .asymmetric: 2
        }
        let primaryKey = plan.primaryKey.map { plan.columns[$0].key } ?? 0
        return try GroupWriter.tableTop(spec: spec, cluster: root, tableKey: plan.tableKey, indexes: indexes, opposite: opposite,
                                        nextKey: lastKey + 1, primaryKey: primaryKey, flags: flags, into: &writer)
    }

    /// The primary-key value whose index bytes are `data`, for messages.
    static func value(_ data: [UInt8]?, type: ColumnType) -> RealmValue {
        guard let data else { return .null }
        switch type {
        case .int: return .int(data.reversed().reduce(0) { $0 << 8 | Int64($1) })
        case .objectId: return .objectId(data)
        case .uuid: return .uuid(data)
        default: return .string(String(decoding: data, as: UTF8.self))
        }
    }

    /// One cluster leaf: [keys, one leaf per column, one per backlink column].
    private func clusterLeaf(_ rows: ArraySlice<RealmObject>, base: Int64,
                             into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let relative = rows.map { $0.key - base }
        let compact = relative.enumerated().allSatisfy { Int64($0.offset) == $0.element }
        var slots: [Int64] = [compact ? NodeWriter.tagged(Int64(rows.count)) : try writer.unsigned(relative)]
        slots.reserveCapacity(1 + plan.columns.count + layout[planIndex].count)
        var values: [RealmValue] = []
        values.reserveCapacity(rows.count)
        for (column, spec) in plan.columns.enumerated() {
            values.removeAll(keepingCapacity: true)
            for row in rows { values.append(row.values[column]) }
            do {
                slots.append(try columnLeaf(values, of: rows, spec: spec, into: &writer))
            } catch {
                throw error.locating(className: plan.name, property: spec.property.name)
            }
        }
        for backlink in layout[planIndex].indices {
            var entries: [Int64] = []
            entries.reserveCapacity(rows.count)
            for row in rows {
                let origins = row.backlinks[backlink]
                switch origins.count {
                case 0: entries.append(0)
                case 1: entries.append(NodeWriter.tagged(origins[0]))
                default: entries.append(try writer.intBPTree(origins))
                }
            }
            slots.append(try writer.refs(entries))
        }
        return try writer.refs(slots)
    }

    /// The leaf of one column: `values`, one of each of `objects` (whose keys locate a collection's error).
    private func columnLeaf(_ values: [RealmValue], of objects: ArraySlice<RealmObject>, spec: TablePlan.Column,
                            into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        if spec.property.collection == .none {
            return try writer.leaf(values, kind: spec.leafKind, nullable: spec.nullable, tables: tables)
        }
        var refs: [Int64] = []
        refs.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do {
                refs.append(try collectionRef(value, spec: spec, into: &writer))
            } catch {
                throw error.locating(objectKey: objects[objects.startIndex + index].key)
            }
        }
        return try writer.refs(refs)
    }

    /// The ref of one object's collection (0 for an empty or null one).
    private func collectionRef(_ value: RealmValue, spec: TablePlan.Column,
                               into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        switch (spec.property.collection, value) {
        case (.list, .list(let elements)):
            return elements.isEmpty ? 0 : try writer.bptree(elements, kind: spec.leafKind, nullable: spec.property.isOptional,
                                                           tables: tables)
        case (.set, .set(let elements)), (.set, .list(let elements)):
            let sorted = try SetOrder.sorted(elements, kind: spec.leafKind)
            return sorted.isEmpty ? 0 : try writer.bptree(sorted, kind: spec.leafKind, nullable: spec.property.isOptional,
                                                         tables: tables)
        case (.map, .dictionary(let entries)):
            return entries.isEmpty ? 0 : try writer.dictionary(entries, tables: tables)
        case (_, .null):
            return 0
        default:
            throw RealmFileError(.badValue, RealmWriterMessages.wrongValue(expected: spec.property.collection.rawValue, found: value))
        }
    }
}
