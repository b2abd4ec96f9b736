import Foundation
import RealmEngine
import RealmStore

/// The benchmark's model: eight properties of the common scalar types. `age` is indexed (the
/// filter and the sort of the benchmark use it, as an app indexing what it queries would);
/// `score` holds quarters, so every sum of scores is exact in a Double whatever the order.
final class Item: Object {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted(indexed: true) var age: Int
    @Persisted var score: Double
    @Persisted var active: Bool
    @Persisted var created: Date
    @Persisted var city: String?
    @Persisted var tag: ObjectId

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("id", \Item.id),
            PersistedProperty("name", \Item.name),
            PersistedProperty("age", \Item.age),
            PersistedProperty("score", \Item.score),
            PersistedProperty("active", \Item.active),
            PersistedProperty("created", \Item.created),
            PersistedProperty("city", \Item.city),
            PersistedProperty("tag", \Item.tag),
        ]
    }

    /// The Realm of the benchmark's file, holding only `Item`.
    static func realm(_ path: String) throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [Item.self]))
    }

    /// Creates the store at `path` through the typed API (so its schema is `Item`'s), then adds
    /// `count` objects with seeded values through the dynamic API in one write transaction
    /// (`atomicOperations` off, as realm-import loads), and checkpoints the WAL.
    static func populate(_ path: String, count: Int) throws {
        let store = try realm(path).store
        store.atomicOperations = false
        var state: UInt64 = 42
        func next(_ bound: UInt64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % bound)
        }
        let cities = ["Oslo", "Bergen", "Berlin", "Zürich", "Lima", "Kyoto"]
        let tag = ObjectId("65a1b2c3d4e5f60718293a4b")
        let base = 1_700_000_000.0
        try store.write {
            for id in 0..<count {
                let city = next(7)
                _ = try store.create("Item", value: [
                    "id": .value(.int(Int64(id))), "name": .value(.string("item \(id)")),
                    "age": .value(.int(next(100))), "score": .value(.double(Double(next(40_000)) / 4)),
                    "active": .value(.bool(next(2) == 0)),
                    "created": .value(.date(Timestamp(Date(timeIntervalSince1970: base + Double(id))))),
                    "city": .value(city == 6 ? .null : .string(cities[Int(city)])), "tag": .value(.objectId(tag)),
                ])
            }
        }
        try store.checkpoint()
    }
}
