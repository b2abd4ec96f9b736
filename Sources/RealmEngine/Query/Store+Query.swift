import CSQLite
import RealmQuery
import RealmSchema

/// Realm Query Language over the store: `filter`, `SORT`, `DISTINCT`, `LIMIT`, compiled to one
/// SQL statement with bound parameters.
extension Store {
    /// The objects of `className` matching `predicate`, in the query's order (`SORT(…)`, else
    /// insertion order), with `DISTINCT(…)` and `LIMIT(n)` applied.
    ///
    /// `arguments` fill `$0`, `$1`, … (and Realm Swift's `%@`/`%K` in order); a `.list`
    /// argument serves `IN`, `BETWEEN` and `ANY … == $0`.
    ///
    /// - Throws: `QueryError` (located at a column of `predicate`) for syntax and type errors;
    ///   `StoreError` for an unknown or asymmetric class and SQLite failures.
    ///
    /// For example:
    ///
    ///     let dogs = try store.query("Dog", "age > $0 AND name BEGINSWITH[c] 'r' SORT(age DESC) LIMIT(10)", arguments: [3])
    public func query(_ className: String, _ predicate: String, arguments: [StoreValue] = []) throws -> [ObjectKey] {
        var result: [ObjectKey] = []
        try forEachMatch(className, predicate, arguments: arguments, cached: true) { result.append($0) }
        return result
    }

    /// Calls `body` with each matching object in order, stepping the keys from SQLite one at a
    /// time (for exports of any size). `body` may read the store, not write it.
    ///
    /// For example:
    ///
    ///     try store.forEachMatch("Person", "age >= 18 SORT(name ASC)") { print(try store.get($0, "name")) }
    public func forEachMatch(_ className: String, _ predicate: String, arguments: [StoreValue] = [],
                             _ body: (ObjectKey) throws -> Void) throws {
        try forEachMatch(className, predicate, arguments: arguments, cached: false, body)
    }

    /// `forEachMatch` with sort keys before the query's own `SORT` keys and a limit on top of
    /// its own, given apart from the query text (so errors in the text keep their columns).
    /// A sort key is a key path; `ascending: false` sorts descending.
    ///
    /// For example:
    ///
    ///     try store.forEachMatch("Person", "age > 3", sortedBy: [("name", true)], limit: 10) { print($0) }
    public func forEachMatch(_ className: String, _ predicate: String, arguments: [StoreValue] = [],
                             sortedBy sort: [(keyPath: String, ascending: Bool)], limit: Int?,
                             _ body: (ObjectKey) throws -> Void) throws {
        try forEachMatch(className, try QueryParser.parse(predicate), arguments: arguments, sortedBy: sort, limit: limit, body)
    }

    /// `forEachMatch(_:_:arguments:sortedBy:limit:_:)` for a query already parsed, or built
    /// from another query language (realm-export's JSON filter): the same type checker, SQL
    /// and indexes. Errors are located at the columns the query carries.
    ///
    /// For example:
    ///
    ///     try store.forEachMatch("Person", try QueryParser.parse("age > 3"), sortedBy: [], limit: nil) { print($0) }
    public func forEachMatch(_ className: String, _ query: ParsedQuery, arguments: [StoreValue] = [],
                             sortedBy sort: [(keyPath: String, ascending: Bool)], limit: Int?,
                             _ body: (ObjectKey) throws -> Void) throws {
        var parsed = query
        var keys: [QuerySortKey] = []
        for key in sort {
            keys.append(QuerySortKey(path: try QueryParser.parseKeyPath(key.keyPath), ascending: key.ascending))
        }
        parsed.sort = keys + parsed.sort
        if let limit { parsed.limit = min(parsed.limit ?? limit, limit) }
        let compiled = try compile(parsed, className, arguments: arguments)
        try run(compiled, className, cached: false, body)
    }

