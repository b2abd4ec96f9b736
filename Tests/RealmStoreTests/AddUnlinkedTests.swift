import Foundation
import RealmStore
import Testing

/// A model that refers to no other object: `add` creates it in one step (no graph to adopt).
final class Reading: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var label = ""
    @Persisted var note: String?
    @Persisted var value: Double?
    @Persisted var when: Date?
    @Persisted var samples: List<Int>
}

/// `add` of an object whose model has no links, mixed values or embedded objects behaves as
/// every `add`: the object becomes managed, optionals and collections are stored, primary keys
/// are enforced or updated by the policy, and a managed object is left as it is.
@Suite struct AddUnlinkedTests {
    @Test func addedObjectsBecomeManagedWithTheirValues() throws {
        let realm = try makeRealm([Reading.self])
        let first = Reading(value: ["id": 1, "label": "a", "note": "n", "value": 2.5, "samples": [3, 4]])
        let second = Reading(value: ["id": 2, "label": "b"])
        try realm.write {
            realm.add(first)
            realm.add(second)
            realm.add(first)        // already managed: nothing happens
        }
        #expect(first.realm == realm && second.realm == realm && realm.objects(Reading.self).count == 2)
        let stored = try #require(realm.object(ofType: Reading.self, forPrimaryKey: 1))
        #expect(stored == first && stored.note == "n" && stored.value == 2.5 && stored.when == nil)
        #expect(Array(stored.samples) == [3, 4])
        let other = try #require(realm.object(ofType: Reading.self, forPrimaryKey: 2))
        #expect(other.note == nil && other.value == nil && other.samples.isEmpty && other.label == "b")
        try realm.write { first.note = nil }
        #expect(stored.note == nil, "the added object writes the stored one")
    }

    @Test func primaryKeysFollowTheUpdatePolicy() throws {
        let realm = try makeRealm([Reading.self])
        try realm.write { realm.add(Reading(value: ["id": 1, "label": "a", "note": "n"])) }
        let duplicate = Reading(value: ["id": 1, "label": "b"])
        #expect {
            try realm.write { realm.add(duplicate) }
        } throws: { message($0) == "Attempting to create an object of type 'Reading' with an existing primary key value '1'" }
        #expect(duplicate.realm == nil && realm.objects(Reading.self).first?.label == "a")
        let update = Reading(value: ["id": 1, "label": "c"])
        try realm.write { realm.add(update, update: .modified) }
        #expect(update.realm == realm && realm.objects(Reading.self).count == 1)
        #expect(realm.objects(Reading.self).first?.label == "c" && realm.objects(Reading.self).first?.note == nil)
    }
}
