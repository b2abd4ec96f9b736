import RealmQuery
import RealmSchema

/// What one statement over a `ResultsQuery` returns.
enum ResultsSelection {
    /// The keys in order, from `offset`, at most `limit`, last first when `reversed`.
    case keys(offset: Int, limit: Int?, reversed: Bool)
    /// `count(*)`.
    case count
    /// One row of SQL aggregate expressions over the value of a key path (`v` in the
    /// template's terms is replaced by the value); nil expressions mean "not in SQL".
    case aggregate(ResolvedPath, (CompiledValue) -> [String]?)
    /// The value of a key path, one row per object, in order.
    case column(ResolvedPath)
    /// Each object's `_key` then these columns of its row (`t0.…`), in order; not for distinct
    /// results (nil). `afterKey`: only the objects after a key, the statement's last parameter
    /// (for results in key order).
    case rows([String], afterKey: Bool)
}

/// Lazy results: a `ResultsQuery` compiled into one SELECT (see `ResultsQuery`).
extension QueryCompiler {
    /// The statement for `selection` over `query`, and the selected value's type for
    /// aggregates and columns; nil when an aggregate cannot be computed in SQL.
    func compile(_ query: ResultsQuery, _ selection: ResultsSelection) throws -> (CompiledQuery, BaseType?)? {
        let info = try store.classInfo(query.className)
        let root = Context(alias: "t0", className: query.className, sink: JoinSink(), variable: nil)
        var (from, conditions, baseOrder) = try baseRows(query.base, info)
        if !query.sort.isEmpty, from != "\(info.table) t0" {
            // Sorted, a collection holds each object once: the base becomes a condition.
            let side = from.replacingOccurrences(of: " JOIN \(info.table) t0 ON ", with: " WHERE ")
            (from, conditions, baseOrder) = ("\(info.table) t0", ["EXISTS (SELECT 1 FROM \(side) AND \(conditions.joined(separator: " AND ")))"], ["t0._key"])
        }
        for condition in query.conditions {
            arguments = condition.arguments
            conditions.append(try compile(condition.plan.predicate, root))
        }
        arguments = []
        var order: [(term: String, ascending: Bool)] = []
        for key in query.sort { order.append((distinctTerm(try singleValue(key.path, root)), key.ascending)) }
        order += baseOrder.map { ($0, true) }
        var partition: [String] = []
        for path in query.distinct {
            let value = try singleValue(path, root)
            partition.append(distinctTerm(value))
            if let tag = value.tag { partition.append(tag) }
        }
        var value: CompiledValue?
        switch selection {
        case .aggregate(let path, _), .column(let path): value = try singleValue(path, root)
        default: break
        }
        from += root.sink.joins.map { " " + $0 }.joined()
        // No WHERE at all when nothing narrows the rows: SQLite counts a table without a WHERE
        // by walking its smallest b-tree's pages, not by stepping each row (`WHERE 1` steps).
        var rows = conditions.isEmpty ? "FROM \(from)" : "FROM \(from) WHERE \(conditions.joined(separator: " AND "))"
        var (key, column) = ("t0._key", value?.value ?? "NULL")
        if !partition.isEmpty {
            let columns = order.enumerated().map { ", \($1.term) AS o\($0)" }.joined()
            rows = "FROM (SELECT t0._key AS k, \(column) AS v\(columns), row_number() OVER (PARTITION BY "
                + partition.joined(separator: ", ") + " ORDER BY \(orderBy(order, reversed: false))) AS rn \(rows)) WHERE rn = 1"
            order = order.enumerated().map { ("o\($0)", $1.ascending) }
            (key, column) = ("k", "v")
        }
        switch selection {
        case .keys(let offset, let limit, let reversed):
            var count = limit
            if let whole = query.limit { count = min(count ?? whole, max(0, whole - offset)) }
            let window = count != nil || offset > 0
                ? " LIMIT \(parameter(.int(Int64(count ?? -1)))) OFFSET \(parameter(.int(Int64(offset))))" : ""
            return (CompiledQuery(sql: "SELECT \(key) \(rows) ORDER BY \(orderBy(order, reversed: reversed))\(window)", bindings: bindings), nil)
        case .count:
            guard let limit = query.limit else { return (CompiledQuery(sql: "SELECT count(*) \(rows)", bindings: bindings), nil) }
            let sql = "SELECT count(*) FROM (SELECT 1 \(rows) LIMIT \(parameter(.int(Int64(limit)))))"
            return (CompiledQuery(sql: sql, bindings: bindings), nil)
        case .aggregate(_, let expressions):
            guard let value else { return nil }
            if let limit = query.limit {
                rows = "FROM (SELECT \(column) AS v0 \(rows) ORDER BY \(orderBy(order, reversed: false)) LIMIT \(parameter(.int(Int64(limit)))))"
                column = "v0"
            }
            var selected = value
            selected.value = column
            guard let terms = expressions(selected) else { return nil }
            return (CompiledQuery(sql: "SELECT \(terms.joined(separator: ", ")) \(rows)", bindings: bindings), value.base)
        case .rows(let columns, let afterKey):
            guard partition.isEmpty else { return nil }
            if afterKey {
                rows = "FROM \(from) WHERE " + (conditions + ["t0._key > \(parameter(.int(0)))"]).joined(separator: " AND ")
            }
            let limit = query.limit.map { " LIMIT \(parameter(.int(Int64($0))))" } ?? ""
            let selected = (["t0._key"] + columns).joined(separator: ", ")
            return (CompiledQuery(sql: "SELECT \(selected) \(rows) ORDER BY \(orderBy(order, reversed: false))\(limit)", bindings: bindings), nil)
        case .column:
            let limit = query.limit.map { " LIMIT \(parameter(.int(Int64($0))))" } ?? ""
            let sql = "SELECT \(column) \(rows) ORDER BY \(orderBy(order, reversed: false))\(limit)"
            return (CompiledQuery(sql: sql, bindings: bindings), value?.base)
        }
    }

