import Foundation
import RealmEngine
@testable import RealmStore
import Testing

/// Every generated type written through the typed API, read back from the file by a new
/// Realm and by the dynamic store.
@Suite struct RoundTripTests {
    static let oid = ObjectId("65a1b2c3d4e5f60718293a4b")
    static let uuid = UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!
    static let date = Date(timeIntervalSince1970: 1_706_693_400.5)

    func write(_ url: URL, _ body: (Realm) throws -> Void) throws {
        let realm = try Realm(configuration: TestRealms.configuration(url))
        try realm.write { try body(realm) }
    }

    @Test func allTypes() throws {
        let url = try TestRealms.path()
        try write(url) { realm in
            let all = AllTypes()
            all.id = 1
            all.boolValue = true; all.intValue = -5; all.int8Value = -8; all.int16Value = 16; all.int32Value = 32
            all.int64Value = .max; all.floatValue = 1.5; all.doubleValue = -0.25; all.stringValue = "héllo"
            all.dataValue = Data([1, 2, 3]); all.dateValue = Self.date; all.decimalValue = "12.34"
            all.objectIdValue = Self.oid; all.uuidValue = Self.uuid; all.mixedValue = .string("mixed")
            all.optInt = 7; all.optString = "opt"; all.optDate = Self.date; all.optUuid = Self.uuid
            all.boolList.append(objectsIn: [true, false]); all.intList.append(objectsIn: [3, 1, 2])
            all.int8Set.insert(objectsIn: [1, 1, 2]); all.floatMap["a"] = 1.25
            all.stringList.append("x"); all.dataList.append(Data([9])); all.dateSet.insert(Self.date)
            all.decimalMap["d"] = "0.5"; all.objectIdList.append(Self.oid); all.uuidSet.insert(Self.uuid)
            all.mixedList.append(objectsIn: [.int(1), .string("two"), .none])
            all.mixedSet.insert(.bool(true)); all.mixedMap["k"] = .double(2.5)
            all.optIntList.append(objectsIn: [nil, 4]); all.optStringSet.insert(nil); all.optDateMap["n"] = .some(nil)
            all.optDoubleList.append(1.5); all.optObjectIdMap["o"] = Self.oid
            realm.add(all)
            realm.add(StringKeyed(value: ["code": "A", "owner": all, "byName": ["self": ["code": "B"]]]))
        }
        let realm = try Realm(configuration: TestRealms.configuration(url))
        let all = try #require(realm.object(ofType: AllTypes.self, forPrimaryKey: 1))
        #expect(all.boolValue && all.intValue == -5 && all.int8Value == -8 && all.int16Value == 16 && all.int32Value == 32)
        #expect(all.int64Value == .max && all.floatValue == 1.5 && all.doubleValue == -0.25 && all.stringValue == "héllo")
        #expect(all.dataValue == Data([1, 2, 3]) && all.dateValue == Self.date && all.decimalValue == "12.34")
        #expect(all.objectIdValue == Self.oid && all.uuidValue == Self.uuid && all.mixedValue == .string("mixed"))
        #expect(all.optInt == 7 && all.optString == "opt" && all.optBool == nil && all.optDate == Self.date && all.optUuid == Self.uuid)
        #expect(Array(all.boolList) == [true, false] && Array(all.intList) == [3, 1, 2])
        #expect(Array(all.int8Set).sorted() == [1, 2] && all.floatMap["a"] == 1.25)
        #expect(Array(all.stringList) == ["x"] && Array(all.dataList) == [Data([9])] && Array(all.dateSet) == [Self.date])
        #expect(all.decimalMap["d"] == "0.5" && Array(all.objectIdList) == [Self.oid] && Array(all.uuidSet) == [Self.uuid])
        #expect(Array(all.mixedList) == [.int(1), .string("two"), .none])
        #expect(Array(all.mixedSet) == [.bool(true)] && all.mixedMap["k"] == .double(2.5))
        #expect(Array(all.optIntList) == [nil, 4] && Array(all.optStringSet) == [nil] && all.optDateMap["n"] == .some(nil))
        #expect(Array(all.optDoubleList) == [1.5] && all.optObjectIdMap["o"] == Self.oid)
        let keyed = try #require(realm.object(ofType: StringKeyed.self, forPrimaryKey: "A"))
        #expect(keyed.owner == all)
        #expect(keyed.byName["self"]??.code == "B")
        // The dynamic store reads the same file.
        let store = try Store(path: url.path)
        let key = try #require(try store.object("AllTypes", primaryKey: 1))
        #expect(try store.get(key, "int64Value") == .int(.max))
        #expect(try store.get(key, "intList") == .list([3, 1, 2]))
    }

