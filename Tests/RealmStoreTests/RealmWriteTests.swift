import Foundation
import RealmStore
import Testing

/// `Realm`: transactions, add, create, delete and their errors in Realm's wording.
@Suite struct RealmWriteTests {
    @Test func addMakesObjectsManagedAndReadsThrough() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "Ada", "pets": [["name": "Rex", "age": 3]]])
        #expect(owner.realm == nil && owner.pets.count == 1)
        try realm.write { realm.add(owner) }
        #expect(owner.realm == realm && !owner.isInvalidated)
        #expect(owner.pets.first?.realm == realm)
        try realm.write { owner.name = "Bea" }
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "Bea")
        #expect(realm.objects(Pet.self).count == 1)
    }

    @Test func transactionsBeginCommitAndCancel() throws {
        let realm = try makeRealm()
        #expect(!realm.isInWriteTransaction)
        realm.beginWrite()
        #expect(realm.isInWriteTransaction)
        realm.add(Owner(value: [1, "A"]))
        realm.cancelWrite()
        #expect(realm.objects(Owner.self).isEmpty)
        realm.beginWrite()
        realm.add(Owner(value: [2, "B"]))
        try realm.commitWrite()
        #expect(realm.objects(Owner.self).map(\.name) == ["B"])
    }

    @Test func duplicatePrimaryKeyRollsBackTheWrite() throws {
        let realm = try makeRealm()
        try realm.write { realm.add(Owner(value: ["id": 1])) }
        #expect {
            try realm.write {
                realm.add(Owner(value: ["id": 2]))
                realm.add(Owner(value: ["id": 1]))
            }
        } throws: { message($0) == "Attempting to create an object of type 'Owner' with an existing primary key value '1'" }
        #expect(realm.objects(Owner.self).count == 1)
        #expect(!realm.isInWriteTransaction)
    }

    @Test func updatePoliciesOnAdd() throws {
        let realm = try makeRealm()
        try realm.write { realm.add(Owner(value: ["id": 1, "name": "A", "tags": ["x"]])) }
        let update = Owner(value: ["id": 1, "name": "B"])
        try realm.write { realm.add(update, update: .modified) }
        let stored = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        #expect(stored.name == "B" && update == stored)
        #expect(Array(stored.tags) == ["x"])
        try realm.write { realm.add(Owner(value: ["id": 1, "name": "C"]), update: .all) }
        #expect(stored.name == "C" && stored.tags.isEmpty)
        #expect {
            try realm.write { realm.add(Pet(), update: .all) }
        } throws: { message($0) == "'Pet' does not have a primary key and can not be updated" }
    }

    @Test func createFollowsRealmRules() throws {
        let realm = try makeRealm()
        try realm.write {
            let owner = realm.create(Owner.self, value: ["id": 1, "name": "A", "home": ["city": "Oslo"], "extra": ["k": 1]])
            #expect(owner.home?.city == "Oslo" && owner.extra.dictionaryValue?["k"] == .int(1))
            let pet = realm.create(Pet.self, value: ["Rex", 2])
            #expect(pet.name == "Rex" && pet.age == 2 && pet.weight == nil)
            realm.create(Owner.self, value: ["id": 1, "scores": ["a": 1]], update: .modified)
            #expect(owner.name == "A" && owner.scores["a"] == 1)
            let copy = Pet(value: ["name": "Unmanaged"])
            realm.create(Owner.self, value: ["id": 2, "best": copy])
            #expect(copy.realm == nil)
            #expect(realm.create(Owner.self, value: owner, update: .all) == owner)
        }
        #expect(realm.objects(Pet.self).count == 2)
        #expect {
            try realm.write { realm.create(Pet.self, value: ["a", 1, 2.0, 4]) }
        } throws: { message($0) == "Invalid array input: more values (4) than properties (3)." }
        #expect {
            try realm.write { realm.create(Pet.self, value: ["name": 5]) }
        } throws: { message($0) == "Invalid value '5' of type 'int' for 'string' property 'Pet.name'." }
        #expect {
            try realm.write { realm.create(Pet.self, value: ["weight": 1], update: .modified) }
        } throws: { message($0) == "'Pet' does not have a primary key and can not be updated" }
    }

    @Test func createConvertsAsRealmDoes() throws {
        let realm = try makeRealm()
        try realm.write {
            let pet = realm.create(Pet.self, value: ["weight": 3])
            #expect(pet.weight == 3.0)
        }
    }

    @Test func deleteAndDeleteAll() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "pets": [["name": "A"], ["name": "B"]], "home": ["city": "X"]])
        try realm.write { realm.add(owner) }
        let first = try #require(owner.pets.first)
        try realm.write { realm.delete(first) }
        #expect(first.isInvalidated && owner.pets.map(\.name) == ["B"])
        try realm.write { realm.delete(realm.objects(Pet.self)) }
        #expect(owner.pets.isEmpty)
        #expect {
            try realm.write { realm.delete(Pet()) }
        } throws: { message($0) == "Can only delete an object from the Realm it belongs to." }
        try realm.write { realm.deleteAll() }
        #expect(owner.isInvalidated && realm.objects(Owner.self).isEmpty)
    }

    @Test func linkedUnmanagedObjectsAreAddedIncludingCycles() throws {
        let realm = try makeRealm()
        let a = Owner(value: ["id": 1])
        let b = Owner(value: ["id": 2])
        let pet = Pet(value: ["name": "Shared"])
        a.pets.append(pet)
        b.pets.append(pet)
        a.best = pet
        a.extra = .object(b)
        b.extra = .object(a)
        try realm.write { realm.add(a) }
        #expect(b.realm == realm && pet.realm == realm)
        #expect(pet.owners.count == 2 && realm.objects(Pet.self).count == 1)
        #expect(b.extra.objectValue(Owner.self) == a)
    }

    @Test func reusingAManagedEmbeddedObjectIsAnError() throws {
        let realm = try makeRealm()
        let a = Owner(value: ["id": 1, "home": ["city": "X"]])
        try realm.write { realm.add(a) }
        let home = try #require(a.home)
        #expect(home.realm == realm)
        #expect {
            try realm.write { realm.add(Owner(value: ["id": 2, "home": home])) }
        } throws: { message($0) == "Cannot set a link to an existing managed embedded object" }
    }

    @Test func refreshAndInvalidate() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1])
        try realm.write { realm.add(owner) }
        // Its own commit left the Realm at the newest version: nothing to move to, as in Realm.
        #expect(!realm.refresh())
        let results = realm.objects(Owner.self)
        #expect(results.count == 1)
        realm.invalidate()
        #expect(owner.isInvalidated && results.isInvalidated)
        #expect(realm.objects(Owner.self).count == 1)
    }

    @Test func writesOutsideATransactionTrap() async {
        await #expect(processExitsWith: .failure) {
            let realm = try makeRealm()
            realm.add(Owner())
        }
        await #expect(processExitsWith: .failure) {
            let realm = try makeRealm()
            let owner = Owner()
            try realm.write { realm.add(owner) }
            owner.name = "outside"
        }
        await #expect(processExitsWith: .failure) {
            let realm = try makeRealm()
            let owner = Owner(value: ["id": 1])
            try realm.write { realm.add(owner) }
            try realm.write { owner.id = 2 }
        }
    }
}
