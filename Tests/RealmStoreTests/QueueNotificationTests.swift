import Foundation
import RealmStore
import TestSupport
import Testing

/// Delivery on a dispatch queue, across processes, and of Map changes.
struct QueueNotificationTests {
    @Test func aQueueGetsTheChangesWithTheCollectionResolvedThere() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1), ("b", 2)])
        let queue = DispatchQueue(label: "observer")
        let seen = Collected<Change>()
        let counts = Collected<Int>()
        let token = realm.objects(Pet.self).sorted(byKeyPath: "age").observe(on: queue) { change in
            dispatchPrecondition(condition: .onQueue(queue))
            seen.append(Change(change))
            switch change {
            case .initial(let pets), .update(let pets, _, _, _): counts.append(pets.count)
            case .error: break
            }
        }
        #expect(sleepUntil { seen.values.count == 1 })
        try realm.write { pet(realm, "a").age = 3 }
        #expect(sleepUntil { seen.values.count == 2 })
        try addPets(realm, [("c", 0)])
        #expect(sleepUntil { seen.values.count == 3 })
        #expect(seen.values == [.initial, .update(deletions: [0], insertions: [1], modifications: []),
                                .update(deletions: [], insertions: [0], modifications: [])])
        #expect(counts.values == [2, 2, 3])
        token.invalidate()
    }

    @Test func aCommitOfAnotherProcessIsDeliveredWithItsExactChanges() async throws {
        let url = try makeRealmURL()
        let path = url.path
        let realm = try openRealm(url)
        try addPets(realm, [("a", 1), ("b", 2)])
        let seen = Collected<Change>()
        let token = realm.objects(Pet.self).observe(on: DispatchQueue(label: "cross-process")) { seen.append(Change($0)) }
        #expect(sleepUntil { seen.values.count == 1 })
        await #expect(processExitsWith: .success) { [path = path as String] in
            let child = try openRealm(URL(fileURLWithPath: path))
            try child.write {
                child.delete(child.objects(Pet.self).filter("name == 'a'"))
                child.objects(Pet.self).filter("name == 'b'").first!.age = 7
                child.add(Pet(value: ["name": "c"]))
            }
        }
        #expect(sleepUntil { seen.values.count == 2 })
        #expect(seen.values.last == .update(deletions: [0], insertions: [1], modifications: [1]))
        token.invalidate()
    }

    @Test func mapsReportKeys() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "scores": ["a": 1, "b": 2, "c": 3]])
        try realm.write { realm.add(owner) }
        var seen: [[String]] = []
        let token = owner.scores.observe { change in
            switch change {
            case .initial(let map): seen.append(["initial", "\(map.count)"])
            case .update(_, let deletions, let insertions, let modifications):
                seen.append(["-" + deletions.joined(), "+" + insertions.joined(), "~" + modifications.joined()])
            case .error: break
            }
        }
        #expect(spin { seen.count == 1 })
        try realm.write {
            owner.scores["a"] = nil
            owner.scores["b"] = 20
            owner.scores["d"] = 4
        }
        #expect(spin { seen.count == 2 })
        #expect(seen == [["initial", "3"], ["-a", "+d", "~b"]])
        _ = token
    }
}
