/// Lays out the whole file: backlink columns from the objects' links, then per table its column
/// leaves, cluster tree, search indexes, Spec and top array, then the group and the footer
/// (docs/realm-file.md, "Writing").
struct GroupAssembler: TableKeyResolver {
    /// One backlink column of a target table: where its links come from.
    struct Backlink {
        var originPlan: Int
        var originColumn: Int
        var key: Int64
        /// Per target object key, the origin keys in origin-key order.
        var origins: [Int64: [Int64]] = [:]
    }

    static let headerSize = 24
    static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8
    static let fileFormat: UInt8 = 24
    /// Rows per cluster leaf and children per inner cluster node.
    static let clusterSize = 256
    static let nullTableKey: Int64 = 0x7FFF_FFFF, nullColumnKey = Int64.max
    static let storageVersion: Int64 = 1

    let plans: [TablePlan]
    let objects: [[RealmObject]]
    private var backlinks: [[Backlink]]
    private let tableKeys: [String: Int64]
    private var writer = NodeWriter(headerSize: headerSize)

    init(plans: [TablePlan], objects: [[RealmObject]]) throws(RealmFileError) {
        self.plans = plans
        self.objects = objects
        var keys: [String: Int64] = ["metadata": 0]
        for plan in plans { keys[plan.tableName] = plan.tableKey }
        tableKeys = keys
        backlinks = Array(repeating: [], count: plans.count)
        try collectBacklinks()
    }

    func tableKey(named name: String) -> Int64? { tableKeys[name] }

    // MARK: - Backlinks

    /// Finds every link (single, in collections, in dictionaries, in mixed values at any depth),
    /// checks that its target exists, and records it in the target's backlink column for
    /// (origin class, origin property), created on first use for mixed properties.
    private mutating func collectBacklinks() throws(RealmFileError) {
        var columnIndex: [Int64: [Int: Int]] = [:]   // target plan -> (origin plan * 65536 + column) -> backlink index
        var existing: [Set<Int64>] = objects.map { Set($0.map(\.key)) }
        var pending: [(target: Int, origin: Int, column: Int)] = []
        // Link properties get their backlink column even when no object links yet.
        for (planIndex, plan) in plans.enumerated() {
            for (column, spec) in plan.columns.enumerated() {
                if let target = spec.target { pending.append((target, planIndex, column)) }
            }
        }
        var found: [(target: Int, origin: Int, column: Int, key: Int64, from: Int64)] = []
        for (planIndex, plan) in plans.enumerated() {
            for object in objects[planIndex] {
                for (column, spec) in plan.columns.enumerated() {
                    var links: [RealmLink] = []
                    Self.links(in: object.values[column], into: &links)
                    for link in links {
                        let target: Int
                        if let declared = spec.target, link.tableName.isEmpty || link.tableName == plans[declared].tableName {
                            target = declared
                        } else if let key = tableKeys[link.tableName], key >= TablePlan.firstClassKey {
                            target = Int(key - TablePlan.firstClassKey)
                            if let declared = spec.target {
                                throw RealmFileError(.badValue, RealmWriterMessages.linkToWrongClass(plans[declared].name, link.tableName),
                                                     className: plan.name, objectKey: object.key, property: spec.property.name)
                            }
                        } else {
                            throw RealmFileError(.badValue, RealmWriterMessages.unknownLinkTarget(link.tableName),
                                                 className: plan.name, objectKey: object.key, property: spec.property.name)
                        }
                        guard existing[target].contains(link.objectKey) else {
                            throw RealmFileError(.badValue, RealmWriterMessages.linkToMissingObject(plans[target].name, link.objectKey),
                                                 className: plan.name, objectKey: object.key, property: spec.property.name)
                        }
                        if spec.target == nil { pending.append((target, planIndex, column)) }
                        found.append((target, planIndex, column, link.objectKey, object.key))
                    }
                }
            }
        }
        existing = []
        for entry in pending.sorted(by: { ($0.target, $0.origin, $0.column) < ($1.target, $1.origin, $1.column) }) {
            let id = entry.origin << 16 | entry.column
            if columnIndex[Int64(entry.target)]?[id] != nil { continue }
            let target = plans[entry.target]
            let leaf = target.columns.count + backlinks[entry.target].count
            let key = TablePlan.columnKey(leafIndex: leaf, type: .backlink, attributes: 0, tableKey: target.tableKey)
            columnIndex[Int64(entry.target), default: [:]][id] = backlinks[entry.target].count
            backlinks[entry.target].append(Backlink(originPlan: entry.origin, originColumn: entry.column, key: key))
        }
        for link in found {
            let index = columnIndex[Int64(link.target)]![link.origin << 16 | link.column]!
            backlinks[link.target][index].origins[link.key, default: []].append(link.from)
        }
        for (planIndex, plan) in plans.enumerated() where plan.kind == .embedded {
            for object in objects[planIndex] {
                let owners = backlinks[planIndex].reduce(0) { $0 + ($1.origins[object.key]?.count ?? 0) }
                guard owners == 1 else {
                    throw RealmFileError(.badValue, RealmWriterMessages.embeddedOwners(plan.name, object.key, owners),
                                         className: plan.name, objectKey: object.key)
                }
            }
        }
    }

