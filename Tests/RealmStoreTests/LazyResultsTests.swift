import Foundation
import RealmEngine
import RealmStore
import Testing

/// Lazy `Results` and collections of objects: each read is one SQL statement of the size of
/// its answer, filters build on the collection's table, and results follow writes.
@Suite struct LazyResultsTests {
    /// A Realm with pets named p0… aged `ages` (weights half the age), and an owner listing
    /// the pets at `listed` positions.
    func realm(ages: [Int], listed: [Int] = []) throws -> (Realm, Owner) {
        let realm = try makeRealm()
        let owner = Owner()
        try realm.write {
            let pets = ages.enumerated().map { index, age in
                realm.create(Pet.self, value: ["name": "p\(index)", "age": age, "weight": Double(age) / 2])
            }
            owner.id = 1
            realm.add(owner)
            owner.pets.append(objectsIn: listed.map { pets[$0] })
        }
        return (realm, owner)
    }

    /// The statements of `log` over query rows (`t0`), leaving out reads of single objects.
    func queries(_ log: StatementLog) -> [StatementLog.Entry] {
        log.entries.filter { $0.sql.contains(" t0") }
    }

    @Test func firstOfSortedResultsIsOneStatementReadingOneRow() throws {
        let (realm, _) = try realm(ages: [5, 3, 8, 1, 9])
        let sorted = realm.objects(Pet.self).sorted(byKeyPath: "age")
        let (first, log) = realm.store.logStatements { sorted.first }
        #expect(first?.name == "p3")
        #expect(log.statements.count == 1 && log.rows == 1)
        #expect(log.statements[0].contains(" LIMIT "))
        let (last, lastLog) = realm.store.logStatements { sorted.last }
        #expect(last?.name == "p4")
        #expect(lastLog.statements.count == 1 && lastLog.rows == 1)
        let (empty, emptyLog) = realm.store.logStatements { sorted.isEmpty }
        #expect(!empty && emptyLog.rows == 1)
    }

    @Test func countIsCountStar() throws {
        let (realm, _) = try realm(ages: [5, 3, 8])
        let (count, log) = realm.store.logStatements { realm.objects(Pet.self).filter("age > 4").count }
        #expect(count == 2)
        #expect(log.statements.count == 1 && log.statements[0].hasPrefix("SELECT count(*) FROM \"Pet\"") && log.rows == 1)
        // Unfiltered, no WHERE: SQLite then counts the smallest b-tree without stepping rows.
        let (all, allLog) = realm.store.logStatements { realm.objects(Pet.self).count }
        #expect(all == 3)
        #expect(allLog.statements == ["SELECT count(*) FROM \"Pet\" t0"])
    }

    @Test func chainedFiltersRunAsOneWhere() throws {
        let (realm, _) = try realm(ages: [5, 3, 8, 1, 9])
        let results = realm.objects(Pet.self).filter("age > %@", 2).filter("name != %@", "p2").sorted(byKeyPath: "age", ascending: false)
        let (names, log) = realm.store.logStatements { results.map(\.name) }
        #expect(names == ["p4", "p0", "p1"])
        #expect(queries(log).count == 1, "one statement for the keys: \(queries(log).map(\.sql))")
        #expect(queries(log)[0].sql.components(separatedBy: " WHERE ").count == 2)
    }

    @Test func listFiltersJoinTheListTable() throws {
        let (small, smallOwner) = try realm(ages: [5, 3, 8], listed: [2, 0, 2])
        let (large, largeOwner) = try realm(ages: Array(repeating: 6, count: 40), listed: Array(0..<40))
        let (names, smallLog) = small.store.logStatements { smallOwner.pets.filter("age > 4").map(\.name) }
        #expect(names == ["p2", "p0", "p2"])
        let (count, largeLog) = large.store.logStatements { largeOwner.pets.filter("age > 4").count }
        #expect(count == 40)
        let (smallQueries, largeQueries) = (queries(smallLog), queries(largeLog))
        #expect(smallQueries.count == 1 && largeQueries.count == 1)
        #expect(smallQueries.first?.parameters == largeQueries.first?.parameters, "no list of keys is bound")
        #expect(largeQueries.first?.sql.contains("\"Owner.pets\" r0 JOIN \"Pet\" t0") == true)
        #expect(smallOwner.pets.count == 3 && smallOwner.pets[2].name == "p2")
        #expect(smallOwner.pets.index(matching: "name == 'p0'") == 1)
        #expect(smallOwner.pets.sorted(byKeyPath: "age").map(\.name) == ["p0", "p2"])
        let owners = smallOwner.pets[0].owners
        #expect(owners.count == 2 && owners.filter("id == 1").count == 2)
    }

