import Foundation
import RealmStore
import TestSupport
import Testing

/// Turns the calling thread's run loop until the Realm's asynchronous writes are done (at most 10 s).
private func waitForAsyncWrites(_ realm: Realm) {
    let deadline = Date(timeIntervalSinceNow: 10)
    while realm.isPerformingAsynchronousWriteOperations, Date() < deadline {
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
    }
}

extension Kennel {
    /// `writeAsync` on the actor's Realm; whether the callback saw no error.
    func addAsynchronously(_ id: Int) async -> Bool {
        await withCheckedContinuation { continuation in
            realm.writeAsync({ self.realm.add(Owner(value: ["id": id, "name": "async"])) },
                             onComplete: { continuation.resume(returning: $0 == nil) })
        }
    }
}

/// `writeAsync`, `beginAsyncWrite`, `commitAsyncWrite` and `cancelAsyncWrite`, as in Realm Swift.
@Suite struct AsyncWriteTests {
    @Test func writeAsyncReturnsAtOnceAndRunsTheBlockAndCallbackAtTheNextTurns() throws {
        let url = try makeRealmURL()
        let events = Collected<String>()
        onNewThread {
            let realm = try! openRealm(url)
            realm.writeAsync({
                events.append("block in write: \(realm.isInWriteTransaction)")
                realm.add(Owner(value: ["id": 1, "name": "a"]))
            }, onComplete: { error in
                events.append("complete, error: \(error != nil)")
            })
            events.append("returned, busy: \(realm.isPerformingAsynchronousWriteOperations)")
            waitForAsyncWrites(realm)
            events.append("busy: \(realm.isPerformingAsynchronousWriteOperations)")
        }
        #expect(events.values == ["returned, busy: true", "block in write: true", "complete, error: false", "busy: false"])
        let names = Collected<String>()
        onNewThread { for owner in try! openRealm(url).objects(Owner.self) { names.append(owner.name) } }
        #expect(names.values == ["a"])
    }

    @Test func blocksRunInOrderCancelledOnesNeverAndOpenTransactionsRollBack() throws {
        let url = try makeRealmURL()
        let names = Collected<String>()
        let errors = Collected<String>()
        onNewThread {
            let realm = try! openRealm(url)
            realm.writeAsync { realm.add(Owner(value: ["id": 1, "name": "first"])) }
            let second = realm.writeAsync { realm.add(Owner(value: ["id": 2, "name": "second"])) }
            realm.beginAsyncWrite { realm.add(Owner(value: ["id": 3, "name": "left open"])) }
            realm.beginAsyncWrite {
                realm.add(Owner(value: ["id": 4, "name": "fourth"]))
                realm.commitAsyncWrite()
            }
            realm.writeAsync({ realm.add(Owner(value: ["id": 1, "name": "duplicate"])) },
                             onComplete: { error in errors.append(error.map(message) ?? "none") })
            try! realm.cancelAsyncWrite(second)
            waitForAsyncWrites(realm)
            for owner in realm.objects(Owner.self).sorted(byKeyPath: "id") { names.append(owner.name) }
        }
        #expect(names.values == ["first", "fourth"])
        #expect(errors.values.count == 1)
        #expect(errors.values.first?.contains("existing primary key value '1'") == true)
    }

    @Test func commitAsyncWriteCommitsASynchronousTransactionAndItsCallbackCanBeCancelled() throws {
        let url = try makeRealmURL()
        let events = Collected<String>()
        onNewThread {
            let realm = try! openRealm(url)
            realm.beginWrite()
            realm.add(Owner(value: ["id": 1]))
            realm.commitAsyncWrite { events.append("first: \($0 == nil)") }
            events.append("committed: \(!realm.isInWriteTransaction)")
            realm.beginWrite()
            realm.add(Owner(value: ["id": 2]))
            let second = realm.commitAsyncWrite { _ in events.append("second") }
            try! realm.cancelAsyncWrite(second)
            waitForAsyncWrites(realm)
            events.append("count: \(realm.objects(Owner.self).count)")
        }
        #expect(events.values == ["committed: true", "first: true", "count: 2"])
    }

    @Test func writeAsyncOnAnActorsRealmRunsAsJobsOfTheActor() async throws {
        let kennel = try await Kennel(try makeRealmURL())
        #expect(await kennel.addAsynchronously(7))
        #expect(await kennel.names() == ["async"])
    }
}
