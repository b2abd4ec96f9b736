@testable import RealmEngine
import RealmQuery
import Testing

/// Queries at and past the nesting limit (docs/queries.md, section 1): the parser stops at a located
/// error instead of overflowing the stack, and long AND/OR chains, NOT runs and IN lists compile
/// to SQL that SQLite accepts.
@Suite struct QueryNestingLimitTests {
    func nestingError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = #expect(throws: QueryError.self, sourceLocation: sourceLocation, performing: {
            try QueryParser.parse(text)
        }) else { return }
        #expect(error.message.contains("nested more than \(QueryParser.maximumNesting) levels deep"), "\(error.message)",
                sourceLocation: sourceLocation)
        #expect(error.column == QueryParser.maximumNesting + 1, "\(error)", sourceLocation: sourceLocation)
    }

    @Test func deepParenthesesAreALocatedError() {
        nestingError(String(repeating: "(", count: 25_000) + "a == 1" + String(repeating: ")", count: 25_000))
        nestingError(String(repeating: "(", count: 25_000))
    }

    @Test func longNotRunsAreALocatedError() {
        nestingError(String(repeating: "!", count: 60_000) + "a == 1")
        nestingError(String(repeating: "!", count: 60_000))
    }

    @Test func deepListsSubscriptsAndSubqueriesAreALocatedError() throws {
        let lists = "a IN " + String(repeating: "{", count: 30_000)
        #expect(throws: QueryError.self) { try QueryParser.parse(lists) }
        let subscripts = "a" + String(repeating: "[b", count: 30_000)
        #expect(throws: QueryError.self) { try QueryParser.parse(subscripts) }
        let subqueries = String(repeating: "SUBQUERY(l, $x, ", count: 20_000)
        #expect(throws: QueryError.self) { try QueryParser.parse(subqueries) }
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = QueryParser.maximumNesting
        _ = try QueryParser.parse(String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth))
        _ = try QueryParser.parse(String(repeating: "NOT ", count: depth) + "a == 1")
        var alternating = "a == 0"
        for level in 0..<(depth - 1) { alternating = "a == \(level) \(level % 2 == 0 ? "AND" : "OR") (\(alternating))" }
        _ = try QueryParser.parse(alternating)
    }

    @Test func chainsAreFlat() throws {
        let terms = (0..<100_000).map { "a != \($0)" }
        guard case .or(let operands) = try QueryParser.parse(terms.joined(separator: " OR ")).predicate else {
            Issue.record("not an OR")
            return
        }
        #expect(operands.count == 100_000)
        guard case .and(let conjuncts) = try QueryParser.parse(terms.prefix(10_000).joined(separator: " && ")).predicate else {
            Issue.record("not an AND")
            return
        }
        #expect(conjuncts.count == 10_000)
    }
}

extension SharedFixtureTests {
    /// Long chains, NOT runs and IN lists over the fixture, each compared with the reference
    /// evaluator and with an equivalent short query.
    @Suite struct QueryLongFormTests {
        func comparer() throws -> QueryComparer {
            QueryComparer(try QueryFixture.shared.get())
        }

        /// `query` and `simple` select the same people, and `query` agrees with the reference evaluator.
        func same(_ c: QueryComparer, _ query: String, _ simple: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            c.check("Person", query)
            let store = c.fixture.store
            #expect(try store.query("Person", query) == store.query("Person", simple), "\(query.prefix(100))", sourceLocation: sourceLocation)
        }

        @Test func reportedQueriesRun() throws {
            let c = try comparer()
            let ninety = (0..<90).map { "age != \($0)" }
            try same(c, ninety.joined(separator: " AND "), "age < 0 OR age >= 90 OR age == nil")
            try same(c, ninety.joined(separator: " OR "), "TRUEPREDICATE")
            try same(c, String(repeating: "NOT ", count: 46) + "age > 3", "age > 3")
            try same(c, String(repeating: "NOT ", count: 45) + "age > 3", "NOT age > 3")
            let values = (0..<999).map { "\($0 * 3)" }.joined(separator: ", ")
            try same(c, "age IN {\(values)}", "age == 0 OR age == 3 OR age == 30 OR age == 42")
            let mixed = (0..<90).map { $0 % 2 == 0 ? "age != \($0)" : "name != 'n\($0)'" }
            try same(c, mixed.joined(separator: " OR "), "TRUEPREDICATE")
            c.assertAll(minimum: 6)
        }

