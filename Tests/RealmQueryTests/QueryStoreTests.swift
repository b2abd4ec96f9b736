@testable import RealmEngine
import RealmQuery
import Testing

extension SharedFixtureTests {
    /// Index use (EXPLAIN QUERY PLAN), injection safety, errors and the streaming entry points.
    @Suite struct QueryStoreTests {
        func fixture() throws -> QueryFixture {
            try QueryFixture.shared.get()
        }

        @Test(arguments: [
            ("Person", "id == 5", [], "Person.id.pk"), ("Person", "id == $0 AND age > 3", [7], "Person.id.pk"),
            ("Person", "city == 'Oslo'", [], "Person.city.index"), ("Person", "city == $0 SORT(age ASC)", ["Bergen"], "Person.city.index"),
            ("Dog", "name == 'Rex'", [], "Dog.name.pk"), ("Person", "5 == id", [], "Person.id.pk"),
        ] as [(String, String, [StoreValue], String)])
        func equalityOnPrimaryKeyAndIndexedPropertyUsesTheIndex(_ className: String, _ query: String, _ arguments: [StoreValue],
                                                                _ index: String) throws {
            let store = try fixture().store
            let plan = try store.queryPlan(className, query, arguments: arguments).joined(separator: "\n")
            #expect(plan.contains("USING INDEX \(index)") || plan.contains("USING COVERING INDEX \(index)"), "\(query):\n\(plan)")
        }

        @Test func aComparisonWithoutAnIndexScans() throws {
            let store = try fixture().store
            let scan = try store.queryPlan("Person", "age == 5").joined(separator: "\n")
            #expect(scan.contains("SCAN"), "\(scan)")
        }

        @Test func stringsAndArgumentsAreMatchedAsData() throws {
            let fixture = try fixture()
            let store = fixture.store
            let hostile = ["x--y; DROP TABLE Person", "O'Brien", "nul\0byte"]
            for name in hostile {
                let expected = try store.objects("Person").filter { try store.get($0, "name") == .string(name) }
                #expect(!expected.isEmpty, "\(name)")
                #expect(try store.query("Person", "name == $0", arguments: [.string(name)]) == expected, "\(name)")
                var escaped = ""
                for scalar in name.unicodeScalars {
                    escaped += scalar == "'" ? "\\'" : scalar == "\0" ? "\\0" : String(scalar)
                }
                #expect(try store.query("Person", "name == '\(escaped)'") == expected, "\(name)")
                #expect(try store.query("Person", "name == \"\(escaped)\"") == expected, "\(name)")
                let sql = try store.querySQL("Person", "name == '\(escaped)' OR name BEGINSWITH $0", arguments: [.string(name)]).sql
                #expect(!(sql.contains("DROP") || sql.contains("Brien") || sql.contains("byte")), "\(sql)")
            }
            #expect(try store.query("Person", "name == $0", arguments: ["' OR 1=1 --"]) == [])
            #expect(try store.query("Person", "attrs['k1\\' OR 1=1 --'] == 3") == [])
            // Each of the 24 fixture names is held by two people.
            #expect(try store.query("Person", "name CONTAINS ';'").count == 2)
            #expect(try store.query("Person", "name LIKE '*--*'").count == 2)
            #expect(try store.query("Person", "name CONTAINS $0", arguments: ["\0"]).count == 2)
            #expect(throws: QueryError.self) {
                try store.query("Person", "%K == 1", arguments: ["age\" OR 1=1 --"])
            }
            #expect(try store.count("Person") == 48)
            #expect(try store.integrityCheck() == "ok")
        }

        @Test func entryPointsAndErrors() throws {
            let fixture = try fixture()
            let store = fixture.store
            var streamed: [ObjectKey] = []
            try store.forEachMatch("Person", "age > 3 SORT(age DESC, id ASC)") { streamed.append($0) }
            #expect(try streamed == store.query("Person", "age > 3 SORT(age DESC, id ASC)"))
            #expect(try store.count("Person", matching: "age > 3") == store.query("Person", "age > 3").count)
            #expect(try store.query("Person", "TRUEPREDICATE") == store.objects("Person"))
            let error = #expect(throws: QueryError.self) {
                try store.query("Person", "age >")
            }
            #expect(error?.description == "query:1:6: error: expected a value or key path after '>', found end of query")
            #expect(throws: StoreError.self) {
                try store.query("Nope", "TRUEPREDICATE")
            }
        }

        @Test(arguments: [
            "age > 3", "name BEGINSWITH[c] 'r'", "ANY dogs.name == 'Rex'", "scores.@count > 1", "scores.@sum > 5",
            "dogs.@avg.age > 2", "extra == 3", "extra.@type == 'string'", "attrs['k1'] == 3", "attrs.@keys == 'k2'",
            "pets['k1'].name == 'Rex'", "pets.@values.age > 3", "@links.Person.friend.@count > 0", "SUBQUERY(dogs, $d, $d.age > 3).@count > 1",
            "bio TEXT 'quick'", "name LIKE[c] 'r*'", "age BETWEEN {1, 10}", "age IN {1, 3, 7}", "ALL scores > 0", "NONE tags == 'a'",
            "TRUEPREDICATE SORT(age DESC, name ASC) DISTINCT(city) LIMIT(5)", "best.collar.label CONTAINS 'Rex'",
            "born < 1970-01-01@00:00:00", "balance > 1.4", "SUBQUERY(scores, $s, $s > 3).@count == 1",
        ])
        func everyFormCompilesAndRuns(_ query: String) throws {
            let fixture = try fixture()
            do {
                _ = try fixture.store.query("Person", query)
            } catch {
                Issue.record("\(query): \(error)\n\((try? fixture.store.querySQL("Person", query).sql) ?? "")")
            }
        }

        @Test func backlinkQueriesRun() throws {
            let fixture = try fixture()
            #expect(try fixture.store.query("Dog", "owners.@count > 0 AND ANY owners.age > 3").count >= 0)
        }
    }
}
