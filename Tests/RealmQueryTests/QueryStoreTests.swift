@testable import RealmEngine
import RealmQuery
import XCTest

/// Index use (EXPLAIN QUERY PLAN), injection safety, errors and the streaming entry points.
final class QueryStoreTests: XCTestCase {
    func fixture() throws -> QueryFixture {
        try QueryTableTests.shared.get()
    }

    func testEqualityOnPrimaryKeyAndIndexedPropertyUsesTheIndex() throws {
        let store = try fixture().store
        let cases: [(String, String, [StoreValue], String)] = [
            ("Person", "id == 5", [], "Person.id.pk"), ("Person", "id == $0 AND age > 3", [7], "Person.id.pk"),
            ("Person", "city == 'Oslo'", [], "Person.city.index"), ("Person", "city == $0 SORT(age ASC)", ["Bergen"], "Person.city.index"),
            ("Dog", "name == 'Rex'", [], "Dog.name.pk"), ("Person", "5 == id", [], "Person.id.pk"),
        ]
        for (className, query, arguments, index) in cases {
            let plan = try store.queryPlan(className, query, arguments: arguments).joined(separator: "\n")
            XCTAssert(plan.contains("USING INDEX \(index)") || plan.contains("USING COVERING INDEX \(index)"), "\(query):\n\(plan)")
        }
        let scan = try store.queryPlan("Person", "age == 5").joined(separator: "\n")
        XCTAssert(scan.contains("SCAN"), scan)
    }

    func testStringsAndArgumentsAreMatchedAsData() throws {
        let fixture = try fixture()
        let store = fixture.store
        let hostile = ["x--y; DROP TABLE Person", "O'Brien", "nul\0byte"]
        for name in hostile {
            let expected = try store.objects("Person").filter { try store.get($0, "name") == .string(name) }
            XCTAssertFalse(expected.isEmpty, name)
            XCTAssertEqual(try store.query("Person", "name == $0", arguments: [.string(name)]), expected, name)
            var escaped = ""
            for scalar in name.unicodeScalars {
                escaped += scalar == "'" ? "\\'" : scalar == "\0" ? "\\0" : String(scalar)
            }
            XCTAssertEqual(try store.query("Person", "name == '\(escaped)'"), expected, name)
            XCTAssertEqual(try store.query("Person", "name == \"\(escaped)\""), expected, name)
            let sql = try store.querySQL("Person", "name == '\(escaped)' OR name BEGINSWITH $0", arguments: [.string(name)]).sql
            XCTAssertFalse(sql.contains("DROP") || sql.contains("Brien") || sql.contains("byte"), sql)
        }
        XCTAssertEqual(try store.query("Person", "name == $0", arguments: ["' OR 1=1 --"]), [])
        XCTAssertEqual(try store.query("Person", "attrs['k1\\' OR 1=1 --'] == 3"), [])
        // Each of the 24 fixture names is held by two people.
        XCTAssertEqual(try store.query("Person", "name CONTAINS ';'").count, 2)
        XCTAssertEqual(try store.query("Person", "name LIKE '*--*'").count, 2)
        XCTAssertEqual(try store.query("Person", "name CONTAINS $0", arguments: ["\0"]).count, 2)
        XCTAssertThrowsError(try store.query("Person", "%K == 1", arguments: ["age\" OR 1=1 --"])) { error in
            XCTAssert(error is QueryError, "\(error)")
        }
        XCTAssertEqual(try store.count("Person"), 48)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testEntryPointsAndErrors() throws {
        let fixture = try fixture()
        let store = fixture.store
        var streamed: [ObjectKey] = []
        try store.forEachMatch("Person", "age > 3 SORT(age DESC, id ASC)") { streamed.append($0) }
        XCTAssertEqual(streamed, try store.query("Person", "age > 3 SORT(age DESC, id ASC)"))
        XCTAssertEqual(try store.count("Person", matching: "age > 3"), try store.query("Person", "age > 3").count)
        XCTAssertEqual(try store.query("Person", "TRUEPREDICATE"), try store.objects("Person"))
        XCTAssertThrowsError(try store.query("Person", "age >")) { error in
            XCTAssertEqual((error as? QueryError)?.description, "query:1:6: error: expected a value or key path after '>', found end of query")
        }
        XCTAssertThrowsError(try store.query("Nope", "TRUEPREDICATE")) { XCTAssert($0 is StoreError) }
    }

    func testEveryFormCompilesAndRuns() throws {
        let fixture = try fixture()
        let queries = [
            "age > 3", "name BEGINSWITH[c] 'r'", "ANY dogs.name == 'Rex'", "scores.@count > 1", "scores.@sum > 5",
            "dogs.@avg.age > 2", "extra == 3", "extra.@type == 'string'", "attrs['k1'] == 3", "attrs.@keys == 'k2'",
            "pets['k1'].name == 'Rex'", "pets.@values.age > 3", "@links.Person.friend.@count > 0", "SUBQUERY(dogs, $d, $d.age > 3).@count > 1",
            "bio TEXT 'quick'", "name LIKE[c] 'r*'", "age BETWEEN {1, 10}", "age IN {1, 3, 7}", "ALL scores > 0", "NONE tags == 'a'",
            "TRUEPREDICATE SORT(age DESC, name ASC) DISTINCT(city) LIMIT(5)", "best.collar.label CONTAINS 'Rex'",
            "born < 1970-01-01@00:00:00", "balance > 1.4", "SUBQUERY(scores, $s, $s > 3).@count == 1",
        ]
        for query in queries {
            do {
                _ = try fixture.store.query("Person", query)
            } catch {
                XCTFail("\(query): \(error)\n\((try? fixture.store.querySQL("Person", query).sql) ?? "")")
            }
        }
        XCTAssertEqual(try fixture.store.query("Dog", "owners.@count > 0 AND ANY owners.age > 3").count >= 0, true)
    }
}
