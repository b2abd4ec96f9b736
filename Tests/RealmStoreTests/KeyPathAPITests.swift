import Foundation
import RealmStore
import TestSupport
import Testing

/// Swift key paths where Realm Swift accepts them: sorting, distinct, aggregates, sort
/// descriptors and observed key paths, for reflected and table models alike.
@Suite struct KeyPathAPITests {
    private func dogs() throws -> Realm {
        let realm = try Realm(configuration: Realm.Configuration(
            fileURL: try Temporary.fileURL("k.realm", prefix: "keypaths"), objectTypes: [RDog.self, RPerson.self, RAddress.self]))
        let ann = RPerson(value: ["name": "Ann", "age": 50])
        let bob = RPerson(value: ["name": "Bob", "age": 20])
        try realm.write {
            for (id, name, age, owner) in [(1, "c", 3, ann), (2, "a", 7, bob), (3, "b", 3, bob), (4, "d", 1, ann)] {
                realm.add(RDog(value: ["id": id, "name": name, "age": age, "weight": Double(age) * 2, "owner": owner]))
            }
        }
        return realm
    }

    @Test func keyPathsNameProperties() {
        #expect(_name(for: \RDog.age) == "age")
        #expect(_name(for: \RDog.name) == "name", "a superclass property")
        #expect(_name(for: \RDog.owner?.name) == "owner.name")
        #expect(_name(for: \RDog.address?.city) == "address.city")
        #expect(_name(for: \Pet.weight) == "weight", "a model with a table")
        #expect(_name(for: \Owner.best?.age) == "best.age")
    }

    @Test func sortedByKeyPath() throws {
        let realm = try dogs()
        #expect(realm.objects(RDog.self).sorted(by: \.name).map(\.id) == [2, 3, 1, 4])
        #expect(realm.objects(RDog.self).sorted(by: \.age, ascending: false).map(\.id) == [2, 1, 3, 4])
        #expect(realm.objects(RDog.self).sorted(by: \RDog.owner?.age).map(\.id) == [2, 3, 1, 4])
        let descriptors = [SortDescriptor(keyPath: \RDog.age), SortDescriptor(keyPath: \RDog.name, ascending: false)]
        #expect(realm.objects(RDog.self).sorted(by: descriptors).map(\.id) == [4, 1, 3, 2])
        #expect(SortDescriptor(keyPath: \RDog.owner?.name, ascending: false) == SortDescriptor(keyPath: "owner.name", ascending: false))
    }

    @Test func distinctByKeyPaths() throws {
        let realm = try dogs()
        #expect(realm.objects(RDog.self).distinct(by: [\RDog.age]).map(\.id) == [1, 2, 4])
        #expect(realm.objects(RDog.self).distinct(by: [\RDog.age, \RDog.name]).count == 4)
    }

    @Test func aggregatesByKeyPath() throws {
        let realm = try dogs()
        let all = realm.objects(RDog.self)
        #expect(all.min(of: \.age) == 1 && all.max(of: \.age) == 7)
        #expect(all.sum(of: \.age) == 14 && all.average(of: \.weight) == 7.0)
        #expect(all.max(of: \.weight) == 14.0)
        #expect(all.filter("age > 100").min(of: \.age) == nil)
        let pets = Array([Pet(value: ["age": 2]), Pet(value: ["age": 5])])
        let unmanaged = List<Pet>()
        unmanaged.append(objectsIn: pets)
        #expect(unmanaged.sum(of: \.age) == 7 && unmanaged.min(of: \.age) == 2)
    }

    @Test func observedKeyPathsMayCrossLinks() throws {
        let realm = try dogs()
        var seen: [Change] = []
        let token = realm.objects(RDog.self).sorted(by: \.id).observe(keyPaths: [\RDog.owner?.name]) { seen.append(Change($0)) }
        #expect(spin { seen.count == 1 })
        let ann = try #require(realm.objects(RPerson.self).filter("name == 'Ann'").first)
        try realm.write { ann.age = 51 }
        try realm.write { ann.name = "Anna" }
        #expect(spin { seen.count == 2 })
        spinBriefly()
        #expect(seen == [.initial, .update(deletions: [], insertions: [], modifications: [0, 3])])
        _ = token
    }

    @Test func aKeyPathToANonPersistedPropertyTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = _name(for: \RAnimal.plain)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("A Swift key path does not name a persisted property of 'RAnimal'"))
    }
}
