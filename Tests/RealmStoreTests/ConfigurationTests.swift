import Foundation
import RealmStore
import TestSupport
import Testing

/// A later version of `Pet` whose `age` became a string.
final class PetV2: Object {
    @Persisted var name = ""
    @Persisted var age = ""

    override class func className() -> String { "Pet" }

    override class func persistedProperties() -> [PersistedProperty] {
        [PersistedProperty("name", \PetV2.name), PersistedProperty("age", \PetV2.age)]
    }
}

/// `Realm.Configuration`: files, schema versions and migrations, trap messages.
@Suite struct ConfigurationTests {
    @Test func migrationBlockRunsForAHigherSchemaVersion() throws {
        let url = try Temporary.fileURL("m.realm", prefix: "migrate")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self]))
            try realm.write { realm.add(Pet(value: ["name": "Rex", "age": 3])) }
        }
        let mismatch = #expect(throws: Realm.Error.self) {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PetV2.self]))
        }
        #expect(mismatch?.code == .schemaMismatch && mismatch?.underlying?.code == .migrationRequired)
        nonisolated(unsafe) var seenVersion: UInt64?
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PetV2.self])
        configuration.migrationBlock = { migration, oldSchemaVersion in
            seenVersion = oldSchemaVersion
            try? migration.enumerateObjects("Pet") { old, new in
                guard let new, case .int(let age)? = old["age"] else { return }
                try migration.store.set(new, "age", .value(.string("\(age) years")))
            }
        }
        let realm = try Realm(configuration: configuration)
        #expect(seenVersion == 0)
        #expect(realm.objects(PetV2.self).first?.age == "3 years")
        #expect(realm.configuration.schemaVersion == 1 && realm.configuration.fileURL == url)
    }

    @Test func typesAreAddedOnFirstUse() throws {
        let realm = try makeRealm([Place.self])
        try realm.write { realm.add(Pet(value: ["name": "Late"])) }
        #expect(realm.objects(Pet.self).count == 1)
        #expect(realm.schema["Owner"] != nil)
    }

    @Test func trapMessagesAreRealms() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            let owner = Owner()
            try realm.write { realm.add(owner) }
            owner.name = "outside"
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Attempting to modify object outside of a write transaction - call beginWriteTransaction on an RLMRealm instance first."))
        let primaryKey = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try makeRealm()
            let owner = Owner(value: ["id": 1])
            try realm.write { realm.add(owner) }
            try realm.write { owner.id = 2 }
        }
        let message = String(decoding: primaryKey?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Cannot modify primary key after creation: 'Owner.id'"))
    }
}