    /// The members of `keys` matching `predicate`, and whether the query orders or trims them
    /// (`SORT`, `DISTINCT`, `LIMIT`); without that, callers keep their own order.
    package func matches(_ className: String, _ predicate: String, arguments: [StoreValue],
                 within keys: [Int64]) throws -> (keys: [Int64], reorders: Bool) {
        try matches(className, try QueryParser.parse(predicate), arguments: arguments, within: keys)
    }

    /// `matches(_:_:arguments:within:)` for a query built without text (Store+BuiltQuery.swift).
    package func matches(_ className: String, _ parsed: ParsedQuery, arguments: [StoreValue],
                         within keys: [Int64]) throws -> (keys: [Int64], reorders: Bool) {
        let compiled = try compile(parsed, className, arguments: arguments, within: keys)
        var result: [Int64] = []
        try run(compiled, className, cached: false) { result.append($0.key) }
        return (result, !parsed.sort.isEmpty || !parsed.distinct.isEmpty || parsed.limit != nil)
    }

    /// The number of objects matching `predicate` (after `DISTINCT` and `LIMIT`).
    public func count(_ className: String, matching predicate: String, arguments: [StoreValue] = []) throws -> Int {
        var count = 0
        try forEachMatch(className, predicate, arguments: arguments, cached: true) { _ in count += 1 }
        return count
    }

    /// SQLite's `EXPLAIN QUERY PLAN` lines for the query (for checking index use).
    public func queryPlan(_ className: String, _ predicate: String, arguments: [StoreValue] = []) throws -> [String] {
        try queryPlan(className, try QueryParser.parse(predicate), arguments: arguments)
    }

    /// `queryPlan(_:_:arguments:)` for a query already parsed, or translated from a JSON filter.
    public func queryPlan(_ className: String, _ query: ParsedQuery, arguments: [StoreValue] = []) throws -> [String] {
        let compiled = try compile(query, className, arguments: arguments)
        let statement = try queryStatement("EXPLAIN QUERY PLAN " + compiled.sql, cached: false)
        for (index, value) in compiled.bindings.enumerated() { statement.bind(Int32(index + 1), value) }
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(3)) }
        return lines
    }

    /// The SQL text a query compiles to, with its parameter count (for tests and debugging).
    public func querySQL(_ className: String, _ predicate: String, arguments: [StoreValue] = []) throws -> (sql: String, parameters: Int) {
        let compiled = try compileQuery(className, predicate, arguments: arguments)
        return (compiled.sql, compiled.bindings.count)
    }

    func forEachMatch(_ className: String, _ predicate: String, arguments: [StoreValue], cached: Bool,
                      _ body: (ObjectKey) throws -> Void) throws {
        try run(try compileQuery(className, predicate, arguments: arguments), className, cached: cached, body)
    }

    func run(_ compiled: CompiledQuery, _ className: String, cached: Bool, _ body: (ObjectKey) throws -> Void) throws {
        let statement = try queryStatement(compiled.sql, cached: cached)
        defer { statement.reset() }
        for (index, value) in compiled.bindings.enumerated() { statement.bind(Int32(index + 1), value) }
        while try statement.step() {
            try body(ObjectKey(className: className, key: statement.int64(0)))
        }
    }

    /// Parses, type-checks and compiles a query over `className`.
    func compileQuery(_ className: String, _ predicate: String, arguments: [StoreValue]) throws -> CompiledQuery {
        try compile(try QueryParser.parse(predicate), className, arguments: arguments)
    }

    func compile(_ parsed: ParsedQuery, _ className: String, arguments: [StoreValue], within keys: [Int64]? = nil) throws -> CompiledQuery {
        _ = try queryableClass(className)
        let checker = QueryTypeChecker(schema: schema, arguments: arguments.map(Store.argumentKind))
        let plan = try checker.check(parsed, className: className)
        let compiler = QueryCompiler(store: self, arguments: arguments)
        compiler.restriction = keys
        return try compiler.compile(plan)
    }

    /// A statement for query SQL, registering the query functions on first need.
    /// The prepared statement of a compiled query; a query beyond SQLite's limits (expression
    /// depth, parser stack, bound values) is a query error, not SQLite's text.
    func queryStatement(_ sql: String, cached: Bool) throws -> Statement {
        do {
            do {
                return cached ? try connection.cached(sql) : try Statement(database: connection.handle, sql: sql)
            } catch let error as StoreError where QueryFunctions.isMissingFunction(error) {
                try QueryFunctions.register(on: connection.handle)
                return cached ? try connection.cached(sql) : try Statement(database: connection.handle, sql: sql)
            }
        } catch let error as StoreError where QueryFunctions.isBeyondLimits(error) {
            throw QueryMessages.beyondSQLiteLimits(column: 1)
        }
    }

    /// What the type checker needs to know about an argument.
    static func argumentKind(_ value: StoreValue) -> QueryArgumentKind {
        switch value {
        case .null: .value(.null, text: nil)
        case .bool: .value(.bool, text: nil)
        case .int: .value(.int, text: nil)
        case .float: .value(.float, text: nil)
        case .double: .value(.double, text: nil)
        case .string(let text): .value(.string, text: text)
        case .data: .value(.data, text: nil)
        case .date: .value(.date, text: nil)
        case .decimal128: .value(.decimal, text: nil)
        case .objectId: .value(.objectId, text: nil)
        case .uuid: .value(.uuid, text: nil)
        case .object(let key): .value(.object(key.className), text: nil)
        case .list(let elements): .list(elements.map(argumentKind))
        case .dictionary: .value(.mixed, text: nil)
        }
    }
}

