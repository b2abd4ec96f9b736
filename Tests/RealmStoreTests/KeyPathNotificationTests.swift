import Foundation
import RealmStore
import TestSupport
import Testing

/// The key-path rules of Realm's notifications (seeds' `["name"]`, `["toys"]`,
/// `["toys.brand"]`, `[\Dog.name]`), Realm notifications and object notifications.
struct KeyPathNotificationTests {
    /// An owner with two pets, observed with `keyPaths`; returns the changes seen after each
    /// of `writes` (one write each).
    private func changes(keyPaths: [String]?, _ writes: [(Realm, Owner) -> Void]) throws -> [Change] {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write {
            realm.add(owner)
            owner.pets.append(objectsIn: [Pet(value: ["name": "a"]), Pet(value: ["name": "b"])])
        }
        var seen: [Change] = []
        let token = realm.objects(Owner.self).observe(keyPaths: keyPaths) { seen.append(Change($0)) }
        #expect(spin { seen.count == 1 })
        for write in writes {
            try realm.write { write(realm, owner) }
            spinBriefly()
        }
        token.invalidate()
        return Array(seen.dropFirst())
    }

    private let modified = Change.update(deletions: [], insertions: [], modifications: [0])

    @Test func nameWatchesOnlyTheName() throws {
        let seen = try changes(keyPaths: ["name"], [
            { _, owner in owner.pets.removeLast() },
            { _, owner in owner.pets[0].name = "z" },
            { _, owner in owner.name = "p" },
        ])
        #expect(seen == [modified])
    }

    @Test func aListPropertyWatchesMembershipNotTheElementsValues() throws {
        let seen = try changes(keyPaths: ["pets"], [
            { _, owner in owner.pets[0].name = "z" },
            { _, owner in owner.pets.removeLast() },
            { _, owner in owner.name = "p" },
            { realm, owner in owner.pets.replace(index: 0, object: Pet(value: ["name": "n"])) },
        ])
        #expect(seen == [modified, modified])
    }

    @Test func aPathThroughTheListWatchesThatPropertyOfEachElement() throws {
        let seen = try changes(keyPaths: ["pets.name"], [
            { _, owner in owner.pets[0].age = 4 },
            { _, owner in owner.pets[1].name = "z" },
            { _, owner in owner.pets.removeLast() },
            { _, owner in owner.name = "p" },
        ])
        #expect(seen == [modified, modified])
    }

    @Test func noKeyPathsWatchEveryPropertyAndLinkedObjects() throws {
        let seen = try changes(keyPaths: nil, [
            { _, owner in owner.pets[0].age = 4 },
            { _, owner in owner.name = "p" },
            { _, owner in owner.scores["x"] = 1 },
        ])
        #expect(seen == [modified, modified, modified])
    }

    @Test func swiftKeyPathsNameTheSameProperties() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        var seen: [Change] = []
        let token = realm.objects(Owner.self).observe(keyPaths: [\Owner.name]) { seen.append(Change($0)) }
        #expect(spin { seen.count == 1 })
        try realm.write { owner.scores["x"] = 1 }
        try realm.write { owner.name = "p" }
        #expect(spin { seen.count == 2 })
        spinBriefly()
        #expect(seen == [.initial, modified])
        _ = token
    }

    @Test func anUnknownKeyPathTrapsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            _ = realm.objects(Owner.self).observe(keyPaths: ["pets.nope"]) { _ in }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Property 'nope' not found in object of type 'Pet'"))
    }

    @Test func realmObserversHearEachCommitAndRefreshRequired() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        var notifications: [Realm.Notification] = []
        let token = realm.observe { notification, _ in notifications.append(notification) }
        try addPets(realm, [("a", 1)])
        #expect(notifications == [.didChange])
        realm.autorefresh = false
        onNewThread { try! addPets(try! openRealm(url), [("b", 2)]) }
        #expect(spin { notifications.count == 2 })
        #expect(notifications.last == .refreshRequired)
        #expect(realm.refresh())
        #expect(notifications.last == .didChange)
        #expect(Realm.Notification.didChange.rawValue == "RLMRealmDidChangeNotification")
        _ = token
    }

    @Test func objectChangesCarryOldAndNewValuesAndDeletionEndsThem() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        var names: [[String]] = []
        var values: [(Any?, Any?)] = []
        var deleted = 0
        let token = owner.observe { (change: ObjectChange<Owner>) in
            switch change {
            case .change(_, let properties):
                names.append(properties.map(\.name))
                values += properties.map { ($0.oldValue, $0.newValue) }
            case .deleted: deleted += 1
            case .error: break
            }
        }
        try realm.write { owner.name = "p" }
        #expect(spin { names.count == 1 })
        #expect(names == [["name"]])
        // Committed on the observing thread: no old value, as in Realm (see ChangesetRulesTests).
        #expect(values.first?.0 == nil && values.first?.1 as? String == "p")
        try realm.write { owner.pets.append(Pet(value: ["name": "a"])) }
        #expect(spin { names.count == 2 })
        #expect(names.last == ["pets"])
        try realm.write { realm.delete(owner) }
        #expect(spin { deleted == 1 })
        _ = token
    }

    @Test func objectKeyPathsLimitTheReportedProperties() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        var names: [[String]] = []
        let token = owner.observe(keyPaths: [\Owner.scores]) { (change: ObjectChange<Owner>) in
            if case .change(_, let properties) = change { names.append(properties.map(\.name)) }
        }
        try realm.write { owner.name = "p" }
        try realm.write { owner.scores["x"] = 2 }
        #expect(spin { names.count == 1 })
        spinBriefly()
        #expect(names == [["scores"]])
        _ = token
    }
}