    @Test func indexedReadsTakeOneRowThenASnapshotOfKeys() throws {
        let (realm, _) = try realm(ages: [5, 3, 8, 1, 9])
        let sorted = realm.objects(Pet.self).sorted(byKeyPath: "age")
        let (third, log) = realm.store.logStatements { sorted[2].name }
        #expect(third == "p0")
        #expect(queries(log).count == 1 && queries(log)[0].rows == 1 && queries(log)[0].sql.contains(" OFFSET "))
        let (names, snapshotLog) = realm.store.logStatements { (0..<5).map { sorted[$0].name } }
        #expect(names == ["p3", "p1", "p0", "p2", "p4"])
        #expect(queries(snapshotLog).count == 1 && queries(snapshotLog)[0].rows == 5, "one snapshot of the keys")
        try realm.write { realm.create(Pet.self, value: ["name": "p5", "age": 0]) }
        #expect(sorted[0].name == "p5" && sorted[5].name == "p4")
    }

    @Test func resultsFollowWrites() throws {
        let (realm, _) = try realm(ages: [5, 3])
        let old = realm.objects(Pet.self).filter("age >= 3").sorted(byKeyPath: "age")
        #expect(old.count == 2 && old[0].name == "p1")
        try realm.write { realm.create(Pet.self, value: ["name": "young", "age": 4]) }
        #expect(old.count == 3)
        #expect(old.map(\.name) == ["p1", "young", "p0"])
        #expect(old[1].name == "young", "the key snapshot is taken again after a write")
        try realm.write { realm.delete(old[0]) }
        #expect(old.first?.name == "young")
    }

    @Test func iterationSurvivesWritesInTheLoop() throws {
        let (realm, _) = try realm(ages: [1, 2, 3])
        let pets = realm.objects(Pet.self).sorted(byKeyPath: "age")
        var seen: [String] = []
        try realm.write {
            for pet in pets {
                seen.append(pet.name)
                pet.age += 10
            }
        }
        #expect(seen == ["p0", "p1", "p2"])
        #expect(pets.map(\.age) == [11, 12, 13])
    }

    @Test func iterationReadsRowsAPageAtATime() throws {
        let (realm, _) = try realm(ages: Array(0..<600))
        let pets = realm.objects(Pet.self).filter("age >= 0")
        let (total, log) = realm.store.logStatements { pets.reduce(0) { $0 + $1.age + $1.name.count } }
        #expect(total == (0..<600).reduce(0, +) + (0..<600).reduce(0) { $0 + "p\($1)".count })
        // One statement over the rows, no snapshot of keys; after a first page of 256 rows with
        // every column, results in key order go on from the last key with the columns read.
        #expect(log.entries.map(\.rows) == [256, 344], "\(log.statements)")
        #expect(log.statements.first?.contains("\"weight\"") == true && log.statements.last?.contains("\"weight\"") == false)
        #expect(log.statements.last?.contains("t0._key > ?") == true)
    }

