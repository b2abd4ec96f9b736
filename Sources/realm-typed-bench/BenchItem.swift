import RealmEngine
import RealmSchema
import RealmStore

/// The properties of the benchmark's model, for code shared by its two forms.
protocol BenchModel: Object {
    var id: Int { get set }
    var name: String { get set }
    var score: Double { get set }
    var count: Int32 { get set }
    var flag: Bool { get set }
    var created: Date { get set }
    var note: String? { get set }
    var tag: ObjectId { get set }
}

/// The benchmark's model: eight properties of the common scalar types, with a
/// `persistedProperties()` table.
final class BenchItem: Object, BenchModel {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted var score: Double
    @Persisted var count: Int32
    @Persisted var flag: Bool
    @Persisted var created: Date
    @Persisted var note: String?
    @Persisted var tag: ObjectId

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("id", \BenchItem.id),
            PersistedProperty("name", \BenchItem.name),
            PersistedProperty("score", \BenchItem.score),
            PersistedProperty("count", \BenchItem.count),
            PersistedProperty("flag", \BenchItem.flag),
            PersistedProperty("created", \BenchItem.created),
            PersistedProperty("note", \BenchItem.note),
            PersistedProperty("tag", \BenchItem.tag),
        ]
    }

    /// The same model for the dynamic API.
    static let schema = RealmSchema.Schema(schemaVersion: 0, models: [
        ModelSchema(name: "BenchItem", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: RealmSchema.PropertyType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "name", type: RealmSchema.PropertyType(.string)),
            PropertySchema(name: "score", type: RealmSchema.PropertyType(.double)),
            PropertySchema(name: "count", type: RealmSchema.PropertyType(.int(.int32))),
            PropertySchema(name: "flag", type: RealmSchema.PropertyType(.bool)),
            PropertySchema(name: "created", type: RealmSchema.PropertyType(.date)),
            PropertySchema(name: "note", type: RealmSchema.PropertyType(.string, isOptional: true)),
            PropertySchema(name: "tag", type: RealmSchema.PropertyType(.objectId)),
        ]),
    ])

    static let names = ["id", "name", "score", "count", "flag", "created", "note", "tag"]
}

/// `BenchItem` as Realm Swift developers write it: no table, its properties found by
/// reflection.
final class ReflectedBenchItem: Object, BenchModel {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted var score: Double
    @Persisted var count: Int32
    @Persisted var flag: Bool
    @Persisted var created: Date
    @Persisted var note: String?
    @Persisted var tag: ObjectId

    override class func className() -> String { "BenchItem" }
}
