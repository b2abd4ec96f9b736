import RealmQuery
import RealmSchema

/// An aggregate of a property over lazy results.
package enum ResultsAggregate: Sendable {
    case min, max, sum, average
}

/// Lazy results (`ResultsQuery`): building the description checks each query once, and every
/// read is one SQL statement over the store's tables.
extension Store {
    /// `query` narrowed by `predicate` (Realm Query Language; `$0`, `$1`… are `arguments`),
    /// parsed and type-checked now.
    ///
    /// - Throws: `QueryError` located in `predicate`; `StoreError` for an unknown class.
    ///
    /// For example:
    ///
    ///     let young = try store.filtered(ResultsQuery(className: "Dog"), "age < $0", arguments: [3])
    package func filtered(_ query: ResultsQuery, _ predicate: String, arguments: [StoreValue] = []) throws -> ResultsQuery {
        try filtered(query, try QueryParser.parse(predicate), arguments: arguments)
    }

    /// `query` sorted by key paths, before its earlier sort keys (which then break ties).
    ///
    /// For example:
    ///
    ///     let byAge = try store.sorted(ResultsQuery(className: "Dog"), by: [("age", true)])
    package func sorted(_ query: ResultsQuery, by keys: [(keyPath: String, ascending: Bool)]) throws -> ResultsQuery {
        var parsed = try QueryParser.parse("TRUEPREDICATE")
        for key in keys { parsed.sort.append(QuerySortKey(path: try QueryParser.parseKeyPath(key.keyPath), ascending: key.ascending)) }
        var result = query
        result.sort = try checked(parsed, query.className, []).sort + query.sort
        return result
    }

    /// `query` keeping only the first object of each combination of the key paths' values.
    ///
    /// For example:
    ///
    ///     let oneOfEachAge = try store.distinct(ResultsQuery(className: "Dog"), by: ["age"])
    package func distinct(_ query: ResultsQuery, by keyPaths: [String]) throws -> ResultsQuery {
        var parsed = try QueryParser.parse("TRUEPREDICATE")
        for path in keyPaths { parsed.distinct.append(try QueryParser.parseKeyPath(path)) }
        var result = query
        result.distinct += try checked(parsed, query.className, []).distinct
        return result
    }

    /// The number of objects (`SELECT count(*)`).
    package func resultCount(_ query: ResultsQuery) throws -> Int {
        var count = 0
        try run(query, .count) { count = Int($0.int64(0)) }
        return count
    }

    /// The keys from `offset` (at most `limit`; the last ones first when `reversed`), stepped
    /// from one statement.
    ///
    /// For example:
    ///
    ///     let first = try store.resultKeys(dogs, limit: 1).first
    package func resultKeys(_ query: ResultsQuery, offset: Int = 0, limit: Int? = nil, reversed: Bool = false) throws -> [Int64] {
        var keys: [Int64] = []
        if reversed, query.limit != nil {
            let count = try resultCount(query)
            let from = max(0, count - offset - (limit ?? count))
            return try resultKeys(query, offset: from, limit: count - offset - from).reversed()
        }
        try run(query, .keys(offset: offset, limit: limit, reversed: reversed)) { keys.append($0.int64(0)) }
        return keys
    }

    /// An aggregate of the values at `keyPath` (nulls ignored) computed by SQLite, or nil when
    /// SQLite cannot compute it for that type (decimal sums and averages, NaN among floats,
    /// mixed values): step `resultValues` then. `.null` when there is no value; sums of
    /// integers are `.int`, averages `.double`.
    package func resultAggregate(_ query: ResultsQuery, _ aggregate: ResultsAggregate, _ keyPath: String) throws -> StoreValue? {
        let path = try orderingPath(keyPath, query.className)
        var result: StoreValue?
        do {
            let ran = try run(query, .aggregate(path, { ResultsAggregates.terms(aggregate, $0) })) { statement in
                result = ResultsAggregates.value(aggregate, statement)
            }
            return ran ? result : nil
        } catch let error as StoreError where error.sqliteMessage?.contains("integer overflow") == true {
            return nil
        }
    }

