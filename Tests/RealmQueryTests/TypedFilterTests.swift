import Foundation
import RealmStore
import TestSupport
import Testing

final class Kennel: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var city = ""
    @Persisted var hounds: List<Hound>
    @Persisted var favorites: MutableSet<Hound>
    @Persisted var byRole: Map<String, Hound?>

    override class func persistedProperties() -> [PersistedProperty] {
        [PersistedProperty("id", \Kennel.id), PersistedProperty("city", \Kennel.city),
         PersistedProperty("hounds", \Kennel.hounds), PersistedProperty("favorites", \Kennel.favorites),
         PersistedProperty("byRole", \Kennel.byRole)]
    }
}

final class Hound: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted(originProperty: "hounds") var kennels: LinkingObjects<Kennel>

    override class func persistedProperties() -> [PersistedProperty] {
        [PersistedProperty("name", \Hound.name), PersistedProperty("age", \Hound.age), PersistedProperty("kennels", \Hound.kennels)]
    }
}

/// `filter(_:_:)` and `index(matching:_:)` on Results, List, MutableSet, LinkingObjects,
/// AnyRealmCollection and Map.
@Suite struct TypedFilterTests {
    func makeRealm() throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("t.realm", prefix: "query-typed"),
                                                     objectTypes: [Kennel.self, Hound.self]))
    }

    @Test func filterOnEveryCollection() throws {
        let realm = try makeRealm()
        let kennel = Kennel()
        try realm.write {
            kennel.id = 1
            kennel.city = "Oslo"
            for (name, age) in [("Rex", 3), ("rover", 7), ("Fido", 1), ("Ruby", 5)] {
                let hound = Hound()
                hound.name = name
                hound.age = age
                kennel.hounds.append(hound)
            }
            realm.add(kennel)
            kennel.hounds.append(kennel.hounds[0])
            kennel.favorites.insert(kennel.hounds[1])
            kennel.favorites.insert(kennel.hounds[2])
            kennel.byRole["guard"] = kennel.hounds[0]
            kennel.byRole["lead"] = kennel.hounds[1]
            kennel.byRole["spare"] = nil as Hound?
            kennel.byRole["tail"] = kennel.hounds[3]
        }
        let all = realm.objects(Hound.self)
        #expect(all.filter("age > %@ AND name BEGINSWITH[c] %@", 2, "r").map(\.name) == ["Rex", "rover", "Ruby"])
        #expect(all.filter("age > $0 SORT(age DESC) LIMIT(2)", 0).map(\.name) == ["rover", "Ruby"])
        #expect(all.filter("%K IN %@", "name", ["Fido", "Rex"]).map(\.name) == ["Rex", "Fido"])
        #expect(kennel.hounds.filter("age >= 3").map(\.name) == ["Rex", "rover", "Ruby", "Rex"])
        #expect(kennel.hounds.filter("age >= 3 SORT(name ASC)").map(\.name) == ["Rex", "Ruby", "rover"])
        #expect(kennel.favorites.filter("age < 5").map(\.name) == ["Fido"])
        #expect(kennel.hounds[0].kennels.filter("city == 'Oslo'").count == 2)
        #expect(AnyRealmCollection(kennel.hounds).filter("name ==[c] 'RUBY'").count == 1)
        #expect(realm.objects(Kennel.self).filter("ANY hounds.age > 6").count == 1)
        #expect(realm.objects(Kennel.self).filter("hounds.@count == 5 AND favorites.@count == 2").count == 1)
        #expect(kennel.byRole.filter("age > 2").map { $0?.name } == ["Rex", "rover", "Ruby"])
        #expect(kennel.byRole.filter("age > 2 SORT(age DESC) LIMIT(2)").map { $0?.name } == ["rover", "Ruby"])
        #expect(kennel.hounds.index(matching: "name == %@", "Ruby") == 3)
        #expect(kennel.hounds.index(matching: "age > 100") == nil)
        #expect(all.index(matching: "name ENDSWITH 'o'") == 2)

        let young = all.filter("age < 3")
        #expect(young.count == 1)
        try realm.write {
            let hound = Hound()
            hound.name = "Pup"
            realm.add(hound)
        }
        #expect(realm.objects(Hound.self).filter("age < 3").count == 2)
    }
}
