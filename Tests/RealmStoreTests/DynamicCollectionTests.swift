import Foundation
import RealmStore
import TestSupport
import Testing

/// `dynamicList(_:)`, `dynamicMutableSet(_:)` and `dynamicMap(_:)` on typed and dynamic
/// objects: the objects of a collection property as `DynamicObject`s.
@Suite struct DynamicCollectionTests {
    @Test func collectionsOfObjectsReadAsDynamicObjects() throws {
        let realm = try QueryData.realm()
        let al = try #require(realm.objects(QPerson.self).filter("name == %@", QueryData.al).first)
        let dynamic = try #require(realm.dynamicObjects("QPerson").filter("name == %@", QueryData.al).first)
        for owner in [al as Object, dynamic] {
            #expect(owner.dynamicList("dogs").map { $0["name"] as? String } == ["Rex", "Spot", "Bella"])
            #expect(Set(owner.dynamicMutableSet("pack").map { $0["name"] as? String ?? "" }) == ["Spot", "Bella", "Fido"])
            let pets: Map<String, DynamicObject?> = owner.dynamicMap("pets")
            #expect(pets.count == 2 && pets["a"]??["name"] as? String == "Spot" && pets["b"]??["age"] as? Int == 4)
            #expect(owner.dynamicList("dogs").first?.className == "QDog")
        }
        // A dynamic element writes through to the store.
        try realm.write { al.dynamicList("dogs")[0]["age"] = 6 }
        #expect(realm.objects(QDog.self).filter("name == 'Rex'").first?.age == 6)
        #expect(QPerson().dynamicList("dogs").isEmpty, "an unmanaged object has no stored collections")
    }

    @Test func otherPropertiesTrapWithTheirNames() async {
        let kind = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).first?.dynamicMutableSet("tags")
        }
        #expect(standardError(kind).contains("Property 'tags' of class 'QPerson' is not a MutableSet of objects."))
        let name = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).first?.dynamicList("cats")
        }
        #expect(standardError(name).contains("Invalid property name 'cats' for class 'QPerson'."))
    }
}
