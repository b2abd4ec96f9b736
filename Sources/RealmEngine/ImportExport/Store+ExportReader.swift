import RealmSchema

/// Reading a whole class for realm-export as a tree of statements (`ExportNode`): one for the
/// class's rows, with its to-one embedded objects and the primary keys of its to-one links
/// joined in; one per collection property; one per List of embedded objects, with their own
/// joins and collections below. Every statement is ordered by the class's export order first
/// (primary key, then key), so each object takes its elements as the cursors meet it (a merge
/// join): no query per object, per embedded object or per link, and memory stays flat. A class
/// whose primary keys do not follow its keys is scanned and sorted, not read through its index.
extension Store {
    /// The export reader of a whole class in primary-key order (insertion order without a
    /// primary key), or one `part` of it (`exportSplit`). `keep(className, propertyName)` says
    /// which properties to read; the others are `.skipped`. Step `rows` of the returned node
    /// for each object; the nested cursors are already on their first rows. Use within one
    /// `readTransaction`.
    ///
    /// - Throws: for asymmetric classes, and SQLite failures.
    ///
    /// For example:
    ///
    ///     let person = try store.exportReader("Person") { _, _ in true }
    ///     while try person.rows.step() { print(person.rows.int64(person.keyColumn)) }
    package func exportReader(_ className: String, part: ExportPart = .whole,
                              keep: @escaping (String, String) -> Bool) throws -> ExportNode {
        let info = try queryableClass(className)
        var builder = ExportReaderBuilder(store: self, keep: keep, part: part)
        return try builder.topLevel(info)
    }
}

/// Builds the SQL of an export reader.
private struct ExportReaderBuilder {
    let store: Store
    let keep: (String, String) -> Bool
    /// The objects read; every statement of a part is filtered by the split's bound (`?1`).
    let part: ExportPart
    private var aliases = 0
    /// The alias of the top-level table when it is read in key order (see `sideChain`).
    private var topLevelTable: String?

    init(store: Store, keep: @escaping (String, String) -> Bool, part: ExportPart) {
        self.store = store
        self.keep = keep
        self.part = part
    }

    /// The rows a statement comes from: the joins from the top-level class down, and the order
    /// every statement of the tree shares as its prefix.
    struct Chain {
        var from: String
        var order: [String]
        /// The part's condition on the top-level objects, if any.
        var filter: String?

        /// The chain with `join` added to its rows.
        func joining(_ join: String) -> Chain {
            Chain(from: from + " " + join, order: order, filter: filter)
        }
    }

    /// The columns and extra joins of one statement being built.
    final class Select {
        var columns: [String] = []
        var joins: [String] = []

        func add(_ column: String) -> Int32 {
            columns.append(column)
            return Int32(columns.count - 1)
        }

        func sql(_ chain: Chain) -> String {
            "SELECT \(columns.joined(separator: ", ")) FROM \(chain.from)\(joins.map { " " + $0 }.joined())"
                + (chain.filter.map { " WHERE " + $0 } ?? "") + " ORDER BY \(chain.order.joined(separator: ", "))"
        }
    }

    private mutating func alias() -> String {
        aliases += 1
        return "e\(aliases)"
    }

    mutating func topLevel(_ info: ClassInfo) throws -> ExportNode {
        let table = alias()
        let keyOrdered = try part.split?.byKey ?? store.primaryKeyFollowsKeys(info)
        // Out of key order (random keys such as UUIDs) the primary-key index would send every
        // row, and every collection's rows, to a random page: the table is scanned in key order
        // instead and SQLite's sorter puts it in primary-key order (its memory bounded by the
        // page cache, spilling to temporary files beyond).
        let chain = Chain(from: "\(info.table) AS \(table)" + (keyOrdered ? "" : " NOT INDEXED"),
                          order: info.primaryKey.map { keyOrdered ? ["\(table)._key"] : ["\(table).\($0.column)", "\(table)._key"] }
                              ?? ["\(table)._key"],
                          filter: partFilter(info.primaryKey.map { keyOrdered ? "\(table)._key" : "\(table).\($0.column)" }
                              ?? "\(table)._key"))
        topLevelTable = keyOrdered ? table : nil
        let select = Select()
        let rows = ExportRows(store)
        let node = ExportNode(className: info.name, rows: rows, keyColumn: select.add("\(table)._key"), linkColumn: nil)
        node.fields = try fields(info, table, chain, select, rows)
        try rows.prepare(select.sql(chain), bound: part.split?.bound)
        return node
    }

    /// The part's condition on `column` (the top-level objects' key, or their primary key).
    private func partFilter(_ column: String) -> String? {
        switch part {
        case .whole: nil
        // A null primary key sorts first (and the bound is never null).
        case .first(let split): split.byKey ? "\(column) < ?1" : "(\(column) < ?1 OR \(column) IS NULL)"
        case .second: "\(column) >= ?1"
        }
    }

    /// The chain of a side table owned by `owner`: from the side table alone when the owner is
    /// the top-level class read in key order (the side table's own order), else joined.
    private func sideChain(_ chain: Chain, _ property: PropertyInfo, owner: String, side: String, elementOrder: String) -> Chain {
        if owner == topLevelTable {
            return Chain(from: "\(property.sideTable) AS \(side)", order: ["\(side).owner", elementOrder],
                         filter: partFilter("\(side).owner"))
        }
        return Chain(from: chain.from + " JOIN \(property.sideTable) AS \(side) ON \(side).owner = \(owner)._key",
                     order: chain.order + [elementOrder], filter: chain.filter)
    }

