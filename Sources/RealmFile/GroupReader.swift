/// Reads the top array, the table names and each table's top array and Spec into a `GroupLayout`
/// (docs/realm-file.md, sections 3–5).
extension NodeReader {
    /// The group whose top array is at `topRef`.
    func group(topRef: Int) throws(RealmFileError) -> GroupLayout {
        let top = try refsNode(Int64(topRef), from: 0, minimum: 3, role: "top array")
        let logicalSize = try top.tagged(2)
        guard logicalSize >= 0, logicalSize <= Int64(end) else {
            throw RealmFileError(.truncated, RealmFileMessages.logicalSizeBeyondEnd(logicalSize, end: end),
                                 offset: top.slotOffset(2))
        }
        let namesNode = try node(top.int(0), from: top.slotOffset(0))
        let names = try shortStrings(namesNode)
        let tablesNode = try refsNode(top.int(1), from: top.slotOffset(1), minimum: 0, role: "table list")
        guard names.count == tablesNode.count else {
            throw RealmFileError(.badNode, RealmFileMessages.countMismatch("table names", names.count, tablesNode.count),
                                 offset: tablesNode.ref)
        }
        var tables: [TableLayout] = []
        var byKey: [Int64: Int] = [:]
        for index in 0..<tablesNode.count where tablesNode.isRef(index) {
            let name = try text(names[index] ?? [], offset: namesNode.ref)
            do throws(RealmFileError) {
                let table = try self.table(tablesNode.int(index), from: tablesNode.slotOffset(index), name: name)
                guard byKey[table.key] == nil else {
                    throw RealmFileError(.badNode, RealmFileMessages.duplicateTableKey(table.key), offset: table.ref)
                }
                byKey[table.key] = tables.count
                tables.append(table)
            } catch {
                throw error.locating(className: RealmClass.className(forTable: name) ?? name)
            }
        }
        return GroupLayout(tables: tables, tableIndexByKey: byKey)
    }

    /// One table's top array and Spec.
    private func table(_ ref: Int64, from source: Int, name: String) throws(RealmFileError) -> TableLayout {
        let top = try refsNode(ref, from: source, minimum: 10, role: "table")
        let spec = try refsNode(top.int(0), from: top.slotOffset(0), minimum: 3, role: "column specification")
        let types = try intNode(spec.int(0), from: spec.slotOffset(0))
        let names = try shortStrings(node(spec.int(1), from: spec.slotOffset(1)))
        let attributes = try intNode(spec.int(2), from: spec.slotOffset(2))
        guard spec.count >= 6, spec.isRef(5) else {
            throw RealmFileError(.unsupported, RealmFileMessages.noColumnKeys, offset: spec.ref)
        }
        let keys = try intNode(spec.int(5), from: spec.slotOffset(5))
        guard types.count == attributes.count, types.count == keys.count, names.count <= types.count else {
            throw RealmFileError(.badNode, RealmFileMessages.countMismatch("column descriptions", types.count, keys.count),
                                 offset: spec.ref)
        }
        let indexes = top.isRef(4) ? try refsNode(top.int(4), from: top.slotOffset(4), minimum: 0, role: "index list") : nil
        let oppositeTables = top.isRef(7) ? try intNode(top.int(7), from: top.slotOffset(7)) : nil
        let oppositeColumns = top.isRef(8) ? try intNode(top.int(8), from: top.slotOffset(8)) : nil

        var columns: [ColumnLayout] = []
        var leafIndexes = Set<Int>()
        for index in 0..<types.count {
            let typeValue = types.int(index)
            var attributeBits = Int(truncatingIfNeeded: attributes.int(index))
            guard var type = ColumnType(rawValue: Int(typeValue & 0xffff)) else {
                throw RealmFileError(.unsupported, RealmFileMessages.unknownColumnType(typeValue & 0xffff),
                                     offset: types.ref)
            }
            if type == .linkList {
                type = .link
                attributeBits |= ColumnLayout.Attribute.list
            }
            let key = keys.int(index)
            let leafIndex = Int(key & 0xffff)
            guard leafIndex < 0x4000, leafIndexes.insert(leafIndex).inserted else {
                throw RealmFileError(.badNode, RealmFileMessages.badColumnKey(key), offset: keys.ref)
            }
            var name: String?
            if type != .backlink {
                guard index < names.count else {
                    throw RealmFileError(.badNode, RealmFileMessages.columnWithoutName(index), offset: spec.ref)
                }
                name = try text(names[index] ?? [], offset: spec.ref)
            }
            var opposite: (Int64?, Int64?) = (nil, nil)
            if type == .link || type == .backlink {
                if let tables = oppositeTables, leafIndex < tables.count { opposite.0 = tables.int(leafIndex) }
                if let cols = oppositeColumns, leafIndex < cols.count { opposite.1 = cols.int(leafIndex) }
            }
            let indexed = indexes.map { leafIndex < $0.count && $0.isRef(leafIndex) } ?? false
            columns.append(ColumnLayout(name: name, type: type, attributes: attributeBits, key: key,
                                        dictionaryKeyType: Int(typeValue >> 16), oppositeTable: opposite.0,
                                        oppositeColumn: opposite.1, isIndexed: indexed))
        }
        return TableLayout(name: name, key: try top.tagged(3), ref: top.ref, clusterRoot: top.int(2),
                           clusterRootSource: top.slotOffset(2), columns: columns,
                           primaryKeyColumn: top.count > 11 && top.int(11) != 0 ? try top.tagged(11) : nil,
                           tableType: top.count > 12 ? Int(truncatingIfNeeded: try top.taggedOrZero(12) & 3) : 0)
    }

    /// `bytes` as UTF-8 text, or a located error.
    func text(_ bytes: [UInt8], offset: Int) throws(RealmFileError) -> String {
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw RealmFileError(.badValue, RealmFileMessages.invalidUTF8, offset: offset)
        }
        return string
    }
}
