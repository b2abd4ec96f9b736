/// Reads the rows of a table leaf by leaf: each column leaf of a cluster decoded once, then the
/// rows assembled (docs/realm-file.md, sections 7–9). Memory holds one cluster leaf at a time.
extension NodeReader {
    /// One row: its object key, the values of the requested columns, the keys in each requested
    /// backlink column.
    typealias Row = (key: Int64, values: [RealmValue], backlinks: [[Int64]])

    /// The rows of `table` in key order, one cluster leaf at a time: `body` gets each leaf's rows.
    func forEachLeafOfRows(_ table: TableLayout, columns: [ColumnLayout], backlinks: [ColumnLayout], group: GroupLayout,
                           _ body: ([Row]) throws -> Void) throws {
        let leaves = try clusterLeaves(table.clusterRoot, from: table.clusterRootSource)
        for (ref, keyBase) in leaves {
            try body(try rows(ofLeaf: ref, keyBase: keyBase, table: table, columns: columns, backlinks: backlinks,
                              group: group))
        }
    }

    /// The rows of one cluster leaf.
    func rows(ofLeaf ref: Int64, keyBase: Int64, table: TableLayout, columns: [ColumnLayout], backlinks: [ColumnLayout],
              group: GroupLayout) throws(RealmFileError) -> [Row] {
        let leaf = try node(ref, from: table.clusterRootSource)
        let keys = try leafKeys(leaf, keyBase: keyBase)
        var columnValues: [[RealmValue]] = []
        for column in columns {
            do throws(RealmFileError) {
                columnValues.append(try values(of: column, in: leaf, keys: keys, group: group))
            } catch {
                throw error.locating(property: column.name)
            }
        }
        var backlinkKeys: [[[Int64]]] = []
        for column in backlinks {
            backlinkKeys.append(try self.backlinks(of: column, in: leaf, keys: keys))
        }
        return keys.indices.map { row in
            (keys[row], columnValues.map { $0[row] }, backlinkKeys.map { $0[row] })
        }
    }

    /// The values of one column for every row of a cluster leaf.
    func values(of column: ColumnLayout, in leaf: Node, keys: [Int64],
                        group: GroupLayout) throws(RealmFileError) -> [RealmValue] {
        let (ref, source) = try columnLeafRef(leaf, column: column)
        let node = try self.node(ref, from: source)
        let kind = try elementKind(of: column, group: group, at: node.ref)
        var result: [RealmValue]
        if column.isCollection {
            let refs = try plainRefs(node)
            guard refs.count == keys.count else {
                throw RealmFileError(.badValue, RealmFileMessages.countMismatch("collections", refs.count, keys.count),
                                     offset: node.ref)
            }
            result = []
            result.reserveCapacity(keys.count)
            for (row, collectionRef) in refs.enumerated() {
                do throws(RealmFileError) {
                    result.append(try collectionValue(collectionRef, from: node.slotOffset(row), column: column, kind: kind))
                } catch {
                    throw error.locating(objectKey: keys[row])
                }
            }
        } else {
            let isLink = column.type == .link
            result = try leafValues(node, kind: kind, nullable: column.isNullable || isLink, linksPlusOne: isLink)
        }
        guard result.count == keys.count else {
            throw RealmFileError(.badValue, RealmFileMessages.countMismatch("values", result.count, keys.count),
                                 offset: node.ref)
        }
        return result
    }

    private func collectionValue(_ ref: Int64, from source: Int, column: ColumnLayout,
                                 kind: ElementKind) throws(RealmFileError) -> RealmValue {
        if column.isDictionary {
            return .dictionary(ref == 0 ? [] : try dictionary(ref, from: source, keyType: column.dictionaryKeyType))
        }
        let elements = ref == 0 ? [] : try collection(ref, from: source, kind: kind, nullable: column.isNullable)
        return column.isSet ? .set(elements) : .list(elements)
    }

    /// The elements of a has-refs node of collection refs (0 for an empty collection).
    private func plainRefs(_ node: Node) throws(RealmFileError) -> [Int64] {
        guard node.widthType == .bits, node.count <= Self.maxLeafElements else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedIntegerNode, offset: node.ref)
        }
        return node.ints()
    }

    /// The origin keys of one backlink column for every row of a cluster leaf.
    private func backlinks(of column: ColumnLayout, in leaf: Node, keys: [Int64]) throws(RealmFileError) -> [[Int64]] {
        let (ref, source) = try columnLeafRef(leaf, column: column)
        let node = try self.node(ref, from: source)
        let stored = try plainRefs(node)
        guard stored.count == keys.count else {
            throw RealmFileError(.badValue, RealmFileMessages.countMismatch("backlinks", stored.count, keys.count),
                                 offset: node.ref)
        }
        var result: [[Int64]] = []
        for (row, value) in stored.enumerated() {
            do throws(RealmFileError) {
                result.append(try backlinkKeys(value, from: node.slotOffset(row)))
            } catch {
                throw error.locating(objectKey: keys[row])
            }
        }
        return result
    }

    /// What a column's leaves (or its collections' leaves) hold.
    /// `offset` places a problem: the column's leaf, read for this column.
    func elementKind(of column: ColumnLayout, group: GroupLayout, at offset: Int) throws(RealmFileError) -> ElementKind {
        switch column.type {
        case .int: return .int
        case .bool: return .bool
        case .string: return .string
        case .binary: return .binary
        case .mixed: return .mixed
        case .timestamp: return .timestamp
        case .float: return .float
        case .double: return .double
        case .decimal: return .decimal
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .typedLink: return .typedLink
        case .link, .linkList:
            guard let key = column.oppositeTable, let target = group.table(key: key) else {
                throw RealmFileError(.badNode, RealmFileMessages.linkWithoutTarget, offset: offset)
            }
            return .link(target.name)
        case .backlink:
            throw RealmFileError(.badNode, RealmFileMessages.backlinkAsValue, offset: offset)
        }
    }
}
