import Foundation
import RealmStore
import TestSupport
import Testing

/// `Realm.dynamicObjects(_:)` and `DynamicObject`: objects read and written by name.
@Suite struct DynamicObjectTests {
    private func stocked() throws -> Realm {
        let realm = try makeRealm()
        try realm.write {
            let owner = realm.create(Owner.self, value: ["id": 1, "name": "Ann", "tags": ["x"], "scores": ["a": 2]])
            for (name, age) in [("Rex", 3), ("Ace", 7), ("Bo", 1)] {
                owner.pets.append(Pet(value: ["name": name, "age": age]))
            }
            owner.best = owner.pets[1]
        }
        return realm
    }

    @Test func readsPropertiesByName() throws {
        let realm = try stocked()
        let pets = realm.dynamicObjects("Pet")
        #expect(pets.count == 3)
        #expect(pets.map { $0["name"] as? String } == ["Rex", "Ace", "Bo"])
        let owner = try #require(realm.dynamicObjects("Owner").first)
        #expect(owner.className == "Owner" && owner.realm == realm)
        #expect(owner.name as? String == "Ann" && owner["id"] as? Int == 1)
        #expect((owner["best"] as? DynamicObject)?["name"] as? String == "Ace")
        #expect(owner.dynamicList("pets").map { $0["age"] as? Int } == [3, 7, 1])
        #expect(owner["tags"] as? [Any?] != nil && (owner["scores"] as? [String: Any?])?["a"] as? Int == 2)
        #expect(owner["home"] == nil)
        #expect(owner.description.hasPrefix("Owner {\n\tid = 1;\n\tname = Ann;"))
    }

    @Test func filtersSortsAndWrites() throws {
        let realm = try stocked()
        let pets = realm.dynamicObjects("Pet")
        #expect(pets.filter("age > %@", 2).map { $0["name"] as? String } == ["Rex", "Ace"])
        #expect(pets.sorted(byKeyPath: "age").map { $0["name"] as? String } == ["Bo", "Rex", "Ace"])
        let bo = try #require(pets.filter("name == 'Bo'").first)
        try realm.write {
            bo["age"] = 4
            bo.name = "Bob"
        }
        #expect(realm.objects(Pet.self).filter("name == 'Bob'").first?.age == 4)
        #expect(pets.count == 3 && pets.map { $0["name"] as? String }.contains("Bob"), "the results follow writes")
        try realm.write { realm.delete(realm.objects(Pet.self).filter("name == 'Bob'")) }
        #expect(bo.isInvalidated && pets.count == 2)
    }

    @Test func unknownNamesTrapWithRealmsMessages() async {
        let property = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            try realm.write { realm.add(Pet()) }
            _ = realm.dynamicObjects("Pet").first?["color"]
        }
        #expect(standardError(property).contains("Invalid property name 'color' for class 'Pet'."))
        let type = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try makeRealm().dynamicObjects("Cat")
        }
        #expect(standardError(type).contains("'Cat'"))
    }
}

/// `dynamicCreate(_:value:update:)` and `dynamicObject(ofType:forPrimaryKey:)`.
@Suite struct DynamicCreateTests {
    @Test func createsAndFindsObjectsByClassName() throws {
        let realm = try makeRealm()
        try realm.write {
            let pet = realm.dynamicCreate("Pet", value: ["name": "Rex", "age": 3])
            let owner = realm.dynamicCreate("Owner", value: ["id": 7, "name": "Ann", "pets": [pet, ["name": "Ace"]],
                                                            "tags": ["a", "b"], "scores": ["x": 1], "home": ["city": "Oslo"]])
            #expect(owner["name"] as? String == "Ann")
            realm.dynamicCreate("Pet", value: ["Bo", 5])
        }
        let owner = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 7))
        #expect(owner.pets.map(\.name) == ["Rex", "Ace"] && owner.tags.count == 2 && owner.scores["x"] == 1)
        #expect(owner.home?.city == "Oslo")
        #expect(realm.objects(Pet.self).filter("name == 'Bo'").first?.age == 5)
        #expect(realm.dynamicObject(ofType: "Owner", forPrimaryKey: 7)?["name"] as? String == "Ann")
        #expect(realm.dynamicObject(ofType: "Owner", forPrimaryKey: 8) == nil)
        try realm.write { realm.dynamicCreate("Owner", value: ["id": 7, "name": "Bea"], update: .modified) }
        #expect(owner.name == "Bea" && owner.pets.count == 2)
    }

    @Test func errorsAreRecordedForTheTransaction() throws {
        let realm = try makeRealm()
        let error = #expect(throws: StoreError.self) {
            try realm.write {
                realm.dynamicCreate("Owner", value: ["id": 1])
                realm.dynamicCreate("Owner", value: ["id": 1])
            }
        }
        #expect(error?.message == "Attempting to create an object of type 'Owner' with an existing primary key value '1'")
        #expect(realm.objects(Owner.self).isEmpty)
        let unknown = #expect(throws: StoreError.self) {
            try realm.write { realm.dynamicCreate("Owner", value: ["id": 1, "colour": "red"]) }
        }
        #expect(unknown?.code == .unknownProperty)
    }
}
