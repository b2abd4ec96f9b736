import Foundation
import RealmStore
import TestSupport
import Testing

/// `observe(on: queue)` for objects and maps: delivered on the queue with the object or map
/// resolved there, readable in the block, and stopped by `invalidate()`.
struct QueueObjectNotificationTests {
    @Test func anObjectOnAQueueGetsItsChangesReadableThereAndItsDeletion() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        let queue = DispatchQueue(label: "object-observer")
        let seen = Collected<String>()
        let token = owner.observe(keyPaths: ["name", "pets"], on: queue) { (change: ObjectChange<Owner>) in
            dispatchPrecondition(condition: .onQueue(queue))
            switch change {
            case .change(let object, let properties):
                let described = properties.map { "\($0.name): \($0.oldValue ?? "nil") -> \($0.newValue.map { "\($0)" } ?? "nil")" }
                seen.append("\(object.name) \(object.pets.count) \(object.realm != nil) " + described.joined(separator: ", "))
            case .deleted: seen.append("deleted")
            case .error(let error): seen.append("error \(error)")
            }
        }
        try realm.write { owner.name = "p" }
        #expect(sleepUntil { seen.values.count == 1 })
        try realm.write { owner.tags.insert("unwatched") }
        try realm.write { owner.pets.append(Pet(value: ["name": "a"])) }
        #expect(sleepUntil { seen.values.count == 2 })
        try realm.write { realm.delete(owner) }
        #expect(sleepUntil { seen.values.count == 3 })
        // The queue's changes come from another thread: the old value is known (not for lists).
        #expect(seen.values.count == 3)
        #expect(seen.values.first == "p 0 true name: o -> p")
        #expect(seen.values.dropFirst().first?.hasPrefix("p 1 true pets: nil -> ") == true)
        #expect(seen.values.last == "deleted")
        token.invalidate()
    }

    @Test func invalidatingAQueueObjectTokenStopsItsDeliveries() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        let seen = Collected<String>()
        let token = owner.observe(on: DispatchQueue(label: "object-observer")) { (change: ObjectChange<Owner>) in
            if case .change(let object, _) = change { seen.append(object.name) }
        }
        try realm.write { owner.name = "p" }
        #expect(sleepUntil { seen.values.count == 1 })
        token.invalidate()
        try realm.write { owner.name = "q" }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(seen.values == ["p"])
    }

    @Test func aMapOnAQueueGetsTheInitialAndItsKeyChangesReadableThere() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "scores": ["a": 1, "b": 2]])
        try realm.write { realm.add(owner) }
        let queue = DispatchQueue(label: "map-observer")
        let seen = Collected<String>()
        let token = owner.scores.observe(on: queue) { change in
            dispatchPrecondition(condition: .onQueue(queue))
            switch change {
            case .initial(let map): seen.append("initial \(map.count) b=\(map["b"] ?? -1)")
            case .update(let map, let deletions, let insertions, let modifications):
                seen.append("-\(deletions.joined()) +\(insertions.joined()) ~\(modifications.joined()) b=\(map["b"] ?? -1)")
            case .error(let error): seen.append("error \(error)")
            }
        }
        #expect(sleepUntil { seen.values.count == 1 })
        try realm.write {
            owner.scores["a"] = nil
            owner.scores["b"] = 20
            owner.scores["c"] = 3
        }
        #expect(sleepUntil { seen.values.count == 2 })
        token.invalidate()
        try realm.write { owner.scores["d"] = 4 }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(seen.values == ["initial 2 b=2", "-a +c ~b b=20"])
    }
}