    /// The values at `keyPath`, in order, from one statement; nil when the path ends in a link
    /// or a mixed value (read those through the objects).
    package func resultValues(_ query: ResultsQuery, _ keyPath: String) throws -> [StoreValue]? {
        let path = try orderingPath(keyPath, query.className)
        let compiler = QueryCompiler(store: self, arguments: [])
        guard let compiledColumn = try compiler.compile(query, .column(path)), let base = compiledColumn.1 else { return nil }
        let compiled = compiledColumn.0
        switch base {
        case .mixed, .object, .linkingObjects: return nil
        default: break
        }
        var values: [StoreValue] = []
        try step(compiled) { values.append(ValueCodec.decode(LiveColumn(statement: $0, index: 0), base: base) ?? .null) }
        return values
    }

    /// A key path checked as a sort key of `className` (single-valued).
    private func orderingPath(_ keyPath: String, _ className: String) throws -> ResolvedPath {
        var parsed = try QueryParser.parse("TRUEPREDICATE")
        parsed.sort = [QuerySortKey(path: try QueryParser.parseKeyPath(keyPath), ascending: true)]
        return try checked(parsed, className, []).sort[0].path
    }

    func checked(_ parsed: ParsedQuery, _ className: String, _ arguments: [StoreValue]) throws -> QueryPlan {
        _ = try queryableClass(className)
        let checker = QueryTypeChecker(schema: schema, arguments: arguments.map(Store.argumentKind))
        return try checker.check(parsed, className: className)
    }

    /// Runs the statement for `selection`; false when it cannot be expressed in SQL.
    @discardableResult
    private func run(_ query: ResultsQuery, _ selection: ResultsSelection, _ row: (Statement) throws -> Void) throws -> Bool {
        let compile = { try QueryCompiler(store: self, arguments: []).compile(query, selection)?.0 }
        let compiled: CompiledQuery?
        switch selection {
        case .count: compiled = try query.compiled.get("count", compile)
        case .keys(0, let limit, let reversed) where limit == nil || limit == 1:
            compiled = try query.compiled.get("keys \(limit ?? 0) \(reversed)", compile)
        default: compiled = try compile()
        }
        guard let compiled else { return false }
        try step(compiled, row)
        return true
    }

    private func step(_ compiled: CompiledQuery, _ row: (Statement) throws -> Void) throws {
        let statement = try queryStatement(compiled.sql, cached: true)
        defer { statement.reset() }
        for (index, value) in compiled.bindings.enumerated() { statement.bind(Int32(index + 1), value) }
        while try statement.step() { try row(statement) }
    }
}

/// The SQL of aggregates by value type, and reading their result row.
enum ResultsAggregates {
    /// `[aggregate, whether there is a NaN]` for numbers, `[aggregate]` for dates and decimals
    /// (min/max); nil where SQLite's aggregate would not be Realm's.
    static func terms(_ aggregate: ResultsAggregate, _ value: CompiledValue) -> [String]? {
        let v = value.value
        let function = ["min", "max", "sum", "avg"][[.min, .max, .sum, .average].firstIndex(of: aggregate)!]
        switch value.base {
        case .int, .bool:
            return ["\(function)(\(v))", "0"]
        case .float, .double:
            // A NaN is stored as a blob, and blobs sort after every number: there is a NaN exactly
            // when a value is at least the empty blob (the aggregate, which took it for 0, is then
            // unused). Counting those costs a comparison per value (measured at 1e6 values: an
            // eighth of the plain aggregate's time, where `max(v) >= x''` cost a third).
            return ["\(function)(\(v))", "count(*) FILTER (WHERE \(v) >= x'')"]
        case .date, .decimal128:
            return aggregate == .min || aggregate == .max ? ["\(function)(\(v))", "0", "'\(value.base == .date ? "d" : "m")'"] : nil
        default:
            return nil
        }
    }

    /// The aggregate of the result row, or nil when a NaN makes min/max a matter for Realm's
    /// own ordering.
    static func value(_ aggregate: ResultsAggregate, _ statement: Statement) -> StoreValue? {
        if statement.int64(1) != 0 {
            return aggregate == .sum || aggregate == .average ? .double(.nan) : nil
        }
        switch statement.columnType(0) {
        case 5: return .null
        case 1: return .int(statement.int64(0))
        case 2: return .double(statement.double(0))
        default:
            let base: BaseType = statement.string(2) == "d" ? .date : .decimal128
            return ValueCodec.decode(LiveColumn(statement: statement, index: 0), base: base)
        }
    }
}