    @Test func peopleAndDogs() throws {
        let url = try TestRealms.path()
        let personID = ObjectId.generate()
        try write(url) { realm in
            let person = Person()
            person._id = personID
            person.name = "Ada"
            person.age = 36
            person.nicknames.insert("A")
            person.scores["math"] = 10
            person.dogs.append(Dog(value: ["_id": Self.uuid, "name": "Rex"]))
            person.address = Address(value: ["street": "Main", "city": "Oslo"])
            person.bestFriend = person
            person.extra = .list(List(elements: [.int(1), .dictionary(Map(entries: ["x": .bool(true)]))]))
            person.status = .retired
            person.bio = "bio"
            person.createdAt = Self.date
            realm.add(person)
            realm.create(Reading.self, value: ["_id": Self.oid, "value": 1.5])
        }
        let realm = try Realm(configuration: TestRealms.configuration(url))
        let person = try #require(realm.object(ofType: Person.self, forPrimaryKey: personID))
        #expect(person.name == "Ada" && person.age == 36 && Array(person.nicknames) == ["A"] && person.scores["math"] == 10)
        #expect(person.dogs.first?.name == "Rex" && person.dogs.first?.owners.first == person)
        #expect(person.address?.city == "Oslo" && person.bestFriend == person && person.status == .retired)
        #expect(person.bio == "bio" && person.createdAt == Self.date)
        #expect(person.extra.listValue?.count == 2)
        #expect(person.extra.listValue?[1].dictionaryValue?["x"] == .bool(true))
        #expect(try realm.store.outbox("Reading").count == 1)
        // mapTo: the stored column is created_at.
        #expect(realm.schema["Person"]?["createdAt"]?.columnName == "created_at")
    }

    @Test func shopModels() throws {
        let url = try TestRealms.path()
        try write(url) { realm in
            let product = Product(value: ["sku": "P1", "title": "Lamp"])
            let order = Order()
            order.number = 1
            order.customer = Person(value: ["name": "Bo"])
            order.lines.append(OrderLine(value: ["product": product, "quantity": 3, "unitPrice": Decimal128(2)]))
            order.notes["n"] = Note(value: ["text": "fragile"])
            order.featured.append(product)
            order.related.insert(order)
            order.shipTo = Address(value: ["street": "S", "city": "C"])
            order.stops.append(Address(value: ["street": "T", "city": "D"]))
            order.labels["home"] = Address(value: ["street": "U", "city": "E"])
            order.tags.append(objectsIn: [.gift, .express])
            order.placedAt = Self.date
            order.total = "6"
            realm.add(order)
            realm.create(Event.self, value: ["_id": Self.uuid, "order": order, "payload": "p", "at": Self.date])
        }
        let realm = try Realm(configuration: TestRealms.configuration(url))
        let order = try #require(realm.object(ofType: Order.self, forPrimaryKey: 1))
        #expect(order.customer?.name == "Bo")
        #expect(order.lines.first?.quantity == 3 && order.lines.first?.product?.sku == "P1")
        #expect(order.notes["n"]??.text == "fragile" && order.featured.first?.featuredIn.count == 1)
        #expect(Array(order.related) == [order] && order.shipTo?.city == "C" && order.stops.first?.city == "D")
        #expect(order.labels["home"]??.city == "E" && Array(order.tags) == [.gift, .express] && order.priority == .value2)
        #expect(order.placedAt == Self.date && order.total == "6")
        #expect(realm.objects(Note.self).count == 1 && realm.objects(Product.self).count == 1)
        #expect(try realm.store.outbox("Event").count == 1)
    }

    @Test func defaultsAreWrittenAsDeclared() throws {
        let url = try TestRealms.path()
        try write(url) { realm in
            realm.add(Defaults())
            realm.create(Defaults.self, value: ["count": 1])
        }
        let realm = try Realm(configuration: TestRealms.configuration(url))
        let all = realm.objects(Defaults.self)
        #expect(all.count == 2)
        for defaults in all {
            #expect(defaults.flag && defaults.tiny == 127 && defaults.text == "say \"hi\"\n\tbye \\ é")
            #expect(defaults.blob == Data([1, 2, 0xff]) && defaults.uid == UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89"))
            #expect(defaults.anyString == .string("hello") && defaults.mode == Defaults.Mode.none && defaults.level == .value2)
        }
        #expect(all.map(\.count) == [-42, 1])
    }
}
