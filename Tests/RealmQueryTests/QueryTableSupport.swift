@testable import RealmEngine
import RealmQuery
import Testing

/// The suites that use `QueryFixture.shared`: a `Store` is used from one thread at a time, so
/// their tests run one after another.
@Suite(.serialized) enum SharedFixtureTests {}

/// Runs queries through the store (SQL) and through `ReferenceEvaluator`, and records every
/// difference with the query, both results and the SQL.
final class QueryComparer {
    let fixture: QueryFixture
    private(set) var checked = 0
    private(set) var failures: [String] = []
    /// Queries whose expected result is neither empty nor every object (they discriminate).
    private(set) var discriminating = 0

    init(_ fixture: QueryFixture) {
        self.fixture = fixture
    }

    func check(_ className: String, _ query: String, _ arguments: [StoreValue] = [], ordered: Bool = true) {
        checked += 1
        let store = fixture.store
        do {
            let plan = try QueryTypeChecker(schema: store.schema, arguments: arguments.map(Store.argumentKind))
                .check(QueryParser.parse(query), className: className)
            let expected = try ReferenceEvaluator(store: store, arguments: arguments).run(plan).map(\.key)
            let actual = try store.query(className, query, arguments: arguments).map(\.key)
            let total = try store.count(className)
            if !expected.isEmpty && expected.count < total { discriminating += 1 }
            let same = ordered || !plan.sort.isEmpty ? expected == actual : Set(expected) == Set(actual)
            if !same {
                let sql = (try? store.querySQL(className, query, arguments: arguments).sql) ?? "?"
                failures.append("\(className): \(query)\n  expected \(expected)\n  actual   \(actual)\n  sql \(sql)")
            }
        } catch {
            failures.append("\(className): \(query)\n  threw \(error)")
        }
    }

    /// Fails the test with every difference, and unless at least `minimum` queries ran.
    func assertAll(minimum: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(checked >= minimum, "too few queries", sourceLocation: sourceLocation)
        #expect(discriminating * 3 >= checked, "most queries should select some objects, not none or all",
                sourceLocation: sourceLocation)
        print("QueryComparer: \(checked) queries, \(discriminating) discriminating, \(failures.count) differences")
        #expect(failures.isEmpty, "\(failures.count) of \(checked) queries differ:\n\(failures.prefix(25).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }
}

/// The six comparison operators.
let comparisonOperators = ["==", "!=", "<", "<=", ">", ">="]
/// The string operators with every modifier.
let stringOperators = ["==", "!=", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"]
let modifiers = ["", "[c]", "[d]", "[cd]"]