    /// Every link in `value`, nested collections included.
    static func links(in value: RealmValue, into result: inout [RealmLink]) {
        switch value {
        case .link(let link): result.append(link)
        case .list(let values), .set(let values): for element in values { links(in: element, into: &result) }
        case .dictionary(let entries): for entry in entries { links(in: entry.value, into: &result) }
        default: break
        }
    }

    // MARK: - File

    mutating func assemble(schemaVersion: UInt64) throws(RealmFileError) -> [UInt8] {
        var names: [[UInt8]?] = [Array("metadata".utf8)]
        var tops: [Int64] = [try metadataTable(schemaVersion: schemaVersion)]
        for index in plans.indices {
            names.append(Array(plans[index].tableName.utf8))
            tops.append(try table(index))
        }
        let namesRef = try writer.shortStrings(names)
        let tablesRef = try writer.refs(tops)
        let topRef = writer.nextRef
        var width = NodeWriter.bitWidth([namesRef, tablesRef])
        var logicalSize: Int64 = 0
        while true {
            logicalSize = topRef + 8 + Int64((3 * width / 8 + 7) / 8 * 8)
            let needed = NodeWriter.bitWidth([namesRef, tablesRef, NodeWriter.tagged(logicalSize)], minimum: width)
            if needed == width { break }
            width = needed
        }
        let top = [namesRef, tablesRef, NodeWriter.tagged(logicalSize)]
        _ = try writer.node(flags: NodeWriter.Flag.hasRefs | NodeWriter.widthCode(width), count: 3,
                            payload: NodeWriter.packed(top, width: width))
        writer.append(NodeWriter.littleEndian(UInt64(topRef), count: 8) + NodeWriter.littleEndian(Self.footerCookie, count: 8))
        let header: [UInt8] = [UInt8](repeating: 0xff, count: 8) + [UInt8](repeating: 0, count: 8)
            + Array("T-DB".utf8) + [Self.fileFormat, 0, 0, 0]
        writer.patch(header, at: 0)
        return writer.bytes
    }

    /// The object store's `metadata` table: one int column `version`, one object (key 0).
    private mutating func metadataTable(schemaVersion: UInt64) throws(RealmFileError) -> Int64 {
        let spec = try self.spec(types: [0], names: ["version"], attributes: [0], keys: [0])
        let column = try writer.ints([Int64(bitPattern: schemaVersion)])
        let cluster = try writer.refs([NodeWriter.tagged(1), column])
        return try tableTop(spec: spec, cluster: cluster, tableKey: 0, indexes: [0], opposite: [(Self.nullTableKey, Self.nullColumnKey)],
                            nextKey: 1, primaryKey: 0, flags: 0)
    }

    private mutating func spec(types: [Int64], names: [String], attributes: [Int64], keys: [Int64]) throws(RealmFileError) -> Int64 {
        let typesRef = try writer.ints(types)
        let namesRef = try writer.shortStrings(names.map { Array($0.utf8) })
        let attributesRef = try writer.ints(attributes)
        let keysRef = try writer.ints(keys)
        return try writer.refs([typesRef, namesRef, attributesRef, 0, 0, keysRef])
    }

