import Foundation
import RealmEngine
import RealmStore
import Testing

/// Iterating lazy results outside a write transaction steps one statement over their rows
/// (the Realm's pinned version is its snapshot), copying after the first page only the
/// columns the loop reads; a change of the Realm in the loop detaches the iteration, which
/// goes on over the objects it would have returned, whose properties read the new version.
@Suite struct RowStreamTests {
    /// A Realm with pets p0… aged 0… (weights half the age).
    func realm(_ count: Int) throws -> Realm {
        let realm = try makeRealm()
        try realm.write {
            for i in 0..<count { realm.create(Pet.self, value: ["name": "p\(i)", "age": i, "weight": Double(i) / 2]) }
        }
        return realm
    }

    @Test func sortedResultsAreOneStatementCopyingTheColumnsRead() throws {
        let realm = try realm(600)
        let pets = realm.objects(Pet.self).sorted(byKeyPath: "age", ascending: false)
        let (names, log) = realm.store.logStatements { pets.map(\.name) }
        #expect(names == (0..<600).reversed().map { "p\($0)" })
        #expect(log.entries.map(\.rows) == [600], "one statement, no snapshot of keys: \(log.statements)")
    }

    @Test func aPropertyFirstReadAfterTheFirstPageReadsTheObjectsRow() throws {
        let realm = try realm(600)
        var checked = 0
        for (i, pet) in realm.objects(Pet.self).enumerated() {
            #expect(pet.age == i)
            if i >= 300 {
                #expect(pet.weight == Double(i) / 2 && pet.name == "p\(i)")
                checked += 1
            }
        }
        #expect(checked == 300)
    }

    @Test func objectsKeptFromAnIterationReadEveryProperty() throws {
        let realm = try realm(600)
        let all = Array(realm.objects(Pet.self))
        #expect(all.enumerated().allSatisfy { i, pet in pet.name == "p\(i)" && pet.age == i && pet.weight == Double(i) / 2 })
        // Kept by a loop that read only the name: the other columns are read from each row.
        var kept: [Pet] = []
        for pet in realm.objects(Pet.self).sorted(byKeyPath: "age") where !pet.name.isEmpty { kept.append(pet) }
        #expect(kept.enumerated().allSatisfy { i, pet in pet.age == i && pet.weight == Double(i) / 2 })
    }

    @Test func aWriteBegunInTheLoopDetachesTheIteration() throws {
        let realm = try realm(600)
        let pets = realm.objects(Pet.self).sorted(byKeyPath: "age")
        var names: [String] = []
        var ages: [Int] = []
        for pet in pets {
            if names.count == 10 {
                // Reverses the order by age and adds a pet: the loop goes on as it started.
                try realm.write {
                    for other in realm.objects(Pet.self) { other.age = 1000 - other.age }
                    realm.create(Pet.self, value: ["name": "new", "age": -1])
                }
            }
            names.append(pet.name)
            ages.append(pet.age)
        }
        #expect(names == (0..<600).map { "p\($0)" })
        // Objects made from rows read before the write read the new version.
        #expect(ages == (0..<600).map { $0 < 10 ? $0 : 1000 - $0 })
        #expect(pets.first?.name == "new" && pets.last?.name == "p0")
    }

    @Test func anIteratorLeftOpenSurvivesAWrite() throws {
        let realm = try realm(600)
        var iterator = realm.objects(Pet.self).makeIterator()
        #expect(iterator.next()?.name == "p0")
        try realm.write { realm.create(Pet.self, value: ["name": "new", "age": 600]) }
        var names: [String] = []
        while let pet = iterator.next() { names.append(pet.name) }
        #expect(names == (1..<600).map { "p\($0)" })
        #expect(realm.objects(Pet.self).count == 601)
    }

    @Test func nestedIterationsOfTheSameResults() throws {
        let realm = try realm(300)
        let pets = realm.objects(Pet.self).filter("age >= 0")
        var outer = 0
        var inner: [Int] = []
        for pet in pets {
            outer += 1
            if pet.age % 100 == 0 { inner.append(pets.reduce(0) { $0 + $1.age }) }
        }
        #expect(outer == 300 && inner == Array(repeating: (0..<300).reduce(0, +), count: 3))
    }
}
