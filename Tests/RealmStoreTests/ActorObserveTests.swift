import Foundation
import RealmStore
import TestSupport
import Testing

/// Where notifications observed `on:` an actor are recorded.
actor ChangeLog {
    var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// The entries once there are at least `count` (waiting up to 5 s).
    func waitFor(_ count: Int) async throws -> [String] {
        for _ in 0..<500 where entries.count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        return entries
    }
}

/// An actor with its own Realm that observes values on another actor.
actor Watcher {
    var realm: Realm!
    var tokens: [NotificationToken] = []

    init(_ url: URL) async throws {
        realm = try await Realm(configuration: Kennel.configuration(url), actor: self)
    }

    func watch(on log: ChangeLog) async {
        let owners = realm.objects(Owner.self)
        tokens.append(await owners.observe(on: log) { log, change in
            switch change {
            case .initial(let owners): log.append("results initial \(owners.count)")
            case .update(let owners, _, let insertions, _): log.append("results update \(owners.count) +\(insertions)")
            case .error: log.append("results error")
            }
        })
        let owner = realm.object(ofType: Owner.self, forPrimaryKey: 1)!
        tokens.append(await owner.observe(keyPaths: [\Owner.name], on: log) { log, change in
            if case .change(let object, let properties) = change {
                log.append("object \(object.id) \(properties.map(\.name))")
            }
        })
        tokens.append(await owner.pets.observe(on: log) { log, change in
            if case .update(let pets, _, _, _) = change { log.append("list \(pets.count)") }
        })
        tokens.append(await owner.scores.observe(on: log) { log, change in
            if case .update(let scores, _, _, _) = change { log.append("map \(scores.count)") }
        })
    }
}

@Suite struct ActorObserveTests {
    @Test func resultsObjectsListsAndMapsObservedOnAnActor() async throws {
        let url = try makeRealmURL()
        onNewThread {
            let realm = try! openRealm(url)
            try! realm.write { realm.add(Owner(value: ["id": 1, "name": "a"])) }
        }
        let watcher = try await Watcher(url)
        let log = ChangeLog()
        await watcher.watch(on: log)
        #expect(try await log.waitFor(1) == ["results initial 1"])
        onNewThread {
            let realm = try! openRealm(url)
            try! realm.write {
                let owner = realm.object(ofType: Owner.self, forPrimaryKey: 1)!
                owner.name = "b"
                owner.pets.append(Pet(value: ["name": "Rex"]))
                owner.scores["x"] = 1
                realm.add(Owner(value: ["id": 2]))
            }
        }
        let entries = try await log.waitFor(5)
        #expect(Set(entries) == ["results initial 1", "results update 2 +[1]", "object 1 [\"name\"]", "list 1", "map 1"])
    }
}
