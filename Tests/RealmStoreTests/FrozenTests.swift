import Foundation
import RealmStore
import TestSupport
import Testing

/// Frozen Realms and objects: pinned at a version, readable from any thread, never updated.
@Suite struct FrozenTests {
    @Test func aFrozenRealmKeepsItsVersionWhileTheLiveOneMoves() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        try realm.write { realm.add(Owner(value: ["id": 1, "name": "before"])) }
        let frozen = realm.freeze()
        #expect(frozen.isFrozen && !realm.isFrozen)
        #expect(realm.freeze() == frozen)
        #expect(frozen.freeze() == frozen && frozen != realm)
        try realm.write {
            realm.object(ofType: Owner.self, forPrimaryKey: 1)!.name = "after"
            realm.add(Owner(value: ["id": 2]))
        }
        #expect(frozen.objects(Owner.self).count == 1)
        #expect(frozen.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "before")
        #expect(realm.objects(Owner.self).count == 2)
        #expect(realm.freeze() != frozen)
        #expect(realm.freeze().objects(Owner.self).count == 2)
        #expect(frozen.thaw() == realm)
        #expect(!frozen.refresh())
        // Any thread may use a frozen Realm, also to thaw it into its own live one.
        nonisolated(unsafe) let shared = frozen
        let seen = Collected<String>()
        onNewThread {
            let live = shared.thaw()
            seen.append("\(shared.refresh()) \(shared.objects(Owner.self).count) \(live.objects(Owner.self).count) \(live == shared.thaw())")
        }
        #expect(seen.values == ["false 1 2 true"])
    }

    @Test func aFrozenObjectAndItsLiveCounterpart() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "name": "before", "pets": [["name": "Rex"]]])
        let gone = Owner(value: ["id": 2])
        try realm.write { realm.add([owner, gone]) }
        let frozenOwner = owner.freeze()
        let frozenGone = gone.freeze()
        #expect(frozenOwner.isFrozen && !owner.isFrozen && !Owner().isFrozen)
        #expect(frozenOwner.realm == realm.freeze())
        #expect(frozenOwner.freeze() === frozenOwner)
        try realm.write {
            owner.name = "after"
            realm.delete(gone)
        }
        #expect(frozenOwner.name == "before" && frozenOwner.pets.first?.name == "Rex")
        #expect(!frozenGone.isInvalidated && frozenGone.id == 2)
        #expect(frozenOwner.thaw()?.name == "after")
        #expect(frozenOwner.thaw()?.isFrozen == false)
        #expect(frozenGone.thaw() == nil)
        #expect(owner.thaw() === owner)
    }

    @Test func aFrozenObjectReadFromEightThreadsWhileWritesContinue() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        try realm.write {
            for id in 0..<100 { realm.add(Owner(value: ["id": id, "name": "n\(id)"])) }
        }
        // Realm and Object are not Sendable (as in Realm Swift); frozen ones may cross threads.
        nonisolated(unsafe) let frozen = realm.freeze()
        nonisolated(unsafe) let frozenOwner = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 7)).freeze()
        let answers = Collected<String>()
        let writing = Collected<Bool>()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            Thread.detachNewThread {
                // At least 40 reads each, and on until the writes are over.
                var reads = 0
                while reads < 40 || writing.values.isEmpty {
                    let count = frozen.objects(Owner.self).count
                    let some = frozen.objects(Owner.self).filter("id >= 50").count
                    let name = frozenOwner.name
                    answers.append("\(count) \(some) \(name)")
                    reads += 1
                }
                done.signal()
            }
        }
        for round in 0..<20 {
            try realm.write {
                realm.add(Owner(value: ["id": 100 + round]))
                realm.object(ofType: Owner.self, forPrimaryKey: 7)!.name = "changed \(round)"
            }
        }
        writing.append(true)
        for _ in 0..<8 { done.wait() }
        #expect(answers.values.count >= 8 * 40)
        #expect(Set(answers.values) == ["100 50 n7"])
        #expect(realm.objects(Owner.self).count == 120)
        #expect(frozenOwner.thaw()?.name == "changed 19")
    }

    @Test func snapshotsOfSeveralVersionsEachKeepTheirs() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        var snapshots: [Realm] = []
        for id in 0..<5 {
            try realm.write { realm.add(Owner(value: ["id": id])) }
            snapshots.append(realm.freeze())
        }
        #expect(snapshots.map { $0.objects(Owner.self).count } == [1, 2, 3, 4, 5])
        snapshots.removeAll()
        try realm.write { realm.add(Owner(value: ["id": 5])) }
        #expect(realm.freeze().objects(Owner.self).count == 6)
    }

    @Test func writingFrozenValuesTrapsWithRealmsMessages() async throws {
        let object = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let owner = Owner(value: ["id": 1])
            try realm.write { realm.add(owner) }
            let frozen = owner.freeze()
            try realm.write { frozen.name = "no" }
        }
        #expect(standardError(object).contains("Attempting to modify a frozen object - call thaw on the Object instance first."))
        let transaction = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            realm.freeze().beginWrite()
        }
        #expect(standardError(transaction).contains("Can't perform transactions on a frozen Realm"))
        let autorefresh = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let frozen = try openRealm(try makeRealmURL()).freeze()
            frozen.autorefresh = false
            #expect(!frozen.autorefresh)
            frozen.autorefresh = true
        }
        #expect(standardError(autorefresh).contains("Auto-refresh cannot be enabled for frozen Realms."))
        await #expect(processExitsWith: .failure) {
            let realm = try openRealm(try makeRealmURL())
            try realm.write { _ = realm.freeze() }
        }
    }
}

/// SQLite gives a deleted newest object's key to the next object created: `thaw()` and
/// `resolve(_:)` tell them apart by the primary key.
@Suite struct ReusedKeyTests {
    @Test func thawAndResolveDoNotFindTheObjectCreatedInADeletedOnesKey() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1])
        try realm.write { realm.add(owner) }
        let frozen = owner.freeze()
        let reference = ThreadSafeReference(to: owner)
        try realm.write {
            realm.delete(owner)
            realm.add(Owner(value: ["id": 9]))
        }
        #expect(realm.objects(Owner.self).map(\.id) == [9])
        #expect(frozen.thaw() == nil)
        #expect(realm.resolve(reference) == nil)
    }
}
