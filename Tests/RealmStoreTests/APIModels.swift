import RealmStore

/// Hand-written models, as a Realm Swift developer writes them, plus their property tables.
final class Owner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var pets: List<Pet>
    @Persisted var tags: MutableSet<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var best: Pet?
    @Persisted var home: Place?
    @Persisted var extra: AnyRealmValue

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("id", \Owner.id), PersistedProperty("name", \Owner.name),
            PersistedProperty("pets", \Owner.pets), PersistedProperty("tags", \Owner.tags),
            PersistedProperty("scores", \Owner.scores), PersistedProperty("best", \Owner.best),
            PersistedProperty("home", \Owner.home), PersistedProperty("extra", \Owner.extra),
        ]
    }
}

final class Pet: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var weight: Double?
    @Persisted(originProperty: "pets") var owners: LinkingObjects<Owner>

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("name", \Pet.name), PersistedProperty("age", \Pet.age),
            PersistedProperty("weight", \Pet.weight), PersistedProperty("owners", \Pet.owners),
        ]
    }
}

final class Place: EmbeddedObject {
    @Persisted var city = ""

    override class func persistedProperties() -> [PersistedProperty] { [PersistedProperty("city", \Place.city)] }
}