    @Test func aggregatesAndColumnsAreOneStatement() throws {
        let (realm, owner) = try realm(ages: [5, 3, 8], listed: [0, 0, 2])
        let pets = realm.objects(Pet.self)
        let (sum, log): (Int, StatementLog) = realm.store.logStatements { pets.sum(ofProperty: "age") }
        #expect(sum == 16)
        #expect(log.statements.count == 1 && log.statements[0].hasPrefix("SELECT sum("))
        #expect(pets.min(ofProperty: "age") as Int? == 3)
        #expect(pets.max(ofProperty: "weight") as Double? == 4)
        #expect(pets.average(ofProperty: "age") as Double? == 16.0 / 3)
        #expect(pets.average(ofProperty: "age") as Int? == 5)
        #expect(owner.pets.sum(ofProperty: "age") as Int == 18, "a list's repeats count")
        #expect(pets.filter("age > 100").sum(ofProperty: "age") as Int == 0)
        #expect(pets.filter("age > 100").average(ofProperty: "age") as Double? == nil)
        let (ages, columnLog) = realm.store.logStatements { pets.sorted(byKeyPath: "age").value(forKey: "age") }
        #expect(ages as? [Int] == [3, 5, 8])
        #expect(columnLog.statements.count == 1 && columnLog.rows == 3)
        #expect(pets.value(forKey: "weight") as? [Double] == [2.5, 1.5, 4])
        try realm.write { realm.create(Pet.self, value: ["name": "none", "age": 2]) }
        let (weights, weightLog): (Double, StatementLog) = realm.store.logStatements { pets.sum(ofProperty: "weight") }
        #expect(weights == 8 && weightLog.statements.count == 1, "nulls are left out")
        #expect(pets.average(ofProperty: "weight") as Double? == 8.0 / 3)
        #expect(pets.min(ofProperty: "weight") as Double? == 1.5)
        #expect(pets.filter("age > 100").max(ofProperty: "weight") as Double? == nil)
        try realm.write { realm.create(Pet.self, value: ["name": "nan", "age": 1, "weight": Double.nan]) }
        #expect((pets.sum(ofProperty: "weight") as Double).isNaN)
        #expect((pets.average(ofProperty: "weight") as Double?)?.isNaN == true)
        #expect(pets.filter("weight != nil").count == 4)
        #expect(pets.filter("weight != nil AND weight < 3").sum(ofProperty: "weight") as Double == 4, "no NaN among them")
        try realm.write {
            realm.create(Pet.self, value: ["name": "max1", "age": Int.max])
            realm.create(Pet.self, value: ["name": "max2", "age": Int.max])
        }
        let huge = pets.filter("age == %@", Int.max)
        #expect(huge.sum(ofProperty: "age") as Int == Int.max &+ Int.max, "SQLite's overflow: the values are added up instead")
    }

    @Test func distinctByKeyPaths() throws {
        let (realm, _) = try realm(ages: [5, 3, 5, 3, 1])
        let distinct = realm.objects(Pet.self).distinct(by: ["age"])
        #expect(distinct.map(\.name) == ["p0", "p1", "p4"])
        #expect(distinct.count == 3)
        #expect(distinct.sorted(byKeyPath: "age").map(\.name) == ["p4", "p1", "p0"])
        #expect(realm.objects(Pet.self).sorted(byKeyPath: "name", ascending: false).distinct(by: ["age"]).map(\.name) == ["p4", "p3", "p2"])
    }

    @Test func indexesAndObjectsAt() throws {
        let (realm, _) = try realm(ages: [5, 3, 8])
        let sorted = realm.objects(Pet.self).sorted(byKeyPath: "age")
        let p0 = try #require(realm.objects(Pet.self).first)
        #expect(sorted.index(of: p0) == 1)
        #expect(sorted.index(matching: "age > 6") == 2)
        #expect(sorted.index { $0.name == "p1" } == 0)
        #expect(sorted.objects(at: IndexSet([0, 2])).map(\.name) == ["p1", "p2"])
    }

    @Test func aBadQueryTrapsWhenFilterIsCalled() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            _ = realm.objects(Pet.self).filter("age > 1").filter("nope > 1")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("nope"))
    }

    @Test func anIndexOutOfBoundsTrapsWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            _ = realm.objects(Pet.self)[0]
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Index 0 is out of bounds (must be less than 0)."))
    }
}
