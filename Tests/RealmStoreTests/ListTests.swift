import Foundation
import RealmStore
import Testing

/// `List`: mutations managed and unmanaged, and the shared collection API.
@Suite struct ListTests {
    func owner(_ realm: Realm) throws -> Owner {
        let owner = Owner(value: ["id": 1, "pets": [["c", 3, 1.5], ["a", 1], ["b", 2, 0.5]]])
        try realm.write { realm.add(owner) }
        return owner
    }

    @Test func mutations() throws {
        let realm = try makeRealm()
        let owner = try owner(realm)
        try realm.write {
            owner.pets.append(Pet(value: ["name": "d", "age": 4]))
            owner.pets.insert(Pet(value: ["name": "e"]), at: 0)
            owner.pets.move(from: 0, to: 4)
            owner.pets.swapAt(0, 1)
            owner.pets.remove(at: 3)
            owner.pets.replace(index: 0, object: Pet(value: ["name": "f"]))
            owner.pets[1] = Pet(value: ["name": "g"])
        }
        #expect(owner.pets.map(\.name) == ["f", "g", "b", "e"])
        try realm.write { owner.pets.removeLast() }
        #expect(owner.pets.count == 3 && realm.objects(Pet.self).count == 7)
        try realm.write { owner.pets.removeAll() }
        #expect(owner.pets.isEmpty)
    }

    @Test func unmanagedListsWorkInMemory() {
        let list = List<Int>()
        list.append(objectsIn: [3, 1, 2])
        list.insert(0, at: 0)
        list.move(from: 0, to: 3)
        list.swapAt(0, 1)
        list.remove(at: 1)
        #expect(Array(list) == [1, 2, 0] && list.realm == nil && !list.isInvalidated)
        #expect(list.sum() == 3 && list.min() == 0 && list.max() == 2)
        #expect(list.average() == 1.0)
        #expect(list.index(of: 2) == 1 && list.index(matching: { $0 == 0 }) == 2)
        #expect(list.objects(at: IndexSet([0, 2])) == [1, 0])
        #expect(list.description.hasPrefix("List<int> <0x") && list.description.hasSuffix("> (\n\t[0] 1,\n\t[1] 2,\n\t[2] 0\n)"))
        #expect(list.startIndex == 0 && list.endIndex == 3)
    }

    @Test func objectCollectionAPI() throws {
        let realm = try makeRealm()
        let pets = try owner(realm).pets
        #expect(pets.sorted(byKeyPath: "name").map(\.name) == ["a", "b", "c"])
        #expect(pets.sorted(by: [SortDescriptor(keyPath: "age", ascending: false)]).map(\.age) == [3, 2, 1])
        #expect(pets.min(ofProperty: "age") == 1 && pets.max(ofProperty: "age") == 3)
        #expect(pets.sum(ofProperty: "age") == 6 && pets.average(ofProperty: "age") == 2.0)
        #expect(pets.sum(ofProperty: "weight") == 2.0)
        #expect(pets.value(forKey: "name") as? [String] == ["c", "a", "b"])
        #expect((pets.value(forKeyPath: "owners.id") as? [Any?])?.count == 3)
        #expect(pets.index(of: pets[2]) == 2)
        try realm.write { pets.setValue(9, forKey: "age") }
        #expect(pets.map(\.age) == [9, 9, 9])
        #expect(pets.realm == realm)
        let any = AnyRealmCollection(pets)
        #expect(any.count == 3 && any.first?.name == "c" && any.realm == realm)
        #expect(AnyRealmCollection(realm.objects(Pet.self)).count == 3)
    }

    @Test func mutatingOutsideAWriteTraps() async {
        await #expect(processExitsWith: .failure) {
            let realm = try makeRealm()
            let owner = Owner()
            try realm.write { realm.add(owner) }
            owner.pets.append(Pet())
        }
    }

    @Test func listsFollowDeletesAndOwners() throws {
        let realm = try makeRealm()
        let owner = try owner(realm)
        let pets = owner.pets
        try realm.write { realm.delete(owner) }
        #expect(pets.isInvalidated)
        #expect(realm.objects(Pet.self).count == 3)
    }
}
