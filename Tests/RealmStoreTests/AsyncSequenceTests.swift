import Foundation
@testable import RealmStore
import TestSupport
import Testing

/// Commits `body` in a write transaction of a Realm of `url` on a new thread.
private func commit(_ url: URL, _ body: @escaping @Sendable (Realm) -> Void) {
    onNewThread {
        let realm = try! openRealm(url)
        try! realm.write { body(realm) }
    }
}

/// A sequence made on a new thread from that thread's Realm of `url`.
private func sequence<S: Sendable>(_ url: URL, _ make: @escaping @Sendable (Realm) -> S) -> S {
    let made = Collected<S>()
    onNewThread { made.append(make(try! openRealm(url))) }
    return made.values[0]
}

/// Hands a (non-Sendable) sequence across threads in the tests.
struct Handed<Value>: @unchecked Sendable {
    let value: Value
}

extension Kennel {
    /// The names the frozen values of owner `id`'s `valueSequence` show while `steps` commit
    /// on other threads, one after each value; ends with "end" when the sequence ends.
    func valuesOfOwner(_ id: Int, steps: [@Sendable (Realm) -> Void]) async -> [String] {
        let owner = realm.object(ofType: Owner.self, forPrimaryKey: id)!
        var seen: [String] = []
        var steps = steps
        for await value in owner.valueSequence() {
            seen.append("\(value.name) frozen: \(value.isFrozen)")
            if steps.isEmpty { return seen }
            commit(url, steps.removeFirst())
        }
        return seen + ["end"]
    }

    /// The changes of owner `id`'s `changesetSequence(keyPaths:)`, as text, while `steps` commit.
    func changesOfOwner(_ id: Int, keyPaths: [String]?, steps: [@Sendable (Realm) -> Void]) async -> [String] {
        let owner = realm.object(ofType: Owner.self, forPrimaryKey: id)!
        var seen: [String] = []
        var steps = steps
        let changes = owner.changesetSequence(keyPaths: keyPaths)
        commit(url, steps.removeFirst())
        for await change in changes {
            switch change {
            case .change(let object, let properties):
                let described = properties.map { "\($0.name): \($0.oldValue ?? "nil") -> \($0.newValue ?? "nil")" }
                seen.append("change frozen: \(object.isFrozen) \(described)")
            case .deleted: seen.append("deleted")
            case .error(let error): seen.append("error \(error)")
            }
            if !steps.isEmpty { commit(url, steps.removeFirst()) }
        }
        return seen + ["end"]
    }
}

extension Kennel {
    /// The owners' names of each `collectionSequence` snapshot of the actor's Realm while
    /// `steps` commit on other threads, one after each snapshot.
    func namesOfOwners(steps: [@Sendable (Realm) -> Void]) async -> [[String]] {
        var seen: [[String]] = []
        var steps = steps
        for await owners in realm.objects(Owner.self).sorted(byKeyPath: "id").collectionSequence() {
            seen.append(owners.map { "\($0.name)\(owners.isFrozen ? "" : " (live)")" })
            if steps.isEmpty { break }
            commit(url, steps.removeFirst())
        }
        return seen
    }
}

/// `changesetSequence`/`collectionSequence` of collections and `changesetSequence`/`valueSequence`
/// of objects: frozen payloads, every change, and breaking out ending the observation.
@Suite struct AsyncSequenceTests {
    @Test func aCollectionSequenceSendsTheFrozenCollectionFirstAndAfterEveryChange() async throws {
        let url = try makeRealmURL()
        commit(url) { $0.add(Owner(value: ["id": 2, "name": "b"])) }
        let owners = sequence(url) { Handed(value: $0.objects(Owner.self).sorted(byKeyPath: "id").collectionSequence()) }.value
        var seen: [[String]] = []
        for await snapshot in owners {
            #expect(snapshot.isFrozen)
            seen.append(snapshot.map(\.name))
            switch seen.count {
            case 1: commit(url) { $0.add(Owner(value: ["id": 1, "name": "a"])) }
            case 2: commit(url) { $0.object(ofType: Owner.self, forPrimaryKey: 2)!.name = "B" }
            default: break
            }
            if seen.count == 3 { break }
        }
        #expect(seen == [["b"], ["a", "b"], ["a", "B"]])
    }

    @Test func aChangesetSequenceSendsRealmsIndexSetsAndBreakingEndsTheObservation() async throws {
        let url = try makeRealmURL()
        commit(url) { realm in for id in [2, 4] { realm.add(Owner(value: ["id": id, "name": "\(id)"])) } }
        let path = try openRealm(url).configuration.path
        let changes = sequence(url) { Handed(value: $0.objects(Owner.self).sorted(byKeyPath: "id").changesetSequence(keyPaths: ["name"])) }.value
        #expect(QueueObservation.isObserved(path: path))
        var seen: [String] = []
        for await change in changes {
            switch change {
            case .initial(let owners):
                seen.append("initial \(owners.map(\.id)) frozen: \(owners.isFrozen)")
                commit(url) { realm in
                    realm.add(Owner(value: ["id": 3, "name": "3"]))
                    realm.object(ofType: Owner.self, forPrimaryKey: 4)!.name = "four"
                    realm.delete(realm.object(ofType: Owner.self, forPrimaryKey: 2)!)
                }
            case .update(let owners, let deletions, let insertions, let modifications):
                seen.append("update \(owners.map(\.id)) \(deletions) \(insertions) \(modifications)")
            case .error(let error):
                seen.append("error \(error)")
            }
            if seen.count == 2 { break }
        }
        #expect(seen == ["initial [2, 4] frozen: true", "update [3, 4] [0] [0] [1]"])
        #expect(!QueueObservation.isObserved(path: path))
    }

    @Test func anActorsCollectionSequenceIsDeliveredInItsJobs() async throws {
        let url = try makeRealmURL()
        let kennel = try await Kennel(url)
        let seen = await kennel.namesOfOwners(steps: [
            { $0.add(Owner(value: ["id": 2, "name": "b"])) },
            { $0.add(Owner(value: ["id": 1, "name": "a"])) },
        ])
        #expect(seen == [[], ["b"], ["a", "b"]])
    }

    @Test func anObjectsValueSequenceFollowsItUntilItIsDeleted() async throws {
        let url = try makeRealmURL()
        commit(url) { $0.add(Owner(value: ["id": 1, "name": "a"])) }
        let kennel = try await Kennel(url)
        let seen = await kennel.valuesOfOwner(1, steps: [
            { $0.object(ofType: Owner.self, forPrimaryKey: 1)!.name = "b" },
            { $0.delete($0.object(ofType: Owner.self, forPrimaryKey: 1)!) },
        ])
        #expect(seen == ["a frozen: true", "b frozen: true", "end"])
    }

    @Test func anObjectsChangesetSequenceSendsOldAndNewValuesThenDeleted() async throws {
        let url = try makeRealmURL()
        commit(url) { $0.add(Owner(value: ["id": 1, "name": "a"])) }
        let kennel = try await Kennel(url)
        let seen = await kennel.changesOfOwner(1, keyPaths: ["name"], steps: [
            { $0.object(ofType: Owner.self, forPrimaryKey: 1)!.name = "b" },
            { $0.object(ofType: Owner.self, forPrimaryKey: 1)!.name = "c" },
            { $0.delete($0.object(ofType: Owner.self, forPrimaryKey: 1)!) },
        ])
        #expect(seen == ["change frozen: true [\"name: a -> b\"]", "change frozen: true [\"name: b -> c\"]", "deleted", "end"])
    }
}
