import RealmEngine
import RealmStore

/// The questions of the benchmark, each asked three ways: through the typed API (`Realm`,
/// `Results`), the dynamic API (`Store`) and hand-written SQL for the `sqlite3` shell. The three
/// answers are printed the same way (an integer, or the sum of scores) so that
/// `bench/results_bench.sh` can check that they agree before it times anything.
enum Question: String, CaseIterable {
    /// `realm.objects(Item.self).count`
    case count
    /// `filter("age > 30").count`
    case filterCount = "filter-count"
    /// `filter("age > 30").first`: the first match in insertion order; answers its `id`.
    case filterFirst = "filter-first"
    /// `sorted(byKeyPath: "age").first`: ties in insertion order; answers its `id`.
    case sortedFirst = "sorted-first"
    /// `results[position]`: answers its `id`.
    case index
    /// Every object, reading `name`: answers the total UTF-8 length of the names.
    case iterate
    /// `sum(ofProperty: "score")`
    case sum

    static let filter = "age > 30"

    /// The same question in SQL over the store's tables (docs/store-file.md): `_key` is the
    /// insertion order, columns are named after the properties.
    func sql(position: Int) -> String {
        switch self {
        case .count: "SELECT count(*) FROM \"Item\";"
        case .filterCount: "SELECT count(*) FROM \"Item\" WHERE \(Question.filter);"
        // NOT INDEXED: scanning in key order stops at the first match, as the store's query does;
        // given the choice, SQLite searches the age index and sorts every match by key.
        case .filterFirst: "SELECT id FROM \"Item\" NOT INDEXED WHERE \(Question.filter) ORDER BY _key LIMIT 1;"
        case .sortedFirst: "SELECT id FROM \"Item\" ORDER BY age, _key LIMIT 1;"
        case .index: "SELECT id FROM \"Item\" ORDER BY _key LIMIT 1 OFFSET \(position);"
        // The shell prints every name; the script sums their lengths to check the answer.
        case .iterate: "SELECT name FROM \"Item\";"
        case .sum: "SELECT sum(score) FROM \"Item\";"
        }
    }

    /// The answer through the typed API.
    func typed(_ realm: Realm, position: Int) -> String {
        let items = realm.objects(Item.self)
        switch self {
        case .count: return String(items.count)
        case .filterCount: return String(items.filter(Question.filter).count)
        case .filterFirst: return items.filter(Question.filter).first.map { String($0.id) } ?? "none"
        case .sortedFirst: return items.sorted(byKeyPath: "age").first.map { String($0.id) } ?? "none"
        case .index: return String(items[position].id)
        case .iterate:
            var total = 0
            for item in items { total += item.name.utf8.count }
            return String(total)
        case .sum:
            let sum: Double = items.sum(ofProperty: "score")
            return String(sum)
        }
    }

    /// The answer through the dynamic API. `Store` has no aggregates and no offset, so `sum`
    /// reads every score and `index` takes the keys of every object (`store.objects`).
    func dynamic(_ store: Store, position: Int) throws -> String {
        switch self {
        case .count: return String(try store.count("Item"))
        case .filterCount: return String(try store.count("Item", matching: Question.filter))
        case .filterFirst: return try firstID(store, Question.filter, sortedBy: [])
        case .sortedFirst: return try firstID(store, "TRUEPREDICATE", sortedBy: [("age", true)])
        case .index: return try id(store, try store.objects("Item")[position])
        case .iterate:
            var total = 0
            try store.forEachObject("Item") { object in
                if case .string(let name) = try store.get(object, "name") { total += name.utf8.count }
            }
            return String(total)
        case .sum:
            var sum = 0.0
            try store.forEachObject("Item") { object in
                if case .double(let score) = try store.get(object, "score") { sum += score }
            }
            return String(sum)
        }
    }

    private func firstID(_ store: Store, _ predicate: String, sortedBy sort: [(keyPath: String, ascending: Bool)]) throws -> String {
        var answer = "none"
        try store.forEachMatch("Item", predicate, sortedBy: sort, limit: 1) { answer = try id(store, $0) }
        return answer
    }

    private func id(_ store: Store, _ object: ObjectKey) throws -> String {
        guard case .int(let id) = try store.get(object, "id") else { return "none" }
        return String(id)
    }
}
