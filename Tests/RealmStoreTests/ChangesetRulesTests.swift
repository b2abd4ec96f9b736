import Foundation
import RealmEngine
import RealmStore
import TestSupport
import Testing

/// Realm's finer changeset rules: old values only for changes of other threads, a row that
/// moved and changed reported as a move only, and a full re-diff when the change log no
/// longer covers an observer's range.
struct ChangesetRulesTests {
    @Test func oldValuesAreGivenForChangesOfAnotherThreadOnlyAsInRealm() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        let owner = Owner(value: ["id": 1, "name": "o"])
        try realm.write { realm.add(owner) }
        var seen: [String] = []
        let token = owner.observe { (change: ObjectChange<Owner>) in
            if case .change(_, let properties) = change {
                seen += properties.map { "\($0.name): \($0.oldValue ?? "nil") -> \($0.newValue ?? "nil")" }
            }
        }
        // Another thread: Realm reads the old value from the version before the change.
        onNewThread {
            let other = try! openRealm(url)
            try! other.write { other.object(ofType: Owner.self, forPrimaryKey: 1)!.name = "p" }
        }
        realm.refresh()
        #expect(spin { seen.count == 1 })
        // This thread: Realm's accessor already holds the new value, so there is no old one
        // (realm-swift: "This is not supplied if the change happened on the same thread").
        try realm.write { owner.name = "q" }
        #expect(spin { seen.count == 2 })
        #expect(seen == ["name: o -> p", "name: nil -> q"])
        _ = token
    }

    @Test func aRowThatMovedAndChangedIsADeletionAndAnInsertionOnly() throws {
        let realm = try makeRealm()
        try addPets(realm, [("a", 1), ("b", 2), ("c", 3)])
        var changes: [Change] = []
        let token = realm.objects(Pet.self).sorted(byKeyPath: "age").observe { changes.append(Change($0)) }
        #expect(spin { changes.count == 1 })
        try realm.write {
            let a = pet(realm, "a")
            a.age = 10          // moves from the front to the end …
            a.name = "A"        // … and changes otherwise too
            pet(realm, "c").name = "C"
        }
        #expect(spin { changes.count == 2 })
        // old [a b c] -> new [b C A]. realm-core marks a modified at its new index, which is an
        // insertion, and drops it from the old-index modifications Realm Swift reports
        // (CollectionChangeBuilder::finalize erases modifications at insertions): only c's
        // in-place change is a modification.
        #expect(changes.last == .update(deletions: [0], insertions: [2], modifications: [2]))
        _ = token
    }

    @Test func anObserverWhoseRangeWasTrimmedFromTheLogGetsAFullReDiff() throws {
        let url = try makeRealmURL()
        let realm = try openRealm(url)
        realm.autorefresh = false
        try addPets(realm, [("a", 1), ("b", 2), ("c", 3), ("d", 4)])
        try realm.write { realm.add(Owner(value: ["id": 1])) }
        var changes: [Change] = []
        let token = realm.objects(Pet.self).sorted(byKeyPath: "age").observe(keyPaths: ["name", "age"]) {
            changes.append(Change($0))
        }
        #expect(spin { changes.count == 1 })
        // Another connection commits the changes, then enough commits to trim them from the log.
        let store = try Store(path: url.path)
        store.changeLogRetention = 2
        let seen = store.version
        let pets = try store.objects("Pet")
        try store.write {
            try store.set(pets[1], "name", "B")                       // b modified in place
            try store.delete(pets[2])                                  // c deleted
            _ = try store.create("Pet", value: ["name": "e", "age": 0])
            try store.set(pets[3], "age", .value(.int(-1)))           // d moves to the front
        }
        let owner = try #require(try store.object("Owner", primaryKey: .int(1)))
        for count in 0...Int(Store.changeLogSlack) + 3 {
            try store.write { try store.set(owner, "name", .value(.string("\(count)"))) }
        }
        #expect(try store.changes(from: seen, to: store.version) == nil, "the range was trimmed from the log")
        #expect(realm.refresh())
        // old [a b c d] -> new [d e a B]: c deleted (2), d moved (3 -> 0), e inserted (1), b
        // modified at its old index 1; a and b kept their order.
        #expect(changes.last == .update(deletions: [2, 3], insertions: [0, 1], modifications: [1]))
        #expect(changes.count == 2)
        _ = token
    }
}
