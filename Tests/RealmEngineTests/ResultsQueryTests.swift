@testable import RealmEngine
import RealmQuery
import RealmSchema
import TestSupport
import Testing

/// Lazy results in the engine: a `ResultsQuery` read by one SQL statement per operation, with
/// collection bases restricted through their tables (never a bound list of keys).
@Suite struct ResultsQueryTests {
    let directory = TemporaryDirectory()
    let items = ResultsQuery(className: "Item")

    /// Items X0… with quantities `qty`, and an order listing the items at `listed` positions.
    func store(_ qty: [Int], listed: [Int] = []) throws -> (Store, [ObjectKey], ObjectKey) {
        let store = try Store.temporary(directory, name: "results-\(qty.count)-\(listed.count).sqlite")
        return try store.write {
            var keys: [ObjectKey] = []
            for (index, value) in qty.enumerated() {
                keys.append(try store.create("Item", value: ["sku": .value(.string("X\(index)")), "qty": .value(.int(Int64(value))),
                                                             "color": .value(index % 2 == 0 ? "red" : "blue")]))
            }
            let order = try store.create("Order", value: ["id": 1, "items": .collection(listed.map { .value(.object(keys[$0])) })])
            return (store, keys, order)
        }
    }

    @Test func countIsOneCountStarReadingOneRow() throws {
        let (store, _, _) = try store([5, 3, 8, 1])
        let (count, log) = try store.logStatements { try store.resultCount(items) }
        #expect(count == 4)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].hasPrefix("SELECT count(*) FROM \"Item\""))
        #expect(log.rows == 1)
    }

    @Test func firstAndLastOfSortedResultsReadOneRow() throws {
        let (store, keys, _) = try store([5, 3, 8, 1])
        let sorted = try store.sorted(items, by: [("qty", true)])
        let (first, log) = try store.logStatements { try store.resultKeys(sorted, limit: 1) }
        #expect(first == [keys[3].key])
        #expect(log.statements.count == 1 && log.rows == 1)
        #expect(log.statements[0].contains("ORDER BY t0.\"qty\", t0._key LIMIT"))
        let (last, lastLog) = try store.logStatements { try store.resultKeys(sorted, limit: 1, reversed: true) }
        #expect(last == [keys[2].key])
        #expect(lastLog.rows == 1 && lastLog.statements[0].contains("DESC"))
        #expect(try store.resultKeys(sorted) == [3, 1, 0, 2].map { keys[$0].key })
        #expect(try store.resultKeys(sorted, offset: 2) == [0, 2].map { keys[$0].key })
    }

    @Test func chainedFiltersBecomeOneWhere() throws {
        let (store, keys, _) = try store([5, 3, 8, 1])
        let query = try store.filtered(try store.filtered(items, "qty > $0", arguments: [2]), "color == $0", arguments: ["red"])
        let (matched, log) = try store.logStatements { try store.resultKeys(query) }
        #expect(matched == [keys[0].key, keys[2].key])
        #expect(log.statements.count == 1)
        #expect(log.statements[0].components(separatedBy: " WHERE ").count == 2, "one WHERE: \(log.statements[0])")
        #expect(log.statements[0].contains(" AND "))
    }

    @Test func commonReadsAreCompiledOncePerDescription() throws {
        let (store, _, _) = try store([5, 3, 8, 1])
        let sorted = try store.sorted(items, by: [("qty", true)])
        #expect(try store.resultCount(sorted) == 4 && store.resultCount(sorted) == 4)
        #expect(try store.resultKeys(sorted, limit: 1) == store.resultKeys(sorted, limit: 1))
        #expect(sorted.compiled.count == 2, "count and first, each compiled once")
        let filtered = try store.filtered(sorted, "qty > 4")
        #expect(filtered.compiled.count == 0, "a new description compiles its own")
        #expect(try store.resultCount(filtered) == 2 && store.resultCount(sorted) == 4)
        #expect(try store.resultKeys(store.distinct(sorted, by: ["color"])).count == 2)
    }

    @Test func aBadQueryIsReportedWhenFiltering() throws {
        let (store, _, _) = try store([1])
        #expect(throws: QueryError.self) { try store.filtered(items, "nope > 1") }
        #expect(throws: QueryError.self) { try store.filtered(items, "qty > 'text'") }
        #expect(throws: QueryError.self) { try store.sorted(items, by: [("nope", true)]) }
    }

