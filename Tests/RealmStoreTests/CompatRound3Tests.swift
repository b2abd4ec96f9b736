import Foundation
import RealmStore
import TestSupport
import Testing

final class CircleNode: Object {
    @Persisted var name = ""
    @Persisted var next: CircleNode?
    @Persisted var ring: List<CircleNode>
    @Persisted var bag: MutableSet<CircleNode>
}

final class DefaultLinkHolder: Object {
    @Persisted var name = ""
    @Persisted var pet: Pet? = Pet(value: ["name": "default pet"])
    @Persisted var nothing: Pet?
    @Persisted var anything: AnyRealmValue
}

/// A model no other test uses: its table is created inside a write transaction below.
final class FirstUsedInWrite: Object {
    @Persisted var value = 0
}

/// Realm Swift API that its own test suite uses: List as a RangeReplaceableCollection-like
/// MutableCollection, Map.merge and asKeyValueSequence, Decimal128's converting initializers.
@Suite struct CompatRound3Tests {

    @Test func managedListRangeOperationsMatchArrays() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a", "b", "c", "d", "e", "f"])
        try realm.write { owner.pets.removeFirst() }
        #expect(petNames(owner.pets) == ["b", "c", "d", "e", "f"])
        try realm.write { owner.pets.removeFirst(2) }
        #expect(petNames(owner.pets) == ["d", "e", "f"])
        try realm.write { owner.pets.removeLast() }
        #expect(petNames(owner.pets) == ["d", "e"])
        try realm.write { owner.pets.insert(contentsOf: [Pet(value: ["name": "x"]), Pet(value: ["name": "y"])], at: 1) }
        #expect(petNames(owner.pets) == ["d", "x", "y", "e"])
        try realm.write { owner.pets.removeSubrange(1...2) }
        #expect(petNames(owner.pets) == ["d", "e"])
        try realm.write { owner.pets.insert(contentsOf: [Pet(value: ["name": "z"])], at: 2) }
        try realm.write { owner.pets[0..<2] = owner.pets[2..<3] }
        #expect(petNames(owner.pets) == ["z", "z"])
        #expect(owner.pets[0..<1].map(\.name) == ["z"])
        try realm.write { owner.pets.removeLast(2) }
        #expect(owner.pets.isEmpty)
        #expect(realm.objects(Pet.self).count == 9, "removing from a list keeps the linked objects")
    }

    @Test func unmanagedListIsAMutableCollection() {
        var list = List<Int>()
        list.append(objectsIn: [5, 3, 9, 1])
        list.sort()
        #expect(Array(list) == [1, 3, 5, 9])
        list.reverse()
        #expect(Array(list) == [9, 5, 3, 1])
        list.append(7)
        list[1..<3] = list[4..<5]
        #expect(Array(list) == [9, 7, 1, 7])
        list.removeLast()
        list.insert(contentsOf: [4, 4], at: 3)
        list.removeSubrange(..<1)
        list.removeLast(1)
        #expect(Array(list) == [7, 1, 4])
        #expect(list.firstIndex(of: 4) == 2)
    }

    @Test func removingMoreThanTheListHoldsTrapsWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            List<Int>().removeLast()
        }
        #expect(standardError(result).contains("It is not possible to remove more objects (1) from a list than it already contains (0)."))
        let first = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let list = List<Int>()
            list.append(objectsIn: [1, 2])
            list.removeFirst(3)
        }
        #expect(standardError(first).contains("It is not possible to remove more objects (3) from a list than it already contains (2)."))
        let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            List<Int>().removeFirst(-1)
        }
        #expect(standardError(negative).contains("Cannot pass a negative value for 'index'."))
    }

    @Test func mapMergeAndKeyValueSequence() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, [])
        try realm.write {
            owner.scores["ann"] = 1
            owner.scores["bob"] = 2
            owner.scores.merge([(key: "bob", value: 10), (key: "cy", value: 3)], uniquingKeysWith: +)
        }
        #expect(owner.scores.asKeyValueSequence().map { "\($0.key)=\($0.value)" } == ["ann=1", "bob=12", "cy=3"])
        let other = Map<String, Int>()
        other["ann"] = 5
        other["dee"] = 4
        try realm.write { owner.scores.merge(other) { current, _ in current } }
        var seen: [String: Int] = [:]
        for (key, value) in owner.scores.asKeyValueSequence() { seen[key] = value }
        #expect(seen == ["ann": 1, "bob": 12, "cy": 3, "dee": 4])
        let entries = Array(owner.scores)
        #expect(entries[0] == entries[0] && entries[0] != entries[1])
        let ones = Map<String, Int>()
        ones["x"] = 1
        #expect(Array(ones)[0] == entries[0], "entries compare by value, as in Realm")
        #expect(Set(entries).count == 4, "entries hash by key")
    }

    @Test func decimal128FromNumbersAndValues() throws {
        #expect(Decimal128(number: 42 as NSNumber) == 42)
        #expect(Decimal128(number: NSNumber(value: -7 as Int64)).stringValue == "-7")
        #expect(Decimal128(number: NSNumber(value: 2.5)) == Decimal128(2.5))
        #expect(Decimal128(number: NSNumber(value: UInt64.max)).stringValue == "18446744073709551615")
        #expect(Decimal128(number: NSNumber(value: true)) == 1)
        #expect(Decimal128(value: Int8(-3)) == -3)
        #expect(Decimal128(value: UInt64.max).stringValue == "18446744073709551615")
        #expect(Decimal128(value: Float(0.5)) == Decimal128(0.5))
        #expect(Decimal128(value: 1.25) == Decimal128(1.25))
        #expect(Decimal128(value: "12.50").stringValue == "12.50")
        #expect(Decimal128(value: Decimal(string: "3.14")!) == (try Decimal128(string: "3.14")))
        #expect(Decimal128(value: 9 as NSNumber) == 9)
        #expect(Decimal128(value: Decimal128(5)) == 5)
    }

    @Test func decimal128OfAnUnsupportedValueTrapsWithRealmsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Decimal128(value: [1, 2])
        }
        #expect(standardError(result).contains("to decimal128"))
        let text = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Decimal128(value: "twelve")
        }
        #expect(standardError(text).contains("Cannot convert value 'twelve' of type 'String' to decimal128"))
    }

    @Test func isEmptyAndRealmErrorOfACode() throws {
        let realm = try makeRealm()
        #expect(realm.isEmpty)
        try realm.write { realm.add(Pet(value: ["name": "a"])) }
        #expect(!realm.isEmpty)
        let error = Realm.Error(.fail)
        #expect(error.code == .fail && error == Realm.Error(.fail) && error != Realm.Error(.fileAccess))
        #expect(Realm.Error(.fail, userInfo: [NSLocalizedDescriptionKey: "boom"]).localizedDescription == "boom")
        #expect(throws: Realm.Error(.fail)) { try realm.write { throw Realm.Error(.fail) } }
    }

    @Test func aSeedFileIsCopiedWhenTheFileIsMissing() throws {
        let seedURL = try Temporary.fileURL("seed.realm", prefix: "seed")
        do {
            let seed = try Realm(configuration: Realm.Configuration(fileURL: seedURL, objectTypes: [Owner.self, Pet.self, Place.self]))
            try seed.write { seed.add(Owner(value: ["id": 7, "name": "seeded"])) }
        }
        let seedBytes = try Data(contentsOf: seedURL)
        let target = seedURL.deletingLastPathComponent().appendingPathComponent("app.realm")
        let config = Realm.Configuration(fileURL: target, objectTypes: [Owner.self, Pet.self, Place.self], seedFilePath: seedURL)
        do {
            let realm = try Realm(configuration: config)
            #expect(realm.object(ofType: Owner.self, forPrimaryKey: 7)?.name == "seeded")
            try realm.write { realm.add(Owner(value: ["id": 8])) }
        }
        do {
            let again = try Realm(configuration: config)
            #expect(again.objects(Owner.self).count == 2, "an existing file is not replaced by the seed")
        }
        #expect(try Data(contentsOf: seedURL) == seedBytes, "the seed itself is only read")
        let listing = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        #expect(!listing.contains { $0.contains(".seed-") }, "no temporary copy is left: \(listing)")
    }

    @Test func aSeedThatIsMissingOrNotAStoreFailsAndCreatesNothing() throws {
        let directory = try Temporary.fileURL("x", prefix: "seed-bad").deletingLastPathComponent()
        let target = directory.appendingPathComponent("app.realm")
        let missing = Realm.Configuration(fileURL: target, objectTypes: [Pet.self], seedFilePath: directory.appendingPathComponent("none.realm"))
        let missingError = #expect(throws: Realm.Error.self) { try Realm(configuration: missing) }
        #expect(missingError?.code == .fileNotFound)
        let realmFile = directory.appendingPathComponent("bundled.realm")
        try (Data(repeating: 0, count: 16) + Data("T-DB".utf8)).write(to: realmFile)
        let sdkFile = Realm.Configuration(fileURL: target, objectTypes: [Pet.self], seedFilePath: realmFile)
        let sdkError = #expect(throws: Realm.Error.self) { try Realm(configuration: sdkFile) }
        #expect(sdkError?.code == .invalidDatabase)
        #expect(sdkError?.localizedDescription.contains("realm-import") == true)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func anObjectGraphWithACycleIsAddedAndReleased() throws {
        let realm = try makeRealm([CircleNode.self])
        weak var weakFirst: CircleNode?
        weak var weakSecond: CircleNode?
        do {
            let first = CircleNode(value: ["name": "a"])
            let second = CircleNode(value: ["name": "b", "next": first, "ring": [first]])
            first.next = second
            first.ring.append(second)
            first.bag.insert(first)
            weakFirst = first
            weakSecond = second
            try realm.write { realm.add(first) }
            #expect(first.realm != nil && second.realm != nil)
            #expect(first.next?.next?.name == "a")
            #expect(realm.objects(CircleNode.self).count == 2)
        }
        #expect(weakFirst == nil && weakSecond == nil, "managed objects no longer hold each other")
    }

    @Test func descriptionsStopAtRealmsDepthAndShowCollectionsAsRealmDoes() throws {
        let node = CircleNode(value: ["name": "a"])
        node.ring.append(node)
        node.bag.insert(node)
        let text = node.description
        let collection = "<0x[0-9a-f]+> \\("
        #expect(text.hasPrefix("CircleNode {\n\tname = a;\n\tnext = (null);\n\tring = List<CircleNode> <0x"))
        #expect(text.contains("\t\t\t\t\tring = <Maximum depth exceeded>;\n\t\t\t\t\tbag = <Maximum depth exceeded>;\n\t\t\t\t}"))
        #expect(text.hasSuffix("\n\t\t}\n\t);\n}"))
        #expect(text.range(of: "List<CircleNode> " + collection, options: .regularExpression) != nil)
        let list = List<Int?>()
        list.append(objectsIn: [1, nil, 3])
        #expect(list.description.range(of: "^List<int> <0x[0-9a-f]+> \\(\n\t\\[0\\] 1,\n\t\\[1\\] <null>,\n\t\\[2\\] 3\n\\)$",
                                       options: .regularExpression) != nil, "\(list.description)")
        let many = List<Int>()
        many.append(objectsIn: 0..<103)
        #expect(many.description.hasSuffix("\t[99] 99\n\t... 3 objects skipped.\n)"))
        let map = Map<String, Int>()
        map["b"] = 2
        map["a"] = 1
        #expect(map.description.range(of: "^Map<string, int> <0x[0-9a-f]+> \\(\n\\[a\\]: 1,\n\\[b\\]: 2\n\\)$",
                                      options: .regularExpression) != nil, "\(map.description)")
    }

    @Test func createWithoutAValueKeepsLinkDefaultsAndUnsetMixedReadsAsNil() throws {
        let realm = try makeRealm([DefaultLinkHolder.self, Pet.self])
        let created = try realm.write { realm.create(DefaultLinkHolder.self) }
        #expect(created.pet?.name == "default pet", "create takes a link default as add does")
        #expect(created.nothing == nil)
        let added = DefaultLinkHolder()
        try realm.write { realm.add(added) }
        #expect(added.pet?.name == "default pet")
        #expect(realm.objects(Pet.self).count == 2)
        #expect(created.value(forKey: "anything") == nil, "an unset mixed value reads as nil through key-value coding")
        try realm.write { created.anything = .int(5) }
        #expect(created.value(forKey: "anything") as? AnyRealmValue == .int(5))
    }

    @Test func aThreadsRealmsOfOneConfigurationShareTheOpenWriteTransaction() throws {
        let config = Realm.Configuration(fileURL: try Temporary.fileURL("shared.realm", prefix: "cached-realm"))
        let first = try Realm(configuration: config)
        first.beginWrite()
        let second = try Realm(configuration: config)
        #expect(second.isInWriteTransaction)
        second.create(FirstUsedInWrite.self, value: ["value": 3])
        try first.commitWrite()
        #expect(try Realm(configuration: config).objects(FirstUsedInWrite.self).map(\.value) == [3])
    }

    @Test func distinctThroughANilLink() throws {
        let realm = try makeRealm()
        try realm.write {
            realm.add(Owner(value: ["id": 1, "best": ["name": "Rex"]]))
            realm.add(Owner(value: ["id": 2]))
            realm.add(Owner(value: ["id": 3]))
            realm.add(Owner(value: ["id": 4, "best": ["name": "Rex"]]))
        }
        let owners = realm.objects(Owner.self)
        #expect(owners.distinct(by: ["best.name"]).map(\.id) == [1, 2])
        #expect(owners.filter("id > 0").distinct(by: ["best.name"]).map(\.id) == [1, 2])
        let list = try #require(owners.first).pets
        try realm.write { list.append(objectsIn: [Pet(value: ["name": "a"]), Pet(value: ["name": "a"])]) }
        #expect(AnyRealmCollection(list).distinct(by: ["name"]).count == 1)
    }

    @Test func aggregatesAsNSNumber() throws {
        let realm = try makeRealm()
        try realm.write {
            realm.add(Pet(value: ["name": "a", "age": 2, "weight": 1.5]))
            realm.add(Pet(value: ["name": "b", "age": 5, "weight": 2.5]))
        }
        let pets = realm.objects(Pet.self)
        let smallest: NSNumber? = pets.min(ofProperty: "age")
        let largest: NSNumber? = pets.max(ofProperty: "weight")
        let total: NSNumber = pets.sum(ofProperty: "age")
        let mean: NSNumber? = pets.average(ofProperty: "weight")
        #expect(smallest?.intValue == 2 && largest?.doubleValue == 2.5 && total.intValue == 7 && mean?.doubleValue == 2.0)
        let none: NSNumber? = pets.filter("age > 10").min(ofProperty: "age")
        #expect(none == nil)
    }

    @Test func replacingAnEmbeddedObjectInvalidatesTheOldOne() throws {
        let realm = try makeRealm([Owner.self, Pet.self, Place.self, Traveller.self, Lodge.self])
        let traveller = Traveller()
        let lodge = Lodge()
        try realm.write {
            realm.add(traveller)
            realm.add(lodge)
            traveller.stops.append(Place(value: ["city": "Oslo"]))
            lodge.rooms["a"] = Place(value: ["city": "Bergen"])
        }
        let oldStop = traveller.stops[0]
        let oldRoom = try #require(lodge.rooms["a"] ?? nil)
        try realm.write {
            traveller.stops[0] = Place(value: ["city": "Rome"])
            lodge.rooms["a"] = Place(value: ["city": "Paris"])
        }
        #expect(oldStop.isInvalidated && oldRoom.isInvalidated)
        #expect(traveller.stops[0].city == "Rome" && lodge.rooms["a"]??.city == "Paris")
        #expect(realm.objects(Traveller.self).count == 1)
    }

    @Test func openingAFileWhoseParentIsAFileIsFileOperationFailed() throws {
        let parent = try Temporary.fileURL("plain", prefix: "parent-file")
        try Data("x".utf8).write(to: parent)
        let error = #expect(throws: Realm.Error.self) {
            try Realm(configuration: Realm.Configuration(fileURL: parent.appendingPathComponent("a.realm"), objectTypes: [Pet.self]))
        }
        #expect(error?.code == .fileOperationFailed, "\(String(describing: error))")
        #expect(error?.localizedDescription.contains("SQLite") == false)
    }

    @Test func nestedCollectionsInAMixedValueAreReadWrittenAndReassigned() throws {
        let realm = try makeRealm()
        let owner = try makeOwner(realm, [])
        try realm.write { owner.extra = .fromArray([.int(1), .fromArray([.string("a")])]) }
        #expect(owner.extra.listValue?[0] == .int(1))
        #expect(owner.extra.listValue?[1].listValue?[0] == .string("a"))
        let nested = try #require(owner.extra.listValue?[1].listValue)
        try realm.write {
            owner.extra.listValue?.append(.int(2))
            nested.append(.string("b"))
            owner.extra.listValue?[1].listValue?.insert(.string("z"), at: 0)
        }
        #expect(owner.extra.listValue?.count == 3 && owner.extra.listValue?[2] == .int(2))
        #expect(owner.extra.listValue?[1].listValue.map { Array($0) } == [.string("z"), .string("a"), .string("b")],
                "a nested list kept after its outer value was released still writes to the store")
        let other = try openRealmOnAnotherThreadCount(realm, owner)
        #expect(other == 3, "the change reached the store")
        try realm.write { owner.extra = .fromDictionary(["k": .fromArray([.bool(true)])]) }
        #expect(owner.extra.dictionaryValue?["k"]?.listValue?[0] == .bool(true))
        try realm.write {
            owner.extra.dictionaryValue?["k"]?.listValue?.append(.int(7))
            owner.extra.dictionaryValue?["n"] = .fromDictionary(["x": .int(9)])
        }
        #expect(owner.extra.dictionaryValue?["k"]?.listValue?.count == 2)
        #expect(owner.extra.dictionaryValue?["n"]?.dictionaryValue?["x"] == .int(9))
        try realm.write { owner.extra = .fromArray([]) }
        #expect(owner.extra.listValue?.isEmpty == true)
    }

    /// Generic code over Realm's values relies on them being Hashable, as Realm Swift's are.
    private func distinctCount<C: RealmCollection>(_ collection: C) -> Int { Set(collection).count }

    @Test func realmCollectionValuesAreHashable() throws {
        let list = List<Int?>()
        list.append(objectsIn: [1, nil, 1, 2])
        #expect(distinctCount(list) == 3)
        let realm = try makeRealm()
        let owner = try makeOwner(realm, ["a", "b"])
        #expect(distinctCount(owner.pets) == 2 && distinctCount(AnyRealmCollection(owner.pets)) == 2)
        let values: Set<AnyRealmValue> = [.int(1), .string("x"), .int(1)]
        #expect(values.count == 2)
        #expect(Set(owner.scores.map { $0 }).count == owner.scores.count)
    }

    /// The length of `owner`'s mixed list as another thread's Realm of the same file reads it.
    private func openRealmOnAnotherThreadCount(_ realm: Realm, _ owner: Owner) throws -> Int {
        let url = try #require(realm.configuration.fileURL)
        let counts = Collected<Int>()
        onNewThread {
            let other = try! openRealm(url)
            counts.append(other.object(ofType: Owner.self, forPrimaryKey: 1)?.extra.listValue?.count ?? -1)
        }
        return counts.values[0]
    }
}

final class Lodge: Object {
    @Persisted var rooms: Map<String, Place?>
}
