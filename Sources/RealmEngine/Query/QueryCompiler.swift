import CSQLite
import RealmQuery
import RealmSchema

/// SQL compiled from a query: text with numbered parameters (`?1`, `?2`, …) and their values.
/// No value is ever pasted into the SQL text.
struct CompiledQuery {
    var sql: String
    var bindings: [SQLValue]
}

/// Where to-one joins of a (sub)query go: `LEFT JOIN`s deduplicated by path.
final class JoinSink {
    var joins: [String] = []
    var known: [String: String] = [:]
}

/// A value expression in SQL: the value, for mixed values the type tag, and the storage type.
struct CompiledValue {
    var value: String
    /// The mixed type tag expression (nil for typed values).
    var tag: String?
    var base: BaseType
    /// Whether the value is a mixed type tag (`@type`).
    var isTypeTag = false
}

/// Rows a multi-valued path ranges over: `FROM` items and the conditions tying them to the owner.
struct ManyFrame {
    var from: [String]
    var conditions: [String]
}

/// Compiles a `QueryPlan` into SQL over the store's tables (see `Store` for the layout).
///
/// Comparisons are null-safe: `NOT p` is `(p) IS NOT 1`, so a comparison with a null (which
/// SQL makes NULL) is false, and its negation true, as in Realm. Paths through lists, sets, maps
/// and backlinks become `EXISTS` (`ANY`), `NOT EXISTS … IS NOT 1` (`ALL`) or `NOT EXISTS` (`NONE`).
package final class QueryCompiler {
    let store: Store
    var arguments: [StoreValue]
    var bindings: [SQLValue] = []
    var aliasCount = 0
    /// How many AND, OR and NOT groups enclose the predicate being compiled.
    var groupNesting = 0
    /// When set, only these objects may match (a collection's members, for `filter` on it).
    var restriction: [Int64]?

    /// The current object of a (sub)query and where its to-one joins go.
    struct Context {
        var alias: String
        var className: String
        var sink: JoinSink
        /// The SUBQUERY variable's value over a collection of primitives.
        var variable: CompiledValue?
    }

    init(store: Store, arguments: [StoreValue]) {
        self.store = store
        self.arguments = arguments
    }

    /// A numbered parameter bound to `value`.
    func parameter(_ value: SQLValue) -> String {
        bindings.append(value)
        return "?\(bindings.count)"
    }

    func newAlias(_ prefix: String) -> String {
        aliasCount += 1
        return prefix + String(aliasCount)
    }

    /// The SELECT returning the matching `_key`s in order, with distinct and limit applied.
    func compile(_ plan: QueryPlan) throws -> CompiledQuery {
        let info = try store.classInfo(plan.className)
        let root = Context(alias: "t0", className: plan.className, sink: JoinSink(), variable: nil)
        var condition = try compile(plan.predicate, root)
        if let restriction {
            let keys = "[" + restriction.map(String.init).joined(separator: ",") + "]"
            condition = "t0._key IN (SELECT value FROM json_each(\(parameter(.text(keys))))) AND \(condition)"
        }
        var orderTerms: [String] = []
        for key in plan.sort {
            let value = try singleValue(key.path, root)
            orderTerms.append(distinctTerm(value) + (key.ascending ? "" : " DESC"))
        }
        let limit = plan.limit.map { " LIMIT " + parameter(.int(Int64($0))) } ?? ""
        guard !plan.distinct.isEmpty else {
            let from = "\(info.table) t0" + root.sink.joins.map { " " + $0 }.joined()
            let order = (orderTerms + ["t0._key"]).joined(separator: ", ")
            return CompiledQuery(sql: "SELECT t0._key FROM \(from) WHERE \(condition) ORDER BY \(order)\(limit)", bindings: bindings)
        }
        var partition: [String] = []
        for path in plan.distinct {
            let value = try singleValue(path, root)
            partition.append(distinctTerm(value))
            if let tag = value.tag { partition.append(tag) }
        }
        let from = "\(info.table) t0" + root.sink.joins.map { " " + $0 }.joined()
        let sortColumns = orderTerms.enumerated().map { ", \($1.hasSuffix(" DESC") ? String($1.dropLast(5)) : $1) AS o\($0)" }.joined()
        let inner = (orderTerms + ["t0._key"]).joined(separator: ", ")
        let outer = (plan.sort.enumerated().map { "o\($0)" + ($1.ascending ? "" : " DESC") } + ["k"]).joined(separator: ", ")
        let sql = "SELECT k FROM (SELECT t0._key AS k\(sortColumns), row_number() OVER (PARTITION BY "
            + partition.joined(separator: ", ") + " ORDER BY \(inner)) AS rn FROM \(from) WHERE \(condition))"
            + " WHERE rn = 1 ORDER BY \(outer)\(limit)"
        return CompiledQuery(sql: sql, bindings: bindings)
    }

    /// Decimals sort and are distinct by numeric value (the order-key prefix), other values as stored.
    func distinctTerm(_ value: CompiledValue) -> String {
        value.base == .decimal128 ? "substr(\(value.value), 1, 19)" : value.value
    }

    /// The value of a single-valued path (SORT, DISTINCT, right-hand key paths).
    func singleValue(_ path: ResolvedPath, _ context: Context) throws -> CompiledValue {
        var frame: ManyFrame?
        let (current, className) = try walk(path.hops, context, &frame)
        var inner = context
        inner.alias = current
        inner.className = className
        let value = try leaf(path.leaf, inner, &frame)
        precondition(frame == nil, StoreError.Trap.singleValuedFrame)
        return value
    }

    func compile(_ predicate: TypedPredicate, _ context: Context) throws -> String {
        switch predicate {
        case .and(let operands): return try chain(operands, "AND", context)
        case .or(let operands): return try chain(operands, "OR", context)
        case .not(let inner): return "((\(try group(inner, context))) IS NOT 1)"
        case .constant(let value): return value ? "1" : "0"
        case .comparison(let comparison): return try compile(comparison, context)
        }
    }

    /// `operand` compiled one group deeper: past `directNesting` groups, in the left-deep form
    /// that SQLite's parser takes however deep (QueryCompiler+Deep.swift).
    func group(_ operand: TypedPredicate, _ context: Context) throws -> String {
        groupNesting += 1
        defer { groupNesting -= 1 }
        if groupNesting > QueryCompiler.directNesting && QueryCompiler.groupDepth(operand) > 0 {
            return try leftDeep(operand, context)
        }
        return try compile(operand, context)
    }

    /// `a AND b AND c` as one flat SQL chain of the operands.
    func chain(_ operands: [TypedPredicate], _ op: String, _ context: Context) throws -> String {
        var terms: [String] = []
        terms.reserveCapacity(operands.count)
        for operand in operands { terms.append(try group(operand, context)) }
        return QueryCompiler.chain(terms, op)
    }

    /// Terms joined by `op` in parentheses. A chain longer than `chainLength` becomes a chain of
    /// parenthesized chains (of chains…), so that SQLite's expression tree, as deep as a chain
    /// is long and limited to 1000, stays shallow.
    static func chain(_ terms: [String], _ op: String) -> String {
        if terms.isEmpty { return op == "AND" ? "1" : "0" }
        let separator = " \(op) "
        var terms = terms
        while terms.count > chainLength {
            terms = stride(from: 0, to: terms.count, by: chainLength).map {
                "(" + terms[$0..<min($0 + chainLength, terms.count)].joined(separator: separator) + ")"
            }
        }
        return "(" + terms.joined(separator: separator) + ")"
    }

    /// The longest chain of terms compiled as one flat SQL chain.
    static let chainLength = 64

    /// The column of the first comparison in `predicate` (1 when it has none).
    static func column(of predicate: TypedPredicate) -> Int {
        var current = predicate
        while true {
            switch current {
            case .and(let operands), .or(let operands):
                guard let first = operands.first else { return 1 }
                current = first
            case .not(let inner): current = inner
            case .constant: return 1
            case .comparison(let comparison): return comparison.lhs.column
            }
        }
    }

    /// How many values one statement may bind (SQLite's `SQLITE_LIMIT_VARIABLE_NUMBER`).
    lazy var parameterLimit = Int(sqlite3_limit(store.connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))

    func compile(_ comparison: TypedComparison, _ context: Context) throws -> String {
        let condition = try compileComparison(comparison, context)
        if bindings.count > parameterLimit {
            throw QueryMessages.tooManyValues(parameterLimit, column: comparison.column)
        }
        return condition
    }

    func compileComparison(_ comparison: TypedComparison, _ context: Context) throws -> String {
        var frame: ManyFrame?
        let (current, className) = try walk(comparison.lhs.hops, context, &frame)
        var inner = context
        inner.alias = current
        inner.className = className
        let condition: String
        if comparison.op == .text {
            condition = try textCondition(comparison, inner)
        } else {
            let value = try leaf(comparison.lhs.leaf, inner, &frame)
            condition = try self.condition(value, comparison, context)
        }
        guard let frame else { return condition }
        let from = frame.from.joined(separator: " ")
        let owner = frame.conditions.joined(separator: " AND ")
        switch comparison.quantifier ?? .any {
        case .any: return "EXISTS (SELECT 1 FROM \(from) WHERE \(owner) AND \(condition))"
        case .all: return "NOT EXISTS (SELECT 1 FROM \(from) WHERE \(owner) AND (\(condition)) IS NOT 1)"
        case .no: return "NOT EXISTS (SELECT 1 FROM \(from) WHERE \(owner) AND \(condition))"
        }
    }
}

extension ManyFrame: Equatable {}
