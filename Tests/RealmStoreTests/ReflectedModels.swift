import RealmStore

// Models exactly as Realm Swift developers write them: no persistedProperties() table.

/// A superclass model: its properties come first in its subclasses.
class RAnimal: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var name = ""
    /// Not persisted, as in Realm: a plain stored property, a lazy one and a computed one.
    var plain = 3
    lazy var lazyValue = 5
    var doubled: Int { id * 2 }
}

final class RDog: RAnimal {
    @Persisted var age: Int
    @Persisted var weight: Double?
    @Persisted var owner: RPerson?
    @Persisted var tags: List<String>
    @Persisted var nicknames: MutableSet<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var address: RAddress?
    @Persisted var extra: AnyRealmValue
    @Persisted var storedElsewhere = "x"

    override class func propertiesMapping() -> [String: String] { ["storedElsewhere": "stored_elsewhere"] }
}

final class RPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted(originProperty: "owner") var dogs: LinkingObjects<RDog>
}

final class RAddress: EmbeddedObject {
    @Persisted var city = ""
}

final class RReading: AsymmetricObject {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var value = 0.0
}

/// No @Persisted property at all.
final class RNothing: Object {
    var plain = 1
}

/// `RPerson` with a table, for comparison.
final class TPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted(originProperty: "owner") var dogs: LinkingObjects<RDog>

    override class func className() -> String { "RPerson" }

    override class func persistedProperties() -> [PersistedProperty] {
        [PersistedProperty("name", \TPerson.name), PersistedProperty("age", \TPerson.age), PersistedProperty("dogs", \TPerson.dogs)]
    }
}

/// A later `RPerson` with a string age, for a migration.
final class RPersonV2: Object {
    @Persisted var name = ""
    @Persisted var age = ""
    @Persisted var born: Int?

    override class func className() -> String { "RPerson" }
}
