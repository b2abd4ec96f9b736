import Foundation
import RealmStore
import Testing

/// `MutableSet` and `Map`, including Realm's map-key rules.
@Suite struct SetAndMapTests {
    @Test func setOperations() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1, "tags": ["a", "b", "a"]])
        #expect(owner.tags.count == 2)
        try realm.write { realm.add(owner) }
        let other = MutableSet<String>()
        other.insert(objectsIn: ["b", "c"])
        try realm.write {
            owner.tags.insert("c")
            owner.tags.insert("c")
            owner.tags.remove("a")
        }
        #expect(Array(owner.tags) == ["b", "c"] && owner.tags.contains("b") && !owner.tags.contains("a"))
        #expect(owner.tags.intersects(other) && owner.tags.isSubset(of: other))
        try realm.write {
            owner.tags.formUnion(other)
            other.insert("d")
            owner.tags.subtract(other)
        }
        #expect(owner.tags.isEmpty)
        try realm.write {
            owner.tags.insert(objectsIn: ["x", "y", "z"])
            other.removeAll()
            other.insert("y")
            owner.tags.formIntersection(other)
        }
        #expect(Array(owner.tags) == ["y"])
        try realm.write { owner.tags.removeAll() }
        #expect(owner.tags.count == 0)
    }

    @Test func mapAPI() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1])
        owner.scores["b"] = 2
        try realm.write { realm.add(owner) }
        try realm.write {
            owner.scores["a"] = 1
            owner.scores.updateValue(3, forKey: "c")
            owner.scores.setValue(4, forKey: "d")
            owner.scores["b"] = nil
            owner.scores.removeObject(for: "d")
        }
        #expect(owner.scores.keys == ["a", "c"] && owner.scores.values == [1, 3] && owner.scores.count == 2)
        #expect(owner.scores.object(forKey: "c") == 3 && owner.scores.value(forKey: "a") == 1 && owner.scores["zz"] == nil)
        #expect(owner.scores.contains { key, value in key == "c" && value == 3 })
        #expect(owner.scores.map(\.key) == ["a", "c"])
        #expect(owner.scores.min() == 1 && owner.scores.max() == 3 && owner.scores.sum() == 4)
        #expect(owner.scores.average() == 2.0 && Array(owner.scores.sorted(ascending: false)) == [3, 1])
        #expect(owner.scores.description.hasPrefix("Map<string, int> <0x") && owner.scores.description.hasSuffix("> (\n[a]: 1,\n[c]: 3\n)"))
        try realm.write { owner.scores.removeAll() }
        #expect(owner.scores.count == 0 && owner.scores.realm == realm)
    }

    @Test func forbiddenMapKeysAreErrors() throws {
        let realm = try makeRealm()
        let owner = Owner(value: ["id": 1])
        try realm.write { realm.add(owner) }
        #expect {
            try realm.write { owner.scores.updateValue(1, forKey: "a.b") }
        } throws: { message($0) == "Dictionary::insert: key must not contain '.'" }
        #expect {
            try realm.write { owner.scores.setValue(1, forKey: "$a") }
        } throws: { message($0) == "Dictionary::insert: key must not start with '$'" }
        let unmanaged = Owner(value: ["id": 2])
        unmanaged.scores["New York.Brooklyn"] = 1
        #expect {
            try realm.write { realm.add(unmanaged) }
        } throws: { message($0) == "Dictionary::insert: key must not contain '.'" }
        try realm.write { owner.scores["New York%2EBrooklyn"] = 5 }
        #expect(owner.scores["New York%2EBrooklyn"] == 5)
    }

    @Test func subscriptSetterTrapsOnAForbiddenKey() async {
        await #expect(processExitsWith: .failure) {
            let realm = try makeRealm()
            let owner = Owner()
            try realm.write { realm.add(owner) }
            try realm.write { owner.scores["$x"] = 1 }
        }
    }
}
