import Foundation
import RealmStore
import TestSupport
import Testing

/// An actor owning a Realm of the test models, as Realm Swift's actor-isolated Realm examples do.
actor Kennel {
    let url: URL
    var realm: Realm!

    init(_ url: URL) async throws {
        self.url = url
        realm = try await Realm(configuration: Kennel.configuration(url), actor: self)
    }

    static func configuration(_ url: URL) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self])
    }

    func add(_ id: Int, _ name: String) async throws {
        try await realm.asyncWrite { realm.add(Owner(value: ["id": id, "name": name])) }
    }

    func names() -> [String] {
        realm.objects(Owner.self).sorted(byKeyPath: "id").map(\.name)
    }

    func reopensTheSameInstance() async throws -> Bool {
        try await Realm(configuration: Kennel.configuration(url), actor: self) == realm
    }

    func addThenThrow(_ id: Int) async -> String {
        do {
            try await realm.asyncWrite {
                realm.add(Owner(value: ["id": id, "name": "gone"]))
                throw CocoaError(.userCancelled)
            }
            return "committed"
        } catch {
            return realm.isInWriteTransaction ? "still writing" : "\(error is CocoaError)"
        }
    }

    func addWhenCancelled(_ id: Int) async -> String {
        withUnsafeCurrentTask { $0?.cancel() }
        do {
            try await realm.asyncWrite { realm.add(Owner(value: ["id": id])) }
            return "committed"
        } catch {
            return "\(error is CancellationError)"
        }
    }

    func setAutorefresh(_ on: Bool) {
        realm.autorefresh = on
    }

    func refresh() async -> Bool {
        await realm.asyncRefresh()
    }

    /// An `asyncWrite` called from this actor on a Realm not confined to it.
    static func writeOnThisActor(_ realm: Realm) async throws {
        let other = try await Kennel(try makeRealmURL())
        let box = Collected<Realm>()
        box.append(realm)
        try await other.write(on: box)
    }

    func write(on box: Collected<Realm>) async throws {
        try await box.values[0].asyncWrite {}
    }

    func share(into box: Collected<Realm>) {
        box.append(realm)
    }
}

/// Realms confined to an actor (`Realm(configuration:actor:)`) and `asyncWrite`/`asyncRefresh`.
@Suite struct ActorRealmTests {
    @Test func anActorsRealmReadsAndWritesInItsJobsOnAnyThread() async throws {
        let url = try makeRealmURL()
        let kennel = try await Kennel(url)
        for id in 1...20 {
            try await kennel.add(id, "dog \(id)")
            await Task.yield()
        }
        #expect(await kennel.names() == (1...20).map { "dog \($0)" })
        #expect(try await kennel.reopensTheSameInstance())
        let counts = Collected<Int>()
        onNewThread { counts.append(try! openRealm(url).objects(Owner.self).count) }
        #expect(counts.values == [20])
    }

    @Test func aThrowingBlockRollsBackAndACancelledTaskDoesNotWrite() async throws {
        let kennel = try await Kennel(try makeRealmURL())
        #expect(await kennel.addThenThrow(1) == "true")
        #expect(await kennel.addWhenCancelled(2) == "true")
        #expect(await kennel.names() == [])
    }

    @Test func anActorsRealmMovesToOtherThreadsCommitsOrWaitsForAsyncRefresh() async throws {
        let url = try makeRealmURL()
        let kennel = try await Kennel(url)
        #expect(await kennel.names() == [])
        onNewThread {
            let realm = try! openRealm(url)
            try! realm.write { realm.add(Owner(value: ["id": 1, "name": "a"])) }
        }
        var names: [String] = []
        for _ in 0..<500 where names.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            names = await kennel.names()
        }
        #expect(names == ["a"])

        await kennel.setAutorefresh(false)
        onNewThread {
            let realm = try! openRealm(url)
            try! realm.write { realm.add(Owner(value: ["id": 2, "name": "b"])) }
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(await kennel.names() == ["a"])
        #expect(await kennel.refresh())
        #expect(await kennel.names() == ["a", "b"])
        #expect(await kennel.refresh() == false)
    }

    @Test func usingAnActorsRealmElsewhereOrAsyncWriteOnAThreadsRealmTraps() async throws {
        let outside = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let kennel = try await Kennel(try makeRealmURL())
            let box = Collected<Realm>()
            await kennel.share(into: box)
            _ = box.values[0].objects(Owner.self).count
        }
        #expect(standardError(outside).contains("Incorrect actor executor assumption"))
        let threadRealm = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let url = try makeRealmURL()
            let box = Collected<Realm>()
            onNewThread { box.append(try! openRealm(url)) }
            try await Kennel.writeOnThisActor(box.values[0])
        }
        #expect(standardError(threadRealm).contains("asyncWrite() can only be called on main thread or actor-isolated Realms"))
    }
}
