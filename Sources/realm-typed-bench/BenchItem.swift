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
    static let schema = CompiledSchema(schemaVersion: 0, models: [
        ModelSchema(name: "BenchItem", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "name", type: DeclaredType(.string)),
            PropertySchema(name: "score", type: DeclaredType(.double)),
            PropertySchema(name: "count", type: DeclaredType(.int(.int32))),
            PropertySchema(name: "flag", type: DeclaredType(.bool)),
            PropertySchema(name: "created", type: DeclaredType(.date)),
            PropertySchema(name: "note", type: DeclaredType(.string, isOptional: true)),
            PropertySchema(name: "tag", type: DeclaredType(.objectId)),
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
