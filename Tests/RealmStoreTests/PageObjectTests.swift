import Foundation
import RealmStore
import Testing

/// Objects a live Realm's iteration makes from a page of rows share the page's state until
/// they need one of their own (`PageState`): they stay live (a read sees the Realm's current
/// version), are invalidated by a delete or `invalidate()`, and do everything an object read
/// any other way does.
@Suite struct PageObjectTests {
    /// A Realm in a temporary file with pets p0… aged 0….
    func realm(_ count: Int) throws -> (Realm, URL) {
        let realm = try makeRealm()
        try realm.write {
            for i in 0..<count { realm.create(Pet.self, value: ["name": "p\(i)", "age": i]) }
        }
        return (realm, realm.configuration.fileURL!)
    }

    @Test func anObjectReadAfterAWriteOnItsThreadSeesTheNewValue() throws {
        let (realm, _) = try realm(300)
        var seen: [String] = []
        var kept: [Pet] = []
        for pet in realm.objects(Pet.self) {
            if pet.age == 5 {
                // This object, one made before it and one still to come (same page) change.
                try realm.write {
                    pet.name = "five"
                    kept[2].name = "two"
                    realm.objects(Pet.self).filter("age == 6").first!.name = "six"
                }
            }
            kept.append(pet)
            seen.append(pet.name)
        }
        #expect(Array(seen[4...6]) == ["p4", "five", "six"])
        #expect(kept[2].name == "two" && kept[5].name == "five" && kept[299].name == "p299")
    }

    @Test func anObjectDeletedByARefreshDuringIterationIsInvalidated() throws {
        let (realm, url) = try realm(300)
        var kept: [Pet] = []
        var names: [String] = []
        for pet in realm.objects(Pet.self) {
            if kept.count == 10 {
                onNewThread {
                    let other = try! openRealm(url)
                    try! other.write { other.delete(other.objects(Pet.self).filter("age == 3 OR age == 20")) }
                }
                #expect(!kept[3].isInvalidated, "not seen before the refresh")
                #expect(realm.refresh())
            }
            kept.append(pet)
            names.append(pet.isInvalidated ? "deleted" : pet.name)
        }
        #expect(kept.count == 300)
        #expect(kept[3].isInvalidated && !kept[2].isInvalidated && kept[2].name == "p2")
        #expect(names[20] == "deleted" && names[21] == "p21")
    }

    @Test func invalidateInvalidatesObjectsMadeFromAPage() throws {
        let (realm, _) = try realm(10)
        let kept = Array(realm.objects(Pet.self))
        #expect(kept.allSatisfy { !$0.isInvalidated && $0.realm != nil })
        realm.invalidate()
        #expect(kept.allSatisfy { $0.isInvalidated })
    }

    @Test func objectsMadeFromAPageAreManagedObjectsInEveryWay() throws {
        let realm = try makeRealm()
        try realm.write {
            let rex = realm.create(Pet.self, value: ["name": "Rex", "age": 3])
            realm.create(Owner.self, value: ["id": 1, "name": "Ann", "pets": [rex], "best": rex, "tags": ["a"], "scores": ["x": 1]])
        }
        let owner = Array(realm.objects(Owner.self))[0]
        #expect(owner.realm != nil && owner.pets.count == 1 && owner.best?.name == "Rex")
        #expect(owner.tags.contains("a") && owner.scores["x"] == 1)
        let pet = Array(realm.objects(Pet.self))[0]
        #expect(pet.owners.first?.name == "Ann")
        #expect(pet == owner.best! && Set([pet, owner.best!]).count == 1)
        #expect(realm.objects(Pet.self).index(of: pet) == 0)
        #expect(pet.freeze().name == "Rex" && pet.freeze().isFrozen)
        try realm.write { realm.delete(pet) }
        #expect(pet.isInvalidated && owner.best == nil)
    }
}