    private mutating func tableTop(spec: Int64, cluster: Int64, tableKey: Int64, indexes: [Int64],
                                   opposite: [(table: Int64, column: Int64)], nextKey: Int64, primaryKey: Int64,
                                   flags: Int64) throws(RealmFileError) -> Int64 {
        let indexRef = try writer.refs(indexes)
        let tablesRef = try writer.ints(opposite.map(\.table))
        let columnsRef = try writer.ints(opposite.map(\.column))
        return try writer.refs([spec, 0, cluster, NodeWriter.tagged(tableKey), indexRef, NodeWriter.tagged(0),
                                NodeWriter.tagged(Self.storageVersion), tablesRef, columnsRef, NodeWriter.tagged(nextKey), 0,
                                primaryKey == 0 ? 0 : NodeWriter.tagged(primaryKey), NodeWriter.tagged(flags), 0])
    }

    // MARK: - Tables

    private mutating func table(_ index: Int) throws(RealmFileError) -> Int64 {
        let plan = plans[index]
        let rows = objects[index]
        let backlinkColumns = backlinks[index]
        // Cluster leaves of at most 256 rows, then inner nodes over them.
        var level: [(firstKey: Int64, ref: Int64, count: Int64)] = []
        var start = 0
        repeat {
            let chunk = Array(rows[start..<min(start + Self.clusterSize, rows.count)])
            let base = level.isEmpty && rows.count <= Self.clusterSize ? 0 : chunk.first?.key ?? 0
            level.append((base, try clusterLeaf(plan: plan, index: index, rows: chunk, base: base, backlinks: backlinkColumns),
                          Int64(chunk.count)))
            start += Self.clusterSize
        } while start < rows.count
        var depth: Int64 = 1
        while level.count > 1 {
            var parents: [(firstKey: Int64, ref: Int64, count: Int64)] = []
            var position = 0
            while position < level.count {
                let children = Array(level[position..<min(position + Self.clusterSize, level.count)])
                let base = children[0].firstKey
                let offsets = try writer.unsigned(children.map { $0.firstKey - base })
                let total = children.reduce(0) { $0 + $1.count }
                let ref = try writer.refs([offsets, NodeWriter.tagged(depth), NodeWriter.tagged(total)] + children.map(\.ref),
                                          flags: NodeWriter.Flag.inner)
                parents.append((base, ref, total))
                position += Self.clusterSize
            }
            // The root's keys start at 0: its first child's offset is that child's first key.
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
        var indexes: [Int64] = []
        for (column, spec) in plan.columns.enumerated() {
            guard spec.indexed else { indexes.append(0); continue }
            if spec.fullText {
                let entries = SearchIndexWriter.fullTextEntries(rows.lazy.map { ($0.key, $0.values[column]) })
                indexes.append(try SearchIndexWriter.write(entries, fullWord: true, into: &writer))
                continue
            }
            var entries: [SearchIndexWriter.Entry] = []
            entries.reserveCapacity(rows.count)
            var seen = Set<[UInt8]?>()
            for row in rows {
                let data = try SearchIndexWriter.indexData(row.values[column])
                if plan.primaryKey == column, !seen.insert(data).inserted {
                    throw RealmFileError(.badValue, RealmWriterMessages.duplicatePrimaryKey(plan.name, row.values[column]),
                                         className: plan.name, objectKey: row.key, property: spec.property.name)
                }
                entries.append(SearchIndexWriter.Entry(data: data, objectKey: row.key))
            }
            indexes.append(try SearchIndexWriter.write(entries, into: &writer))
        }
        indexes += [Int64](repeating: 0, count: backlinkColumns.count)
        // Spec, in column order: public columns, then backlinks.
        var types: [Int64] = plan.columns.map { Int64($0.type.rawValue) | ($0.property.collection == .map ? 2 << 16 : 0) }
        var attributes = plan.columns.map { Int64($0.attributes) }
        var keys = plan.columns.map(\.key)
        var opposite: [(table: Int64, column: Int64)] = plan.columns.indices.map { position in
            guard let target = plan.columns[position].target else { return (Self.nullTableKey, Self.nullColumnKey) }
            let key = backlinks[target].first { $0.originPlan == index && $0.originColumn == position }?.key
            return (plans[target].tableKey, key ?? Self.nullColumnKey)
        }
        for backlink in backlinkColumns {
            types.append(Int64(ColumnType.backlink.rawValue))
            attributes.append(0)
            keys.append(backlink.key)
            opposite.append((plans[backlink.originPlan].tableKey, plans[backlink.originPlan].columns[backlink.originColumn].key))
        }
        let spec = try self.spec(types: types, names: plan.columns.map(\.property.name), attributes: attributes, keys: keys)
        let flags: Int64 = switch plan.kind {
        case .object: 0
        case .embedded: 1
        case .asymmetric: 2
        }
        let nextKey = (rows.last?.key ?? -1) + 1
        let primaryKey = plan.primaryKey.map { plan.columns[$0].key } ?? 0
        return try tableTop(spec: spec, cluster: root, tableKey: plan.tableKey, indexes: indexes, opposite: opposite,
                            nextKey: nextKey, primaryKey: primaryKey, flags: flags)
    }

    /// One cluster leaf: [keys, one leaf per column, one per backlink column].
    private mutating func clusterLeaf(plan: TablePlan, index: Int, rows: [RealmObject], base: Int64,
                                      backlinks: [Backlink]) throws(RealmFileError) -> Int64 {
        let relative = rows.map { $0.key - base }
        let compact = relative.enumerated().allSatisfy { Int64($0.offset) == $0.element }
        var slots: [Int64] = [compact ? NodeWriter.tagged(Int64(rows.count)) : try writer.unsigned(relative)]
        for (column, spec) in plan.columns.enumerated() {
            let values = rows.map { $0.values[column] }
            do {
                slots.append(try columnLeaf(values, spec: spec))
            } catch {
                throw error.locating(className: plan.name, property: spec.property.name)
            }
        }
        for backlink in backlinks {
            var entries: [Int64] = []
            for row in rows {
                let origins = backlink.origins[row.key] ?? []
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

    private mutating func columnLeaf(_ values: [RealmValue], spec: TablePlan.Column) throws(RealmFileError) -> Int64 {
        if spec.property.collection == .none {
            return try writer.leaf(values, kind: spec.leafKind, nullable: spec.nullable, tables: TableKeys(keys: tableKeys))
        }
        var refs: [Int64] = []
        for value in values {
            switch (spec.property.collection, value) {
            case (.list, .list(let elements)):
                refs.append(elements.isEmpty ? 0 : try writer.bptree(elements, kind: spec.leafKind, nullable: spec.property.isOptional,
                                                                    tables: TableKeys(keys: tableKeys)))
            case (.set, .set(let elements)), (.set, .list(let elements)):
                let sorted = try SetOrder.sorted(elements, kind: spec.leafKind)
                refs.append(sorted.isEmpty ? 0 : try writer.bptree(sorted, kind: spec.leafKind, nullable: spec.property.isOptional,
                                                                  tables: TableKeys(keys: tableKeys)))
            case (.map, .dictionary(let entries)):
                refs.append(entries.isEmpty ? 0 : try writer.dictionary(entries, tables: TableKeys(keys: tableKeys)))
            case (_, .null):
                refs.append(0)
            default:
                throw RealmFileError(.badValue, RealmWriterMessages.wrongValue(expected: spec.property.collection.rawValue, found: value))
            }
        }
        return try writer.refs(refs)
    }
}

/// The table keys alone, as the leaf writer resolves links in mixed values and dictionaries: not
/// `GroupAssembler` itself, whose copy would share the file buffer being appended to and make
/// every append copy the whole file (quadratic time).
struct TableKeys: TableKeyResolver {
    let keys: [String: Int64]

    func tableKey(named name: String) -> Int64? { keys[name] }
}
