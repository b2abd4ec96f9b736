import Foundation
import RealmStore
import TestSupport
import Testing

/// `dynamicList(_:)`, `dynamicMutableSet(_:)`, `dynamicMap(_:)` and `dynamicObjects(_:)` are
/// live, managed collections, as in Realm Swift: they follow writes made through the typed
/// properties, their mutations in a write are the typed properties', and they filter, sort and
/// notify as other managed collections do.
@Suite struct DynamicLiveCollectionTests {
    private func al(_ realm: Realm) throws -> QPerson {
        try #require(realm.objects(QPerson.self).filter("name == %@", QueryData.al).first)
    }

    private func dog(_ realm: Realm, _ name: String) throws -> DynamicObject {
        try #require(realm.dynamicObjects("QDog").filter("name == %@", name).first)
    }

    private func names(_ objects: some Sequence<DynamicObject>) -> [String] {
        objects.map { $0["name"] as? String ?? "?" }
    }

    @Test func typedWritesAreSeenByExistingDynamicCollections() throws {
        let realm = try QueryData.realm()
        let al = try al(realm)
        let list = al.dynamicList("dogs"), set = al.dynamicMutableSet("pack")
        let map: Map<String, DynamicObject?> = al.dynamicMap("pets")
        #expect(list.realm == realm && !list.isInvalidated)
        #expect(names(list) == ["Rex", "Spot", "Bella"] && list.count == 3)
        let fido = try #require(realm.objects(QDog.self).filter("name == 'Fido'").first)
        try realm.write {
            al.dogs.remove(at: 0)
            al.dogs.append(fido)
            al.pack.removeAll()
            al.pets["a"] = nil
            al.pets["z"] = fido
        }
        #expect(names(list) == ["Spot", "Bella", "Fido"] && list.count == 3 && list[2]["age"] as? Int == 2)
        #expect(set.isEmpty)
        #expect(map.keys == ["b", "z"] && map["z"]??["name"] as? String == "Fido")
    }

    @Test func dynamicMutationsInAWriteAreTheTypedProperties() throws {
        let realm = try QueryData.realm()
        let al = try al(realm)
        let list = al.dynamicList("dogs"), set = al.dynamicMutableSet("pack")
        let map: Map<String, DynamicObject?> = al.dynamicMap("pets")
        let fido = try dog(realm, "Fido"), rex = try dog(realm, "Rex")
        try realm.write {
            list.append(fido)                   // Rex Spot Bella Fido
            list.insert(fido, at: 0)            // Fido Rex Spot Bella Fido
            list.remove(at: 2)                  // Fido Rex Bella Fido
            list.move(from: 3, to: 1)           // Fido Fido Rex Bella
            list[3] = rex                       // Fido Fido Rex Rex
            set.remove(try dog(realm, "Spot"))
            set.insert(rex)
            map["a"] = nil
            map["c"] = rex
        }
        #expect(al.dogs.map(\.name) == ["Fido", "Fido", "Rex", "Rex"])
        #expect(Set(al.pack.map(\.name)) == ["Bella", "Fido", "Rex"])
        #expect(al.pets.keys == ["b", "c"] && al.pets["c"]??.name == "Rex")
        try realm.write {
            list.removeAll()
            set.removeAll()
            map.removeAll()
        }
        #expect(al.dogs.isEmpty && al.pack.isEmpty && al.pets.count == 0)
        #expect(realm.objects(QDog.self).count == 4, "removing links deletes no object")
        // A dynamic object's own collections are as live.
        let owner = try #require(realm.dynamicObjects("QPerson").filter("name == 'Ann'").first)
        try realm.write { owner.dynamicList("dogs").append(try dog(realm, "Bella")) }
        #expect(realm.objects(QPerson.self).filter("name == 'Ann'").first?.dogs.map(\.name) == ["Rex", "Fido", "Bella"])
    }

    @Test func dynamicCollectionsFilterAndSortInSQL() throws {
        let realm = try QueryData.realm()
        let list = try al(realm).dynamicList("dogs")
        #expect(list._rlmQuery != nil, "read through the List's table, not in memory")
        #expect(names(list.filter("age > 4")) == ["Rex", "Spot"])
        #expect(names(list.sorted(byKeyPath: "age")) == ["Bella", "Rex", "Spot"])
        let bella = try dog(realm, "Bella"), spot = try dog(realm, "Spot")
        #expect(list.index(of: bella) == 2 && list.contains(spot))
        let set = try al(realm).dynamicMutableSet("pack")
        #expect(names(set.filter("age < 5").sorted(byKeyPath: "name")) == ["Bella", "Fido"])
        let map: Map<String, DynamicObject?> = try al(realm).dynamicMap("pets")
        #expect(map.filter("age > 5").compactMap { $0?["name"] as? String } == ["Spot"])
    }