    /// `ORDER BY` terms, each direction flipped when `reversed`.
    private func orderBy(_ order: [(term: String, ascending: Bool)], reversed: Bool) -> String {
        order.map { $0.term + ($0.ascending != reversed ? "" : " DESC") }.joined(separator: ", ")
    }

    /// The rows of a base: its `FROM` (the objects as `t0`, a side table as `r0`, joined
    /// `ON` the element), the conditions tying them to their owner (bound, never a list of
    /// keys) and its own order. Sorted results hold each object of a collection once (as
    /// before the query was lazy): `compile` turns the join into an `EXISTS`.
    private func baseRows(_ base: ResultsQuery.Base, _ info: ClassInfo) throws -> (String, [String], [String]) {
        switch base {
        case .all:
            return ("\(info.table) t0", [], ["t0._key"])
        case .list(let owner, let name), .set(let owner, let name), .mapValues(let owner, let name):
            let property = try store.classInfo(owner.className).property(name)
            let from = "\(property.sideTable) r0 JOIN \(info.table) t0 ON t0._key = r0.value"
            let condition = "r0.owner = \(parameter(.int(owner.key)))"
            switch base {
            case .list: return (from, [condition], ["r0.pos"])
            case .set: return (from, [condition], ["t0._key"])
            default: return (from, [condition], ["r0.key"])
            }
        case .linkingObjects(let target, let name):
            let property = try info.property(name)
            let targetKey = parameter(.int(target.key))
            switch property.collection {
            case .single: return ("\(info.table) t0", ["t0.\(property.column) = \(targetKey)"], ["t0._key"])
            case .list:
                return ("\(property.sideTable) r0 JOIN \(info.table) t0 ON t0._key = r0.owner", ["r0.value = \(targetKey)"], ["r0.owner", "r0.pos"])
            case .set:
                return ("\(property.sideTable) r0 JOIN \(info.table) t0 ON t0._key = r0.owner", ["r0.value = \(targetKey)"], ["r0.owner"])
            case .map:
                return ("\(property.sideTable) r0 JOIN \(info.table) t0 ON t0._key = r0.owner", ["r0.value = \(targetKey)"], ["r0.owner", "r0.key"])
            }
        }
    }
}
