import Foundation
import RealmStore
import TestSupport
import Testing

/// Collection notifications: the initial notification, index sets in sorted and filtered
/// Results and Lists, coalescing, withoutNotifying, invalidate and released tokens.
struct NotificationTests {
    @Test func sortedResultsReportDeletionsInsertionsMovesAndModificationsAsRealmDoes() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1), ("b", 2), ("c", 3), ("d", 4)])
        var changes: [Change] = []
        let token = realm.objects(Pet.self).sorted(byKeyPath: "age").observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        #expect(changes == [.initial])
        try realm.write {
            realm.delete(pet(realm, "b"))
            pet(realm, "c").name = "C"      // modified in place
            pet(realm, "a").age = 10        // moves from the front to the end
            realm.add(Pet(value: ["name": "e", "age": 0]))
        }
        #expect(spin { changes.count == 2 })
        // old [a b c d] -> new [e C d a]: a moved (deleted at 0, inserted at 3), b deleted,
        // e inserted at 0, c modified at its old index 2.
        #expect(changes.last == .update(deletions: [0, 1], insertions: [0, 3], modifications: [2]))
        token.invalidate()
    }

    @Test func filteredResultsTreatObjectsLeavingAndEnteringTheFilterAsDeletionsAndInsertions() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1), ("b", 5), ("c", 6)])
        var changes: [Change] = []
        let token = realm.objects(Pet.self).filter("age > 2").observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        try realm.write {
            pet(realm, "b").age = 0         // leaves
            pet(realm, "a").age = 9         // enters (key order: before c)
            pet(realm, "c").age = 7         // modified
        }
        #expect(spin { changes.count == 2 })
        #expect(changes.last == .update(deletions: [0], insertions: [0], modifications: [1]))
        _ = token
    }

    @Test func commitsLandingBeforeDeliveryAreCoalescedAndTheInitialShowsAWriteRightAfterObserve() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1)])
        var counts: [Int] = []
        var changes: [Change] = []
        let results = realm.objects(Pet.self)
        let token = results.observe { change in
            changes.append(Change(change))
            if case .initial(let pets) = change { counts.append(pets.count) }
        }
        try addPets(realm, [("b", 2)])      // before the run loop turns: part of the initial state
        #expect(spin { changes.count == 1 })
        #expect(counts == [2])
        try addPets(realm, [("c", 3)])
        try realm.write { realm.delete(pet(realm, "a")) }
        try realm.write { pet(realm, "b").age = 20 }
        #expect(spin { changes.count == 2 })
        spinBriefly()
        #expect(changes == [.initial, .update(deletions: [0], insertions: [1], modifications: [1])])
        _ = token
    }

    @Test func nothingIsDeliveredWhenTheObservedCollectionDidNotChange() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1), ("b", 5)])
        var changes: [Change] = []
        let token = realm.objects(Pet.self).filter("age > 2").observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        try realm.write { pet(realm, "a").age = 2 }
        spinBriefly()
        #expect(changes == [.initial])
        _ = token
    }

    @Test func listsReportTheirElementsByPosition() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write {
            realm.add(owner)
            for name in ["a", "b", "c"] { owner.pets.append(Pet(value: ["name": name])) }
        }
        var changes: [Change] = []
        let token = owner.pets.observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        try realm.write {
            owner.pets.remove(at: 0)
            owner.pets.append(Pet(value: ["name": "d"]))
            owner.pets[0].age = 3
        }
        #expect(spin { changes.count == 2 })
        // [a b c] -> [b c d]: a deleted, d inserted at 2, b modified at its old index 1.
        #expect(changes.last == .update(deletions: [0], insertions: [2], modifications: [1]))
        _ = token
    }

    @Test func withoutNotifyingSkipsThatWriteOnlyForTheGivenTokens() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1)])
        var skipped: [Change] = []
        var other: [Change] = []
        let token = realm.objects(Pet.self).observe { skipped.append(Change($0)) }
        let otherToken = realm.objects(Pet.self).observe { other.append(Change($0)) }
        #expect(spin { skipped.count == 1 && other.count == 1 })
        try realm.write(withoutNotifying: [token]) { realm.add(Pet(value: ["name": "b"])) }
        #expect(spin { other.count == 2 })
        spinBriefly()
        #expect(skipped == [.initial])
        realm.beginWrite()
        pet(realm, "a").age = 5
        try realm.commitWrite(withoutNotifying: [otherToken])
        #expect(spin { skipped.count == 2 })
        spinBriefly()
        #expect(skipped.last == .update(deletions: [], insertions: [], modifications: [0]))
        #expect(other.count == 2)
    }

    @Test func invalidatingOrReleasingTheTokenEndsTheObservation() throws {
        let realm = try makeRealm()
        var invalidated = 0
        var released = 0
        var kept = 0
        let token = realm.objects(Pet.self).observe { _ in invalidated += 1 }
        var releasedToken: NotificationToken? = realm.objects(Pet.self).observe { _ in released += 1 }
        let keptToken = realm.objects(Pet.self).observe { _ in kept += 1 }
        #expect(spin { invalidated == 1 && released == 1 && kept == 1 })
        token.invalidate()
        token.invalidate()
        releasedToken = nil
        try addPets(realm, [("a", 1)])
        #expect(spin { kept == 2 })
        spinBriefly()
        #expect(invalidated == 1 && released == 1 && releasedToken == nil)
        _ = keptToken
    }

    @Test func refreshDeliversCommitsOfAnotherThreadAtOnce() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        realm.autorefresh = false
        var changes: [Change] = []
        let token = realm.objects(Pet.self).observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        onNewThread {
            let other = try! openRealm(url)
            try! addPets(other, [("a", 1), ("b", 2)])
        }
        #expect(changes.count == 1)
        #expect(realm.refresh())
        #expect(changes.last == .update(deletions: [], insertions: [0, 1], modifications: []))
        _ = token
    }

    @Test func anyRealmCollectionAndLinkingObjectsAreObserved() throws {
        let realm = try makeRealm()
        let pet = Pet(value: ["name": "a"])
        try realm.write { realm.add(Owner(value: ["id": 1, "pets": [pet]])) }
        var any: [Change] = []
        var linking: [Change] = []
        let anyToken = AnyRealmCollection(realm.objects(Owner.self)).observe { any.append(Change($0)) }
        let linkingToken = pet.owners.observe { linking.append(Change($0)) }
        #expect(spin { any.count == 1 && linking.count == 1 })
        try realm.write { realm.add(Owner(value: ["id": 2, "pets": [pet]])) }
        #expect(spin { any.count == 2 && linking.count == 2 })
        #expect(any.last == .update(deletions: [], insertions: [1], modifications: []))
        #expect(linking.last == .update(deletions: [], insertions: [1], modifications: []))
        _ = (anyToken, linkingToken)
    }

    @Test func registeringInsideAWriteTransactionTrapsWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            realm.beginWrite()
            _ = realm.objects(Pet.self).observe { _ in }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Cannot register notification blocks from within write transactions."))
    }
}
