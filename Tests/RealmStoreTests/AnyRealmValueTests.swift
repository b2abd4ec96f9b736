import Foundation
import RealmStore
import Testing

func mixedList(_ elements: [AnyRealmValue]) -> List<AnyRealmValue> {
    let list = List<AnyRealmValue>()
    list.append(objectsIn: elements)
    return list
}

/// `AnyRealmValue`: every case through the store, nested lists and dictionaries.
@Suite struct AnyRealmValueTests {
    @Test func everyCaseRoundTrips() throws {
        let realm = try makeRealm()
        let pet = Pet(value: ["name": "Rex"])
        let values: [AnyRealmValue] = [
            .none, .int(-3), .bool(true), .float(1.5), .double(2.25), .string("s"), .data(Data([1])),
            .date(Date(timeIntervalSince1970: 10)), .objectId(ObjectId("65a1b2c3d4e5f60718293a4b")),
            .decimal128("1.5"), .uuid(UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!), .object(pet),
            .list(mixedList([.int(1), .list(mixedList([.string("deep")]))])),
        ]
        let owner = Owner(value: ["id": 1])
        try realm.write { realm.add(owner) }
        for value in values {
            try realm.write { owner.extra = value }
            #expect(owner.extra == value, "\(value)")
        }
        let map = Map<String, AnyRealmValue>()
        map["k"] = .dictionary(Map())
        map["n"] = .int(7)
        try realm.write { owner.extra = .dictionary(map) }
        #expect(owner.extra.dictionaryValue?["n"] == .int(7))
        #expect(owner.extra.dictionaryValue?["k"]?.dictionaryValue?.count == 0)
        #expect(pet.realm == realm)
    }

    @Test func accessors() {
        #expect(AnyRealmValue.int(1).intValue == 1 && AnyRealmValue.string("a").stringValue == "a")
        #expect(AnyRealmValue.none.intValue == nil && AnyRealmValue.bool(true).boolValue == true)
        #expect(AnyRealmValue.double(1).doubleValue == 1 && AnyRealmValue.float(1).floatValue == 1)
    }
}