    /// The fields of `info`'s objects, which stand in `rows` as `table`.
    private mutating func fields(_ info: ClassInfo, _ table: String, _ chain: Chain, _ select: Select,
                                 _ rows: ExportRows) throws -> [ExportField] {
        var fields: [ExportField] = []
        for property in info.properties {
            guard keep(info.name, property.name) else {
                fields.append(.skipped)
                continue
            }
            if property.isSingle {
                fields.append(try single(property, table, chain, select, rows))
            } else if property.targetIsEmbedded {
                fields.append(property.collection == .list ? .embeddedList(try embeddedList(property, table, chain))
                                                          : .perObject(property.name))
            } else {
                fields.append(.collection(try collection(property, table, chain)))
            }
        }
        return fields
    }

    private mutating func single(_ property: PropertyInfo, _ table: String, _ chain: Chain, _ select: Select,
                                 _ rows: ExportRows) throws -> ExportField {
        let column = "\(table).\(property.column)"
        if property.isMixed {
            let value = select.add(column)
            _ = select.add("\(table).\(property.typeColumn)")
            return .mixed(value)
        }
        guard property.isLink else { return .value(select.add(column), property.base) }
        let target = try store.targetInfo(property)
        let joined = alias()
        if target.isEmbedded {
            let link = select.add(column)
            select.joins.append("LEFT JOIN \(target.table) AS \(joined) ON \(joined)._key = \(column)")
            let node = ExportNode(className: target.name, rows: rows, keyColumn: select.add("\(joined)._key"), linkColumn: link)
            let inner = chain.joining("JOIN \(target.table) AS \(joined) ON \(joined)._key = \(column)")
            node.fields = try fields(target, joined, inner, select, rows)
            return .embedded(node)
        }
        // Links to classes without a primary key are written by position: decoded as links.
        guard let primaryKey = target.primaryKey else { return .value(select.add(column), property.base) }
        let link = select.add(column)
        select.joins.append("LEFT JOIN \(target.table) AS \(joined) ON \(joined)._key = \(column)")
        return .primaryKeyLink(link: link, key: select.add("\(joined).\(primaryKey.column)"), target: target.name,
                               keyBase: primaryKey.base)
    }

    /// A List of embedded objects: the side table's rows joined to the objects they hold.
    private mutating func embeddedList(_ property: PropertyInfo, _ owner: String, _ chain: Chain) throws -> ExportNode {
        let target = try store.targetInfo(property)
        let side = alias(), joined = alias()
        let chain = sideChain(chain, property, owner: owner, side: side, elementOrder: "\(side).pos")
        let select = Select()
        let rows = ExportRows(store)
        rows.ownersAscend = owner == topLevelTable
        _ = select.add("\(side).owner")
        let link = select.add("\(side).value")
        select.joins.append("LEFT JOIN \(target.table) AS \(joined) ON \(joined)._key = \(side).value")
        let node = ExportNode(className: target.name, rows: rows, keyColumn: select.add("\(joined)._key"), linkColumn: link)
        let inner = chain.joining("JOIN \(target.table) AS \(joined) ON \(joined)._key = \(side).value")
        node.fields = try fields(target, joined, inner, select, rows)
        try rows.prepare(select.sql(chain), bound: part.split?.bound)
        try rows.step()
        return node
    }

    /// A List, MutableSet or Map of values or links, in the element order `Store.get` gives.
    private mutating func collection(_ property: PropertyInfo, _ owner: String, _ chain: Chain) throws -> ExportCollection {
        let side = alias()
        let hasTag = property.isMixed || property.setNeedsTypeColumn
        let elementOrder = switch property.collection {
        case .list: "\(side).pos"
        case .map: "\(side).key"
        default: hasTag ? "\(side).type, \(side).value" : "\(side).value"
        }
        let chain = sideChain(chain, property, owner: owner, side: side, elementOrder: elementOrder)
        let select = Select()
        _ = select.add("\(side).owner")
        let key = property.collection == .map ? select.add("\(side).key") : nil
        let value = select.add("\(side).value")
        let tag = hasTag ? select.add("\(side).type") : nil
        var targetKey: Int32?
        var targetKeyBase: BaseType?
        if property.isLink, let primaryKey = try store.targetInfo(property).primaryKey {
            let joined = alias()
            select.joins.append("LEFT JOIN \(try store.targetInfo(property).table) AS \(joined) ON \(joined)._key = \(side).value")
            targetKey = select.add("\(joined).\(primaryKey.column)")
            targetKeyBase = primaryKey.base
        }
        let rows = ExportRows(store, property: property)
        rows.ownersAscend = owner == topLevelTable
        try rows.prepare(select.sql(chain), bound: part.split?.bound)
        try rows.step()
        return ExportCollection(rows: rows, kind: property.collection, base: property.base, keyColumn: key, valueColumn: value,
                                tagColumn: tag, targetKeyColumn: targetKey, targetKeyBase: targetKeyBase)
    }
}
