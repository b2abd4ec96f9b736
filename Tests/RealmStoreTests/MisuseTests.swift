import Foundation
import RealmStore
import TestSupport
import Testing

/// Misuse Realm Swift refuses with an exception (a trap here, observed from a child process by
/// Swift Testing's exit tests): each must fail, with Realm's words.
@Suite struct MisuseTests {
    /// `body`, in a write transaction, records an error that the transaction throws (and rolls
    /// back): Realm raises it at once, RealmStore at the end of the transaction (README, differences).
    private func expectWriteFails(_ realm: Realm, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation,
                                  _ body: () -> Void) {
        let error = #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try realm.write(body) }
        #expect(error.map { "\($0)" }?.contains(fragment) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test func appendingAnEmbeddedObjectThatIsAlreadyManaged() throws {
        let realm = try makeRealm([Owner.self, Pet.self, Place.self, Traveller.self])
        let traveller = Traveller()
        try realm.write {
            realm.add(traveller)
            traveller.stops.append(Place(value: ["city": "Oslo"]))
        }
        expectWriteFails(realm, "Cannot set a link to an existing managed embedded object") {
            traveller.stops.append(traveller.stops[0])
        }
        #expect(traveller.stops.count == 1)
    }

    @Test func averageOfAPropertyThatDoesNotExist() async {
        let result1 = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            let _: Double? = realm.objects(Pet.self).average(ofProperty: "weightt")
        }
        #expect(standardError(result1).contains("Invalid property name 'weightt' for class 'Pet'"), "\(standardError(result1).suffix(300))")
    }

    @Test func sortingAnUnmanagedListOrSet() async {
        let result2 = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = List<Int>().sorted(ascending: false)
        }
        #expect(standardError(result2).contains("This method may only be called on RLMArray instances retrieved from an RLMRealm"), "\(standardError(result2).suffix(300))")
        let result3 = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MutableSet<Pet>().sorted(by: [SortDescriptor(keyPath: "name")])
        }
        #expect(standardError(result3).contains("This method may only be called on RLMSet instances retrieved from an RLMRealm"), "\(standardError(result3).suffix(300))")
    }

    @Test func dynamicCreateOfAnEmbeddedClass() async {
        let result4 = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            try realm.write { _ = realm.dynamicCreate("Place", value: ["city": "Oslo"]) }
        }
        #expect(standardError(result4).contains("Embedded objects cannot be created directly"), "\(standardError(result4).suffix(300))")
    }

    @Test func aSecondBeginWriteOnTheSameThread() async {
        let result5 = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            realm.beginWrite()
            realm.beginWrite()
        }
        #expect(standardError(result5).contains("The Realm is already in a write transaction"), "\(standardError(result5).suffix(300))")
    }

    @Test func addingAnObjectOfAnotherRealm() throws {
        let realm = try makeRealm()
        let other = try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("o.realm", prefix: "misuse"),
                                                                 objectTypes: [Owner.self, Pet.self, Place.self]))
        let pet = Pet()
        try other.write { other.add(pet) }
        expectWriteFails(realm, "Object is already managed by another Realm. Use create instead to copy it into this Realm.") {
            realm.add(pet)
        }
        expectWriteFails(realm, "Object is already managed by another Realm. Use create instead to copy it into this Realm.") {
            realm.add(other.objects(Pet.self))
        }
    }

    @Test func deletingAnUnmanagedOrDeletedObject() throws {
        let realm = try makeRealm()
        expectWriteFails(realm, "Can only delete an object from the Realm it belongs to.") { realm.delete(Pet()) }
        let pet = Pet()
        try realm.write { realm.add(pet) }
        try realm.write { realm.delete(pet) }
        expectWriteFails(realm, "Object has been deleted or invalidated.") { realm.delete(pet) }
        let twice = Owner(value: ["id": 1])
        try realm.write {
            realm.add(twice)
            let shared = Pet()
            twice.pets.append(shared)
            twice.pets.append(shared)
        }
        try realm.write { realm.delete(twice.pets) }
        #expect(realm.objects(Pet.self).isEmpty, "an object a collection holds twice is deleted once")
    }

    @Test func aNestedDuplicatePrimaryKeyInCreate() throws {
        let realm = try makeRealm([Owner.self, Pet.self, Place.self, Keeper.self])
        try realm.write { realm.create(Keeper.self, value: ["id": 1]) }
        expectWriteFails(realm, "existing primary key value") {
            realm.create(Keeper.self, value: ["id": 2, "partner": ["id": 1]])
        }
        #expect(realm.objects(Keeper.self).count == 1)
    }

}

final class Traveller: Object {
    @Persisted var stops: List<Place>
}

final class Keeper: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var partner: Keeper?
}