    @Test func dynamicObjectsAreLazyResultsOverTheClass() throws {
        let realm = try QueryData.realm()
        let dogs = realm.dynamicObjects("QDog")
        #expect(dogs._rlmQuery != nil, "a query over the class, not objects in memory")
        #expect(dogs.filter("age > 3")._rlmQuery != nil && dogs.sorted(byKeyPath: "age")._rlmQuery != nil)
        #expect(dogs.count == 4 && names(dogs.filter("age > 3").sorted(byKeyPath: "age", ascending: false)) == ["Spot", "Rex", "Bella"])
        #expect(dogs[1]["name"] as? String == "Fido" && dogs.last?["name"] as? String == "Bella")
        try realm.write { realm.create(QDog.self, value: ["name": "Max", "age": 9]) }
        #expect(dogs.count == 5 && dogs.max(ofProperty: "age") as Int? == 9)
        // A dynamic object is the stored object: equal to, and linkable as, its typed self.
        let rex = try #require(realm.objects(QDog.self).filter("name == 'Rex'").first)
        let dynamicRex = try dog(realm, "Rex")
        #expect(dynamicRex.isSameObject(as: rex) && dynamicRex == rex)
        #expect(dynamicRex.objectSchema.className == "QDog" && dynamicRex.objectSchema["age"]?.type == .int)
    }

    @Test func dynamicCollectionsAreObserved() throws {
        let realm = try QueryData.realm()
        let al = try al(realm)
        var listChanges: [Change] = [], resultChanges: [Change] = []
        var mapInsertions: [[String]] = []
        let listToken = al.dynamicList("dogs").observe { listChanges.append(Change($0)) }
        let resultsToken = realm.dynamicObjects("QDog").filter("age > 4").observe { resultChanges.append(Change($0)) }
        let map: Map<String, DynamicObject?> = al.dynamicMap("pets")
        let mapToken = map.observe { change in
            if case .update(_, _, let insertions, _) = change { mapInsertions.append(insertions) }
        }
        #expect(spin { listChanges.count == 1 && resultChanges.count == 1 })
        let fido = try #require(realm.objects(QDog.self).filter("name == 'Fido'").first)
        try realm.write {
            al.dogs.append(fido)
            fido.age = 6
            al.pets["f"] = fido
        }
        #expect(spin { listChanges.count == 2 && resultChanges.count == 2 && mapInsertions.count == 1 })
        #expect(listChanges.last == .update(deletions: [], insertions: [3], modifications: []))
        #expect(resultChanges.last == .update(deletions: [], insertions: [1], modifications: []))
        #expect(mapInsertions == [["f"]])
        listToken.invalidate()
        resultsToken.invalidate()
        mapToken.invalidate()
    }

    @Test func outOfRangeReadsTrapWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = try #require(realm.objects(QPerson.self).filter("name == 'Ann'").first).dynamicList("dogs")[7]
        }
        #expect(standardError(result).contains("Index 7 is out of bounds (must be less than 2)."))
    }

    @Test func outOfRangeInsertionsTrapWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            let ann = try #require(realm.objects(QPerson.self).filter("name == 'Ann'").first)
            let rex = try #require(realm.dynamicObjects("QDog").first)
            try realm.write { ann.dynamicList("dogs").insert(rex, at: 5) }
        }
        #expect(standardError(result).contains("Index 5 is out of bounds (must be less than 3)."))
    }

    @Test func mutationsOutsideAWriteTrapWithRealmsMessages() async {
        let list = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            let ann = try #require(realm.objects(QPerson.self).filter("name == 'Ann'").first)
            ann.dynamicList("dogs").append(try #require(realm.dynamicObjects("QDog").first))
        }
        #expect(standardError(list).contains("Cannot modify managed RLMArray outside of a write transaction."))
        let set = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            try #require(realm.objects(QPerson.self).first).dynamicMutableSet("pack").removeAll()
        }
        #expect(standardError(set).contains("Cannot modify managed RLMSet outside of a write transaction."))
        let map = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            let pets: Map<String, DynamicObject?> = try #require(realm.objects(QPerson.self).first).dynamicMap("pets")
            pets["x"] = nil
        }
        #expect(standardError(map).contains("Cannot modify managed RLMDictionary outside of a write transaction."))
    }
}