/// The SQL functions compiled queries call, registered on a connection when a query first
/// needs them (`Store.queryStatement(_:cached:)`, when preparing fails for want of them).
///
/// `rq_match(operation, flags, value, pattern)`: 1 when the strings match under
/// `QueryText.Operation(rawValue: operation)` with flags 1 (`[c]`) and 2 (`[d]`), else 0 (also
/// for NULL or non-text operands). Deterministic, so SQLite may factor it out of loops.
enum QueryFunctions {
    static let matchName = "rq_match"

    /// Registers the functions on `database`.
    static func register(on database: OpaquePointer) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(database, matchName, 4, flags, nil, match, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw Connection.error(database: database, code: code, sql: "create function \(matchName)", statement: nil)
        }
        try registerGeoWithin(on: database)
    }

    /// Whether a prepare failure is SQLite not knowing the query functions yet.
    static func isMissingFunction(_ error: StoreError) -> Bool {
        error.sqliteMessage?.contains("no such function: rq_") ?? false
    }

    /// Whether preparing a query failed on one of SQLite's size limits rather than on its SQL.
    static func isBeyondLimits(_ error: StoreError) -> Bool {
        guard error.code == .sqlite(SQLITE_ERROR) else { return false }
        return ["parser stack overflow", "Expression tree is too large", "too many SQL variables", "too many terms",
                "variable number must be between"]
            .contains { error.message.hasPrefix($0) }
    }

    /// The text of a TEXT argument with its exact byte length (embedded NULs kept).
    static func text(_ value: OpaquePointer?) -> String? {
        guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        guard let pointer = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    static let match: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
        guard let values, count == 4,
              let operation = QueryText.Operation(rawValue: sqlite3_value_int(values[0])),
              let value = text(values[2]), let pattern = text(values[3]) else {
            sqlite3_result_int(context, 0)
            return
        }
        let flags = sqlite3_value_int(values[1])
        let matched = QueryText.matches(operation, value, pattern,
                                        caseInsensitive: flags & 1 != 0, diacriticInsensitive: flags & 2 != 0)
        sqlite3_result_int(context, matched ? 1 : 0)
    }
}
