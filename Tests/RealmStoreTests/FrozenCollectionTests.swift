import Foundation
import RealmStore
import Testing

/// A value handed to other threads by the test (frozen collections are readable from any
/// thread; the box only tells the compiler so).
final class Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// `freeze()`, `thaw()` and `isFrozen` on Results, List, MutableSet, Map, LinkingObjects and
/// AnyRealmCollection: snapshots pinned at a version, answering queries there.
@Suite struct FrozenCollectionTests {
    func realm() throws -> (Realm, Owner) {
        let realm = try openRealm(try makeRealmURL())
        let owner = Owner(value: ["id": 1, "name": "o", "pets": [["a", 3], ["b", 5], ["c", 1]], "tags": ["x"], "scores": ["k": 1]])
        try realm.write { realm.add(owner) }
        return (realm, owner)
    }

    @Test func frozenResultsKeepTheirVersionAndAnswerQueriesThere() throws {
        let (realm, _) = try realm()
        let live = realm.objects(Pet.self).filter("age > 1")
        #expect(!live.isFrozen)
        let frozen = live.freeze()
        #expect(frozen.isFrozen && frozen.realm?.isFrozen == true)
        try realm.write {
            realm.create(Pet.self, value: ["name": "d", "age": 9])
            realm.objects(Pet.self).filter("name == 'a'").first?.age = 0
        }
        #expect(live.count == 2 && live.map(\.name) == ["b", "d"])
        #expect(frozen.count == 2 && frozen.map(\.name) == ["a", "b"])
        #expect(frozen.sorted(byKeyPath: "age", ascending: false).map(\.name) == ["b", "a"])
        #expect(frozen.filter("age < 4").map(\.name) == ["a"])
        #expect(frozen.filter("age < 4").isFrozen)
        #expect(frozen.sum(ofProperty: "age") as Int == 8)
        #expect(frozen.first?.isFrozen == true)
        let thawed = try #require(frozen.thaw())
        #expect(!thawed.isFrozen && thawed.map(\.name) == ["b", "d"])
        #expect(frozen.freeze() === frozen)
    }

    @Test func frozenResultsReadFromEightThreadsWhileWritesContinue() throws {
        let (realm, _) = try realm()
        let frozen = Shared(realm.objects(Pet.self).sorted(byKeyPath: "name").freeze())
        let answers = Collected<[String]>()
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<20 {
                    answers.append(frozen.value.map(\.name) + ["\(frozen.value.count)", "\(frozen.value.filter("age > 2").count)"])
                }
                group.leave()
            }
        }
        for round in 0..<20 {
            try realm.write { realm.create(Pet.self, value: ["name": "n\(round)", "age": round]) }
        }
        group.wait()
        #expect(answers.values.count == 160)
        #expect(answers.values.allSatisfy { $0 == ["a", "b", "c", "3", "2"] })
        #expect(realm.objects(Pet.self).count == 23)
    }

    @Test func frozenListsSetsMapsAndLinkingObjects() throws {
        let (realm, owner) = try realm()
        let pets = owner.pets.freeze()
        let tags = owner.tags.freeze()
        let scores = owner.scores.freeze()
        let owners = owner.pets[0].owners.freeze()
        let any = AnyRealmCollection(owner.pets).freeze()
        let tagsSorted = owner.tags.sorted().freeze()
        #expect(pets.isFrozen && tags.isFrozen && scores.isFrozen && owners.isFrozen && any.isFrozen)
        try realm.write {
            owner.pets.append(Pet(value: ["z", 7]))
            owner.tags.insert("y")
            owner.scores["m"] = 2
            realm.create(Owner.self, value: ["id": 2, "pets": [owner.pets[0]]])
        }
        #expect(pets.map(\.name) == ["a", "b", "c"] && pets.filter("age > 2").count == 2)
        #expect(Array(tagsSorted) == ["x"] && tagsSorted.isFrozen && tagsSorted.thaw().map(Array.init) == ["x", "y"])
        #expect(Array(tags) == ["x"] && scores.keys == ["k"] && owners.count == 1 && any.count == 3)
        #expect(owner.pets.count == 4 && owner.pets[0].owners.count == 2)
        #expect(pets.thaw()?.count == 4 && tags.thaw()?.count == 2 && scores.thaw()?.count == 2)
        #expect(owners.thaw()?.count == 2 && any.thaw()?.count == 4)
        try realm.write { realm.delete(owner) }
        #expect(pets.count == 3, "a frozen list outlives its owner's deletion")
        #expect(pets.thaw() == nil && tags.thaw() == nil && scores.thaw() == nil)
    }

    @Test func threadSafeReferencesCarryResultsAndCollectionsToAnotherThread() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "pets": [["a", 3], ["b", 5], ["c", 1]], "tags": ["x"], "scores": ["k": 1]])
        try realm.write { realm.add(owner) }
        let results = ThreadSafeReference(to: realm.objects(Pet.self).filter("age > 1").sorted(byKeyPath: "age", ascending: false))
        let pets = ThreadSafeReference(to: owner.pets)
        let scores = ThreadSafeReference(to: owner.scores)
        let owners = ThreadSafeReference(to: owner.pets[0].owners)
        let any = ThreadSafeReference(to: AnyRealmCollection(realm.objects(Pet.self).sorted(byKeyPath: "name")))
        let seen = Collected<String>()
        onNewThread {
            do {
                let other = try openRealm(url)
                seen.append(other.resolve(results)?.map(\.name).joined() ?? "nil")
                seen.append(other.resolve(pets)?.filter("age < 4").map(\.name).joined() ?? "nil")
                seen.append(other.resolve(scores)?.keys.joined() ?? "nil")
                seen.append("\(other.resolve(owners)?.count ?? -1)")
                seen.append(other.resolve(any)?.map(\.name).joined() ?? "nil")
            } catch {
                seen.append("error")
            }
        }
        #expect(seen.values == ["ba", "ac", "k", "1", "abc"])
    }

    @Test func writingToAFrozenListTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try openRealm(try makeRealmURL())
            let owner = Owner()
            try realm.write { realm.add(owner) }
            let frozen = owner.pets.freeze()
            try realm.write { frozen.append(Pet()) }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Cannot modify managed RLMArray outside of a write transaction."))
    }

    @Test func freezingAnUnmanagedCollectionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = List<Pet>().freeze()
        }
    }
}
