import Foundation
import RealmStore
import TestSupport
import Testing

/// The rest of Realm Swift's collection API: range and offset mutations of Lists, equality,
/// key-value coding collection operators, nested AnyRealmValue builders, iteration snapshots.
@Suite struct CollectionAPITests {

    @Test func replaceSubrangeRemoveAtOffsetsAndMoveFromOffsetsMatchArrays() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a", "b", "c", "d", "e"])
        try realm.write { owner.pets.replaceSubrange(1..<3, with: [Pet(value: ["name": "x"])]) }
        #expect(petNames(owner.pets) == ["a", "x", "d", "e"])
        try realm.write { owner.pets.move(fromOffsets: IndexSet([0, 2]), toOffset: 4) }
        #expect(petNames(owner.pets) == ["x", "e", "a", "d"])
        try realm.write { owner.pets.move(fromOffsets: IndexSet([3]), toOffset: 0) }
        #expect(petNames(owner.pets) == ["d", "x", "e", "a"])
        try realm.write { owner.pets.move(fromOffsets: IndexSet([1, 2]), toOffset: 2) }
        #expect(petNames(owner.pets) == ["d", "x", "e", "a"], "moving a block onto itself changes nothing")
        try realm.write { owner.pets.remove(atOffsets: IndexSet([0, 2])) }
        #expect(petNames(owner.pets) == ["x", "a"])
        #expect(realm.objects(Pet.self).count == 6, "linked objects stay when removed from the list")
        let unmanaged = List<Int>()
        unmanaged.append(objectsIn: [1, 2, 3, 4])
        unmanaged.replaceSubrange(...1, with: [9])
        unmanaged.move(fromOffsets: IndexSet([0]), toOffset: 3)
        unmanaged.remove(atOffsets: IndexSet([0]))
        #expect(Array(unmanaged) == [4, 9])
    }

    @Test func offsetsOutOfBoundsTrapWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let list = List<Int>()
            list.append(objectsIn: [1, 2])
            list.remove(atOffsets: IndexSet([5]))
        }
        #expect(standardError(result).contains("Index 5 is out of bounds (must be less than 2)."))
    }

    @Test func isSameObjectComparesStoredObjects() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a", "b"])
        let again = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        #expect(owner !== again && owner.isSameObject(as: again))
        #expect(!owner.pets[0].isSameObject(as: owner.pets[1]))
        #expect(!owner.isSameObject(as: nil))
        let unmanaged = Pet()
        #expect(unmanaged.isSameObject(as: unmanaged) && !unmanaged.isSameObject(as: Pet()))
        #expect(!owner.freeze().isSameObject(as: owner), "a frozen object is not its live original")
    }

    @Test func collectionsAreEqualWhenTheyAreTheSameProperty() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a"])
        let again = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        #expect(owner.pets == again.pets && owner.tags == again.tags && owner.scores == again.scores)
        #expect(Set([owner.pets, again.pets]).count == 1)
        #expect(owner.pets[0].owners == again.pets[0].owners)
        let other = Owner(value: ["id": 2])
        try realm.write { realm.add(other) }
        #expect(owner.pets != other.pets)
        let list = List<Int>()
        #expect(list == list && list != List<Int>())
        let results = realm.objects(Pet.self)
        #expect(results == results && results != realm.objects(Pet.self))
        #expect(AnyRealmCollection(owner.pets) == AnyRealmCollection(again.pets))
        #expect(AnyRealmCollection(owner.pets) != AnyRealmCollection(other.pets))
        #expect(AnyRealmCollection(results) == AnyRealmCollection(results))
    }

    @Test func keyValueCodingCollectionOperators() throws {
        let realm = try makeRealm()
        try realm.write {
            for (name, age, weight) in [("a", 3, 1.5), ("b", 5, 2.5), ("c", 3, 4.0)] {
                realm.add(Pet(value: ["name": name, "age": age, "weight": weight]))
            }
            realm.add(Pet(value: ["name": "d", "age": 9]))
        }
        let pets = realm.objects(Pet.self)
        #expect(pets.value(forKeyPath: "@count") as? Int == 4)
        #expect(pets.value(forKeyPath: "@sum.age") as? Int == 20)
        #expect(pets.value(forKeyPath: "@avg.age") as? Double == 5)
        #expect(pets.value(forKeyPath: "@min.age") as? Int == 3)
        #expect(pets.value(forKeyPath: "@max.age") as? Int == 9)
        #expect(pets.value(forKeyPath: "@sum.weight") as? Double == 8, "nulls are ignored")
        #expect(pets.value(forKeyPath: "@avg.weight") as? Double == 8.0 / 3)
        #expect(pets.value(forKeyPath: "@unionOfObjects.age") as? [Int] == [3, 5, 3, 9])
        #expect(pets.value(forKeyPath: "@distinctUnionOfObjects.age") as? [Int] == [3, 5, 9])
        #expect(pets.value(forKeyPath: "@unionOfObjects.weight") as? [Double] == [1.5, 2.5, 4.0])
        let none = pets.filter("age > 100")
        #expect(none.value(forKeyPath: "@count") as? Int == 0 && none.value(forKeyPath: "@sum.age") as? Int == 0)
        #expect(none.value(forKeyPath: "@avg.age") == nil && none.value(forKeyPath: "@max.age") == nil)
        let numbers = List<Int>()
        numbers.append(objectsIn: [4, 1, 4])
        #expect(numbers.value(forKeyPath: "@max.self") as? Int == 4 && numbers.value(forKeyPath: "@count") as? Int == 3)
    }

    @Test func anUnknownCollectionOperatorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            _ = realm.objects(Pet.self).value(forKeyPath: "@median.age")
        }
        #expect(standardError(result).contains("Unsupported KVC collection operator found in key path '@median.age'"))
    }

    @Test func anyRealmValueFromDictionaryAndFromArray() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1])
        owner.extra = .fromDictionary(["n": .int(1), "list": .fromArray([.string("x"), .bool(true)])])
        try realm.write { realm.add(owner) }
        let stored = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        let dictionary = try #require(stored.extra.dictionaryValue)
        #expect(dictionary["n"] == .int(1))
        #expect(dictionary["list"]?.listValue.map(Array.init) == [.string("x"), .bool(true)])
        #expect(AnyRealmValue.fromArray([.int(2)]) == .list({ let l = List<AnyRealmValue>(); l.append(.int(2)); return l }()))
    }

    @Test func iterationWorksOnASnapshotWhileTheLoopAppends() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a", "b"])
        try realm.write {
            owner.tags.insert(objectsIn: ["x", "y"])
            var seen = 0
            for pet in realm.objects(Pet.self) {
                realm.add(Pet(value: ["name": pet.name + "'"]))
                seen += 1
            }
            #expect(seen == 2)
            seen = 0
            for pet in owner.pets {
                owner.pets.append(pet)
                seen += 1
            }
            #expect(seen == 2 && owner.pets.count == 4)
            seen = 0
            for tag in owner.tags {
                owner.tags.insert(tag + "'")
                seen += 1
            }
            #expect(seen == 2 && owner.tags.count == 4)
        }
        #expect(realm.objects(Pet.self).count == 4)
    }

    @Test func resultsListsAndAnyRealmCollectionsAssignToListAndSetProperties() throws {
        let realm = try makeRealm()
        let first = try makeOwner(realm, ["a", "b", "c"])
        try realm.write {
            let young = realm.objects(Pet.self).filter("age < 2").sorted(byKeyPath: "name")
            let copy = realm.create(Owner.self, value: ["id": 2, "pets": young, "tags": first.pets.map(\.name)])
            #expect(petNames(copy.pets) == ["a", "b"] && copy.tags.count == 3)
            copy.setValue(first.pets, forKey: "pets")
            #expect(petNames(copy.pets) == ["a", "b", "c"])
            copy.setValue(AnyRealmCollection(young), forKey: "pets")
            #expect(petNames(copy.pets) == ["a", "b"])
            let third = realm.create(Owner.self, value: ["id": 3, "pets": AnyRealmCollection(first.pets), "tags": copy.tags.sorted()])
            #expect(petNames(third.pets) == ["a", "b", "c"] && third.tags.count == 3)
            third.pets = copy.pets
            #expect(petNames(third.pets) == ["a", "b"])
            third.tags = first.tags
            #expect(third.tags.isEmpty)
        }
        #expect(realm.objects(Pet.self).count == 3, "the objects are linked, not copied")
    }

    @Test func createCopiesAManagedEmbeddedObject() throws {
        let realm = try makeRealm()
        let first = Owner(value: ["id": 1, "home": ["city": "Oslo"]])
        try realm.write { realm.add(first) }
        let home = try #require(first.home)
        try realm.write {
            let second = realm.create(Owner.self, value: ["id": 2, "home": home])
            #expect(second.home?.city == "Oslo")
            second.home?.city = "Bergen"
        }
        #expect(first.home?.city == "Oslo", "the embedded object was copied")
        #expect(realm.objects(Owner.self).map { $0.home?.city } == ["Oslo", "Bergen"])
    }

    @Test func realmsOfDifferentFilesAreNotEqualAndAThreadsInstancesShareTheirWrite() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let same = try openRealm(url)
        let other = try openRealm(try makeRealmURL())
        #expect(realm == same && realm != other)
        same.beginWrite()
        #expect(realm.isInWriteTransaction && !other.isInWriteTransaction)
        realm.add(Owner(value: ["id": 1]))
        try same.commitWrite()
        #expect(!realm.isInWriteTransaction && realm.objects(Owner.self).count == 1)
    }
}
