import Foundation
import RealmStore
import Testing

/// A live Realm's iteration reads each row in place, on the statement's current row, and
/// copies a row only for an object that outlives its step (`ObjectCursor+Live.swift`): an
/// object kept anywhere (an array, a variable, a weak reference, after a `break` or after the
/// loop) goes on reading its own row, through pages read in place and narrowed (every 256
/// rows), and after a write in the loop the current version's values.
@Suite struct CopyOnStepTests {
    /// A Realm with pets p0… aged 0… weighing half their age (nil for every seventh).
    func realm(_ count: Int) throws -> Realm {
        let realm = try makeRealm()
        try realm.write {
            for i in 0..<count {
                let weight: Any = i % 7 == 0 ? NSNull() : Double(i) / 2
                realm.create(Pet.self, value: ["name": "p\(i)", "age": i, "weight": weight])
            }
        }
        return realm
    }

    func weight(_ i: Int) -> Double? { i % 7 == 0 ? nil : Double(i) / 2 }

    @Test func objectsKeptAcrossStepsReadTheirOwnRows() throws {
        let realm = try realm(900)
        // A few kept (every 100th, across narrowings), the others not: the loop keeps stepping.
        var kept: [Pet] = []
        var names: [String] = []
        for pet in realm.objects(Pet.self) {
            names.append(pet.name)
            if pet.age % 100 == 0 { kept.append(pet) }
        }
        #expect(names == (0..<900).map { "p\($0)" })
        #expect(kept.map(\.name) == stride(from: 0, to: 900, by: 100).map { "p\($0)" })
        // Properties the loop never read, from each kept object's own row.
        #expect(kept.map(\.age) == Array(stride(from: 0, to: 900, by: 100)))
        #expect(kept.map(\.weight) == stride(from: 0, to: 900, by: 100).map(weight))
    }

    @Test func aLoopKeepingEveryObjectGoesOnInPages() throws {
        let realm = try realm(700)
        var kept: [Pet] = []
        for pet in realm.objects(Pet.self) where pet.age >= 0 { kept.append(pet) }
        #expect(Set(kept.map(ObjectIdentifier.init)).count == 700)
        #expect(kept.enumerated().allSatisfy { i, pet in pet.name == "p\(i)" && pet.age == i && pet.weight == weight(i) })
    }

    @Test func anObjectHeldElsewhereIsCopiedBeforeTheStepAndFreedAfter() throws {
        let realm = try realm(300)
        var iterator = realm.objects(Pet.self).makeIterator()
        var strong: Pet? = iterator.next()
        weak let weakPet = strong
        // Held elsewhere: the next step copies its row before moving on; the cursor keeps it no longer.
        let second = iterator.next()
        #expect(second?.name == "p1" && weakPet?.name == "p0" && weakPet?.weight == nil)
        strong = nil
        #expect(weakPet == nil)
        #expect(iterator.next()?.age == 2 && second?.age == 1 && second?.weight == 0.5)
    }

    @Test func objectsReadAfterABreakOrAfterTheLoop() throws {
        let realm = try realm(600)
        var found: Pet?
        for pet in realm.objects(Pet.self) where pet.age == 400 {
            found = pet
            break
        }
        #expect(found?.name == "p400" && found?.weight == 200)
        var last: Pet?
        for pet in realm.objects(Pet.self) { last = pet }
        #expect(last?.name == "p599" && last?.age == 599 && last?.weight == 299.5)
        // An iterator dropped while on a row leaves its object its row.
        var iterator: RealmCollectionIterator<Pet>? = realm.objects(Pet.self).makeIterator()
        let first = iterator?.next()
        iterator = nil
        #expect(first?.name == "p0" && first?.age == 0)
    }

    @Test func aWriteInTheLoopLeavesTheHeldObjectReadingTheNewVersion() throws {
        let realm = try realm(600)
        var names: [String] = []
        var held: Pet?
        for pet in realm.objects(Pet.self) {
            if pet.age == 300 {
                held = pet
                // The object on the statement's row is copied before the write detaches the stream.
                try realm.write { pet.name = "renamed"; realm.create(Pet.self, value: ["name": "new", "age": 1000]) }
                #expect(pet.age == 300 && pet.weight == 150)
            }
            names.append(pet.name)
        }
        #expect(names == (0..<600).map { $0 == 300 ? "renamed" : "p\($0)" })
        #expect(held?.name == "renamed" && held?.age == 300)
        #expect(realm.objects(Pet.self).count == 601)
    }

    @Test func nestedIterationsOfTheSameResultsKeepTheirObjects() throws {
        let realm = try realm(300)
        let pets = realm.objects(Pet.self)
        var pairs: [(Pet, Pet)] = []
        for outer in pets where outer.age % 100 == 0 {
            for inner in pets where inner.age == outer.age + 1 { pairs.append((outer, inner)) }
        }
        #expect(pairs.map { "\($0.0.name) \($0.1.name)" } == ["p0 p1", "p100 p101", "p200 p201"])
        #expect(pairs.allSatisfy { $0.0.age + 1 == $0.1.age && $0.1.weight == weight($0.1.age) })
    }

    @Test func aModelWithFieldsOfItsOwnKeepsItsObjectsToo() throws {
        let realm = try makeRealm([NotedPet.self])
        try realm.write {
            for i in 0..<400 { realm.create(NotedPet.self, value: ["name": "n\(i)"]) }
        }
        var kept: [NotedPet] = []
        var count = 0
        for pet in realm.objects(NotedPet.self) {
            count += 1
            pet.note = pet.name
            if count % 50 == 0 { kept.append(pet) }
        }
        #expect(count == 400)
        #expect(kept.map(\.name) == stride(from: 49, to: 400, by: 50).map { "n\($0)" })
        #expect(kept.map(\.note) == kept.map(\.name))
    }

    @Test func resultsFrozenInTheLoopAreReadFromOtherThreadsWhileItGoesOn() throws {
        let realm = try realm(2000)
        let answers = Collected<Int>()
        let group = DispatchGroup()
        var total = 0
        for pet in realm.objects(Pet.self) {
            if pet.age == 10 {
                // The frozen Results share the connection the loop reads in place.
                let frozen = Shared(realm.objects(Pet.self).freeze())
                for _ in 0..<2 {
                    group.enter()
                    Thread.detachNewThread {
                        answers.append(frozen.value.reduce(0) { $0 + $1.name.utf8.count })
                        group.leave()
                    }
                }
            }
            total += pet.name.utf8.count
        }
        group.wait()
        let expected = (0..<2000).reduce(0) { $0 + "p\($1)".utf8.count }
        #expect(total == expected)
        #expect(answers.values == [expected, expected])
    }
}
