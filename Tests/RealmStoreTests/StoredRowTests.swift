import Foundation
import RealmEngine
import RealmStore
import Testing

/// A model with a property of every single-valued type, for the lazily decoded rows.
final class RowTypes: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var flag = false
    @Persisted var float: Float = 0
    @Persisted var double = 0.0
    @Persisted var text = ""
    @Persisted var data = Data()
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var decimal = Decimal128(0)
    @Persisted var objectId = ObjectId("000000000000000000000000")
    @Persisted var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    @Persisted var mixed: AnyRealmValue
    @Persisted var optionalText: String?
    @Persisted var optionalDouble: Double?
    @Persisted var pet: Pet?
    @Persisted var place: Place?
    @Persisted var numbers: List<Int>

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("id", \RowTypes.id), PersistedProperty("flag", \RowTypes.flag),
            PersistedProperty("float", \RowTypes.float), PersistedProperty("double", \RowTypes.double),
            PersistedProperty("text", \RowTypes.text), PersistedProperty("data", \RowTypes.data),
            PersistedProperty("date", \RowTypes.date), PersistedProperty("decimal", \RowTypes.decimal),
            PersistedProperty("objectId", \RowTypes.objectId), PersistedProperty("uuid", \RowTypes.uuid),
            PersistedProperty("mixed", \RowTypes.mixed), PersistedProperty("optionalText", \RowTypes.optionalText),
            PersistedProperty("optionalDouble", \RowTypes.optionalDouble), PersistedProperty("pet", \RowTypes.pet),
            PersistedProperty("place", \RowTypes.place), PersistedProperty("numbers", \RowTypes.numbers),
        ]
    }
}

/// Objects keep their stored row undecoded and decode a property when it is read: every type
/// reads back as written, whether the row was read for the object alone, for a page of an
/// iteration (by key range or by a list of keys), after a write in the same Realm, or frozen.
@Suite struct StoredRowTests {
    /// The values object `i` is written with.
    func values(_ i: Int) -> [String: Any] {
        [
            "id": i, "flag": i % 2 == 0, "float": Float(i) + 0.5, "double": -Double(i) / 4,
            "text": "row \(i) – ünïcødé", "data": Data([UInt8(i % 256), 0, 255]),
            "date": Date(timeIntervalSince1970: 1_700_000_000.25 + Double(i)),
            "decimal": Decimal128(Int64(i * 1000 + 125)), "objectId": objectId(i),
            "uuid": UUID(uuidString: String(format: "12345678-1234-1234-1234-%012x", i))!,
            "mixed": i % 3 == 0 ? AnyRealmValue.string("m\(i)") : i % 3 == 1 ? .double(Double(i)) : .none,
            "optionalText": i % 2 == 0 ? "t\(i)" : NSNull(), "optionalDouble": i % 2 == 0 ? NSNull() : Double(i) * 1.5,
            "numbers": [i, i + 1],
        ]
    }

    func objectId(_ i: Int) -> ObjectId {
        ObjectId(bytes: [0x65, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18, 0, UInt8(i / 256), UInt8(i % 256)])!
    }

    /// Whether `object` holds what `values(i)` wrote (with `text` as given).
    func check(_ object: RowTypes, _ i: Int, text: String? = nil) {
        #expect(object.id == i)
        #expect(object.flag == (i % 2 == 0))
        #expect(object.float == Float(i) + 0.5)
        #expect(object.double == -Double(i) / 4)
        #expect(object.text == text ?? "row \(i) – ünïcødé")
        #expect(object.data == Data([UInt8(i % 256), 0, 255]))
        #expect(object.date == Date(timeIntervalSince1970: 1_700_000_000.25 + Double(i)))
        #expect(object.decimal == Decimal128(Int64(i * 1000 + 125)))
        #expect(object.objectId == objectId(i))
        #expect(object.uuid == UUID(uuidString: String(format: "12345678-1234-1234-1234-%012x", i))!)
        switch (i % 3, object.mixed) {
        case (0, .string(let s)): #expect(s == "m\(i)")
        case (1, .double(let d)): #expect(d == Double(i))
        case (2, .none): break
        default: Issue.record("mixed of \(i) is \(object.mixed)")
        }
        #expect(object.optionalText == (i % 2 == 0 ? "t\(i)" : nil))
        #expect(object.optionalDouble == (i % 2 == 0 ? nil : Double(i) * 1.5))
        #expect(object.pet?.name == "pet \(i)")
        #expect(object.place?.city == "city \(i)")
        #expect(Array(object.numbers) == [i, i + 1])
    }