    @Test func listFiltersJoinTheListTableWithoutBindingKeys() throws {
        let (small, smallKeys, smallOrder) = try store([5, 3, 8, 1], listed: [2, 0, 2])
        let (large, largeKeys, largeOrder) = try store(Array(repeating: 4, count: 60), listed: Array(0..<60))
        let query = { (order: ObjectKey) in ResultsQuery(className: "Item", base: .list(owner: order, property: "items")) }
        let smallFiltered = try small.filtered(query(smallOrder), "qty > $0", arguments: [2])
        let largeFiltered = try large.filtered(query(largeOrder), "qty > $0", arguments: [2])
        let (smallMatched, smallLog) = try small.logStatements { try small.resultKeys(smallFiltered) }
        let (largeMatched, largeLog) = try large.logStatements { try large.resultKeys(largeFiltered) }
        #expect(smallMatched == [2, 0, 2].map { smallKeys[$0].key }, "list order and repeats kept")
        #expect(largeMatched == largeKeys.map(\.key))
        #expect(smallLog.entries.count == 1 && largeLog.entries.count == 1)
        #expect(smallLog.entries[0].parameters == largeLog.entries[0].parameters)
        #expect(smallLog.entries[0].parameters == 2)
        #expect(smallLog.statements[0].contains("\"Order.items\" r0 JOIN \"Item\" t0"))
        #expect(try small.resultCount(smallFiltered) == 3)
        let sorted = try small.sorted(smallFiltered, by: [("qty", false)])
        #expect(try small.resultKeys(sorted) == [2, 0].map { smallKeys[$0].key }, "sorted, each object once")
    }

    @Test func setMapAndLinkingObjectsBases() throws {
        let store = try Store.temporary(directory)
        let (orders, fans) = try store.write {
            let orders = try (1...3).map { try store.create("Order", value: ["id": .value(.int(Int64($0)))]) }
            let fans = [
                try store.create("Fan", value: ["favorites": .collection([.value(.object(orders[1])), .value(.object(orders[0])), .value(.object(orders[1]))]),
                                                "picked": .collection([.value(.object(orders[2])), .value(.object(orders[0]))]),
                                                "byName": .map(["b": .value(.object(orders[0])), "a": .value(.object(orders[2])), "c": .value(.null)])]),
                try store.create("Fan", value: ["favorites": .collection([.value(.object(orders[1]))])]),
            ]
            return (orders, fans)
        }
        let picked = ResultsQuery(className: "Order", base: .set(owner: fans[0], property: "picked"))
        #expect(try store.resultKeys(picked) == [orders[0].key, orders[2].key])
        let byName = ResultsQuery(className: "Order", base: .mapValues(owner: fans[0], property: "byName"))
        #expect(try store.resultKeys(byName) == [orders[2].key, orders[0].key], "key order, nulls left out")
        #expect(try store.resultKeys(try store.filtered(byName, "id > 1")) == [orders[2].key])
        let lovers = ResultsQuery(className: "Fan", base: .linkingObjects(target: orders[1], property: "favorites"))
        #expect(try store.resultKeys(lovers) == [fans[0].key, fans[0].key, fans[1].key], "one per link")
        #expect(try store.resultCount(lovers) == 3)
        #expect(try store.resultKeys(lovers, limit: 1, reversed: true) == [fans[1].key])
    }

    @Test func aggregatesAreSQLAggregates() throws {
        let (store, _, _) = try store([5, 3, 8, 1])
        let (sum, log) = try store.logStatements { try store.resultAggregate(items, .sum, "qty") }
        #expect(sum == .int(17))
        #expect(log.statements.count == 1 && log.statements[0].hasPrefix("SELECT sum(t0.\"qty\")") && log.rows == 1)
        #expect(try store.resultAggregate(items, .min, "qty") == .int(1))
        #expect(try store.resultAggregate(items, .max, "qty") == .int(8))
        #expect(try store.resultAggregate(items, .average, "qty") == .double(4.25))
        let none = try store.filtered(items, "qty > 100")
        #expect(try store.resultAggregate(none, .sum, "qty") == .null)
        #expect(try store.resultAggregate(none, .max, "qty") == .null)
        let limited = try store.filtered(items, "TRUEPREDICATE SORT(qty DESC) LIMIT(2)")
        #expect(try store.resultAggregate(limited, .sum, "qty") == .int(13))
        #expect(try store.resultCount(limited) == 2)
        #expect(try store.resultKeys(limited, limit: 1, reversed: true).count == 1)
    }

    @Test func columnValuesAndDistinct() throws {
        let (store, keys, _) = try store([5, 3, 8, 1])
        let sorted = try store.sorted(items, by: [("qty", true)])
        let (values, log) = try store.logStatements { try store.resultValues(sorted, "qty") }
        #expect(values == [1, 3, 5, 8].map { .int($0) })
        #expect(log.statements.count == 1 && log.rows == 4)
        #expect(try store.resultValues(items, "color") == ["red", "blue", "red", "blue"])
        let distinct = try store.distinct(items, by: ["color"])
        #expect(try store.resultKeys(distinct) == [keys[0].key, keys[1].key])
        #expect(try store.resultCount(distinct) == 2)
        let sortedDistinct = try store.distinct(try store.sorted(items, by: [("qty", false)]), by: ["color"])
        #expect(try store.resultKeys(sortedDistinct) == [keys[2].key, keys[1].key])
    }
}
