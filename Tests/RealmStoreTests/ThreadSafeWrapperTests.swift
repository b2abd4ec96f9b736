import Foundation
import RealmStore
import TestSupport
import Testing

/// Values any thread may read, as Realm Swift's `@ThreadSafe` test struct holds them.
struct ThreadSafeHolder: Sendable {
    @ThreadSafe var owner: Owner?
    @ThreadSafe var pets: List<Pet>?
    @ThreadSafe var everyone: Results<Owner>?
    @ThreadSafe var scores: Map<String, Int>?
}

/// `@ThreadSafe` and references resolved in another file's Realm.
@Suite struct ThreadSafeWrapperTests {
    @Test func aThreadSafePropertyIsReadAndReassignedOnAnyThread() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "name": "before", "pets": [["name": "Rex"]], "scores": ["a": 1]])
        try realm.write { realm.add(owner) }
        let holder = ThreadSafeHolder(owner: owner, pets: owner.pets, everyone: realm.objects(Owner.self), scores: owner.scores)
        let seen = Collected<String>()
        onNewThread {
            seen.append("\(holder.owner?.name ?? "nil") \(holder.pets?.count ?? -1) \(holder.everyone?.count ?? -1) \(holder.scores?["a"] ?? -1)")
            let other = try! openRealm(url)
            try! other.write {
                holder.owner?.name = "after"
                holder.owner = other.create(Owner.self, value: ["id": 2, "name": "second"])
            }
        }
        #expect(seen.values == ["before 1 1 1"])
        #expect(holder.owner?.name == "second" && holder.owner?.realm == realm)
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "after")
        #expect(holder.everyone?.count == 2, "read twice: each read makes a new reference")
        onNewThread {
            let other = try! openRealm(url)
            try! other.write { holder.owner = nil }
        }
        #expect(holder.owner == nil)
        let gone = ThreadSafeHolder(owner: realm.object(ofType: Owner.self, forPrimaryKey: 2), pets: nil, everyone: nil, scores: nil)
        try realm.write { realm.delete(realm.object(ofType: Owner.self, forPrimaryKey: 2)!) }
        #expect(gone.owner == nil, "a deleted object reads as nil")
    }

    @Test func anUnmanagedValueTrapsWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ThreadSafeHolder(owner: Owner(), pets: nil, everyone: nil, scores: nil)
        }
        #expect(standardError(result).contains("Only managed objects may be wrapped as thread safe."))
    }

    @Test func aReferenceResolvedInAnotherFilesRealmIsNil() throws {
        let realm = try openRealm(try makeRealmURL())
        let owner = Owner(value: ["id": 1])
        try realm.write { realm.add(owner) }
        let reference = ThreadSafeReference(to: owner)
        let other = try openRealm(try Temporary.fileURL("other.realm", prefix: "threads-other"))
        #expect(other.resolve(reference) == nil)
    }

    /// Generic code over `RealmCollection` hands a collection to another thread and freezes it,
    /// as Realm Swift's `ThreadConfined` protocol allows.
    private func countElsewhere<C: RealmCollection & SendableMetatype>(_ collection: C, _ url: URL) -> (frozen: Int, resolved: Int) {
        let frozen = collection.freeze().count
        let reference = ThreadSafeReference(to: collection)
        let counts = Collected<Int>()
        onNewThread { counts.append(try! openRealm(url).resolve(reference)?.count ?? -1) }
        return (frozen, counts.values[0])
    }

    @Test func aGenericRealmCollectionIsThreadConfined() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "pets": [["name": "a"], ["name": "b"]]])
        try realm.write { realm.add(owner) }
        #expect(countElsewhere(owner.pets, url) == (2, 2))
        #expect(countElsewhere(realm.objects(Pet.self), url) == (2, 2))
        #expect(countElsewhere(AnyRealmCollection(owner.pets), url) == (2, 2))
    }
}