    func realm(count: Int) throws -> Realm {
        let realm = try makeRealm([RowTypes.self, Pet.self, Place.self, Owner.self])
        try realm.write {
            for i in 0..<count {
                let object = realm.create(RowTypes.self, value: values(i))
                object.pet = realm.create(Pet.self, value: ["name": "pet \(i)"])
                object.place = Place(value: ["city": "city \(i)"])
            }
        }
        return realm
    }

    @Test func everyTypeReadsBackFromAnObjectsOwnRow() throws {
        let realm = try realm(count: 3)
        for i in 0..<3 { check(realm.object(ofType: RowTypes.self, forPrimaryKey: i)!, i) }
    }

    /// Iterations in a write transaction (where writes in the loop must not move what is
    /// iterated) read a snapshot of the keys, then their rows a page at a time.
    @Test func iterationReadsPagesByKeyRangeAndByKeyList() throws {
        let realm = try realm(count: 300)
        realm.beginWrite()
        defer { realm.cancelWrite() }
        let inOrder = realm.objects(RowTypes.self)
        let (ids, log) = realm.store.logStatements { inOrder.map { check($0, $0.id); return $0.id } }
        #expect(ids == Array(0..<300))
        #expect(log.statements.contains { $0.contains("BETWEEN") })
        #expect(!log.statements.contains { $0.contains("json_each") })
        // Descending keys are read through a list of keys.
        let reversed = realm.objects(RowTypes.self).sorted(byKeyPath: "id", ascending: false)
        let (reversedIDs, reversedLog) = realm.store.logStatements { reversed.map { check($0, $0.id); return $0.id } }
        #expect(reversedIDs == Array((0..<300).reversed()))
        #expect(reversedLog.statements.contains { $0.contains("json_each") })
    }

    @Test func aKeyRangeSkipsTheRowsBetweenTheKeysOfAPage() throws {
        let realm = try realm(count: 12)
        realm.beginWrite()
        defer { realm.cancelWrite() }
        // Ascending keys close together: read as the range 1...10, rows 3, 4, 6, 7, 8 left out.
        let some = realm.objects(RowTypes.self).filter("id IN {1, 2, 5, 9, 10}")
        let (ids, log) = realm.store.logStatements { some.map { check($0, $0.id); return $0.id } }
        #expect(ids == [1, 2, 5, 9, 10])
        #expect(log.statements.contains { $0.contains("BETWEEN") })
        // Keys far apart: a list of keys.
        let far = realm.objects(RowTypes.self).filter("id IN {0, 11}")
        let (farIDs, farLog) = realm.store.logStatements { far.map { check($0, $0.id); return $0.id } }
        #expect(farIDs == [0, 11])
        #expect(farLog.statements.contains { $0.contains("json_each") })
    }

    @Test func aWriteInTheSameRealmIsReadAfterTheRowWas() throws {
        let realm = try realm(count: 2)
        let objects = Array(realm.objects(RowTypes.self))
        check(objects[0], 0)
        try realm.write {
            objects[0].text = "changed"
            objects[1].optionalText = "now set"
            objects[1].mixed = .int(7)
        }
        check(objects[0], 0, text: "changed")
        #expect(objects[1].optionalText == "now set")
        guard case .int(7) = objects[1].mixed else { Issue.record("mixed is \(objects[1].mixed)"); return }
    }

    @Test func aFrozenRealmDecodesItsVersionsRows() throws {
        let realm = try realm(count: 3)
        let frozen = realm.freeze()
        try realm.write { realm.object(ofType: RowTypes.self, forPrimaryKey: 1)!.text = "live" }
        for object in frozen.objects(RowTypes.self) { check(object, object.id) }
        check(frozen.object(ofType: RowTypes.self, forPrimaryKey: 1)!, 1)
        check(realm.object(ofType: RowTypes.self, forPrimaryKey: 1)!, 1, text: "live")
    }
}

/// Each thread's Realm has a connection of its own, with a page cache of 2 MiB (a `Store`
/// opens with 64 MiB, for imports).
@Suite struct RealmPageCacheTests {
    @Test func aRealmsConnectionUsesTwoMebibytes() throws {
        let realm = try makeRealm()
        #expect(try realm.store.pageCacheKibibytes() == 2_048)
        let store = try Store(path: realm.configuration.fileURL!.path)
        #expect(try store.pageCacheKibibytes() == 65_536)
    }
}