        /// Much longer forms, compared with a short query only (the reference evaluator would take
        /// minutes over them).
        @Test func muchLongerFormsRun() throws {
            let store = try QueryFixture.shared.get().store
            func same(_ query: String, _ simple: String) throws {
                #expect(try store.query("Person", query) == store.query("Person", simple), "\(query.prefix(100))")
            }
            try same((0..<5_000).map { "age == \($0 + 1000)" }.joined(separator: " OR ") + " OR age == 42", "age == 42")
            try same((0..<5_000).map { "age != \($0 + 1000)" }.joined(separator: " AND ") + " AND age == 42", "age == 42")
            // 100,000 terms compile without recursing per term (SQLite then takes minutes to prepare them).
            let long = (0..<100_000).map { "age != \($0)" }.joined(separator: " AND ") + " OR name == 'x'"
            #expect(try store.querySQL("Person", long).parameters == 100_001)
            try same("age IN {\((0..<10_000).map { "\($0 * 3)" }.joined(separator: ", "))}", "age == 0 OR age == 3 OR age == 30 OR age == 42")
            try same("name IN[c] {\((0..<5_000).map { "'x\($0)'" }.joined(separator: ", ")), 'REX'}", "name ==[c] 'rex'")
            try same("extra IN {\((0..<5_000).map { "\($0 + 100_000)" }.joined(separator: ", ")), 3}", "extra == 3")
            try same("ANY scores IN {\((0..<5_000).map { "\($0 + 1000)" }.joined(separator: ", ")), 7}", "ANY scores == 7")
            try same(String(repeating: "NOT ", count: 500) + "age > 3", "age > 3")
            try same(String(repeating: "!(", count: 499) + "age > 3" + String(repeating: ")", count: 499), "NOT age > 3")
            try same("age IN {}", "FALSEPREDICATE")
            // Past SQLite's limit on bound values: a located error at the comparison.
            let values: [StoreValue] = [.list((0..<300_000).map { .int(Int64($0)) })]
            let error = #expect(throws: QueryError.self) { try store.query("Person", "age > 3 AND age IN $0", arguments: values) }
            #expect(error?.column == 17 && error?.message.contains("more than SQLite can bind") == true, "\(String(describing: error))")
            let arguments: [StoreValue] = [.list((0..<10_000).map { .int(Int64($0 * 3)) })]
            #expect(try store.query("Person", "age IN $0", arguments: arguments) == store.query("Person", "age == 0 OR age == 3 OR age == 30 OR age == 42"))
        }

        /// Deeply nested groups with NOTs and every kind of comparison agree with the reference
        /// evaluator (past a few levels they compile to a different form).
        @Test func deepGroupsAgreeWithTheReferenceEvaluator() throws {
            let c = try comparer()
            let leaves = ["age > 3", "name BEGINSWITH[c] 'r'", "extra == 3", "ANY scores > 5", "best.age > 2", "nick == nil",
                          "SUBQUERY(dogs, $d, $d.age > 3 AND ($d.name BEGINSWITH 'R' OR NOT $d.age < 7)).@count > 0",
                          "ANY tags IN {'a', 'B', 'x'}", "TRUEPREDICATE", "height > 1.5", "balance IN {1.5, 3, null}"]
            for depth in [6, 12, 30, 60] {
                for start in leaves.indices {
                    var query = leaves[start]
                    for level in 0..<depth {
                        let leaf = leaves[(start + level * 7) % leaves.count]
                        switch level % 4 {
                        case 0: query = "\(leaf) OR (\(query))"
                        case 1: query = "NOT (\(query)) AND \(leaf)"
                        case 2: query = "(\(query)) OR NOT \(leaf) AND age != \(level)"
                        default: query = "\(leaf) AND ((\(query)) OR \(leaf) AND (\(query.count % 2 == 0 ? "age > 30" : "name == 'Rex'")))"
                        }
                    }
                    c.check("Person", query)
                }
            }
            c.assertAll(minimum: 40)
        }

        /// Alternating AND/OR groups nested up to the parser's limit run, or give a located query
        /// error; never SQLite's own text.
        @Test func deepAlternatingGroupsRunOrGiveALocatedError() throws {
            let store = try QueryFixture.shared.get().store
            for depth in [7, 8, 9, 10, 40, 100, 300, 500, QueryParser.maximumNesting - 1] {
                var query = "age == 42"
                for level in 0..<depth {
                    query = level % 2 == 0 ? "age == \(level + 1000) OR (\(query))" : "age != \(level + 1000) AND (\(query))"
                }
                do {
                    #expect(try store.query("Person", query) == store.query("Person", "age == 42"), "\(depth)")
                } catch let error as QueryError {
                    #expect(depth > 300 && error.message.contains("deeper than SQLite's limit"), "\(depth): \(error)")
                    #expect(error.column > 1, "\(depth): \(error)")
                }
            }
        }
    }
}
