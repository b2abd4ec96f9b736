import Foundation
import RealmStore
import TestSupport
import Testing

/// `Realm(configuration:queue:)`: a Realm confined to a serial queue rather than a thread.
@Suite struct QueueConfinedRealmTests {
    @Test func aQueuesRealmIsUsedInItsBlocksAndFollowsOtherCommits() throws {
        let url = try makeRealmURL()
        let queue = DispatchQueue(label: "queue-confined")
        let box = Collected<Realm>()
        let tokens = Collected<NotificationToken>()
        let seen = Collected<Int>()
        let delivered = DispatchSemaphore(value: 0)
        queue.sync {
            let realm = try! Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self]),
                                   queue: queue)
            try! realm.write { realm.add(Owner(value: ["id": 1])) }
            box.append(realm)
            tokens.append(realm.objects(Owner.self).observe { change in
                if case .update(let owners, _, _, _) = change {
                    seen.append(owners.count)
                    delivered.signal()
                }
            })
        }
        for id in 2...3 {
            onNewThread {
                let realm = try! openRealm(url)
                try! realm.write { realm.add(Owner(value: ["id": id])) }
            }
            #expect(delivered.wait(timeout: .now() + 10) == .success)
        }
        queue.sync {
            let again = try! Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self]),
                                   queue: queue)
            #expect(again == box.values[0], "opening again on the queue gives the same instance")
            #expect(again.objects(Owner.self).count == 3)
        }
        #expect(seen.values.last == 3)
        tokens.values.forEach { $0.invalidate() }
    }

    @Test func aQueuesRealmUsedOutsideItsQueueTraps() async {
        let outside = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = DispatchQueue(label: "queue-confined-trap")
            let url = try makeRealmURL()
            let box = Collected<Realm>()
            queue.sync { box.append(try! openRealm(url, queue: queue)) }
            _ = box.values[0].objects(Owner.self).count
        }
        #expect(standardError(outside).contains("Realm accessed from incorrect thread."))
        let offQueue = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try openRealm(try makeRealmURL(), queue: DispatchQueue(label: "elsewhere"))
        }
        #expect(standardError(offQueue).contains("Realm opened from incorrect dispatch queue."))
    }
}

/// The Realm of the test models in `url`, confined to `queue`.
func openRealm(_ url: URL, queue: DispatchQueue) throws -> Realm {
    try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self]), queue: queue)
}
