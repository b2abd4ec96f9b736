import Foundation
import RealmStore
import TestSupport
import Testing

/// Realm Swift's migration API: `enumerateObjects(ofType:)` with `MigrationObject`s,
/// `create`, `delete`, `deleteData(forType:)`.
@Suite struct MigrationObjectTests {
    @Test func aMigrationBlockWrittenForRealmSwiftMigratesTheFile() throws {
        let url = try Temporary.fileURL("m.realm", prefix: "migration-object")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self]))
            try realm.write {
                realm.add(Pet(value: ["name": "Rex", "age": 3]))
                realm.add(Pet(value: ["name": "Old", "age": 15]))
                realm.add(Owner(value: ["id": 1, "name": "Ann", "best": ["name": "Bo", "age": 1]]))
            }
        }
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PetV2.self])
        configuration.migrationBlock = { migration, oldSchemaVersion in
            guard oldSchemaVersion < 1 else { return }
            migration.enumerateObjects(ofType: "Pet") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                let age = oldObject["age"] as? Int ?? 0
                if age > 10 {
                    migration.delete(newObject)
                    return
                }
                newObject["age"] = "\(age) years"
                newObject.name = (oldObject.name as? String ?? "") + "!"
            }
            migration.enumerateObjects(ofType: "Owner") { oldObject, _ in
                let best = oldObject?["best"] as? MigrationObject
                #expect(best?["name"] as? String == "Bo!", "a link reads as the new object")
            }
            migration.create("Pet", value: ["name": "Pup", "age": "0 years"])
        }
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(PetV2.self).map { "\($0.name) \($0.age)" }.sorted() == ["Bo! 1 years", "Pup 0 years", "Rex! 3 years"])
    }

    @Test func deleteDataForTypeEmptiesAClass() throws {
        let url = try Temporary.fileURL("d.realm", prefix: "migration-delete")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Pet.self]))
            try realm.write { realm.add(Pet(value: ["name": "Rex", "age": 3])) }
        }
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PetV2.self])
        nonisolated(unsafe) var deleted = false
        configuration.migrationBlock = { migration, _ in deleted = migration.deleteData(forType: "Pet") }
        let realm = try Realm(configuration: configuration)
        #expect(deleted && realm.objects(PetV2.self).isEmpty)
    }

    @Test func writingTheOldObjectTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let url = try Temporary.fileURL("t.realm", prefix: "migration-trap")
            do {
                let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Pet.self]))
                try realm.write { realm.add(Pet(value: ["name": "Rex", "age": 3])) }
            }
            var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PetV2.self])
            configuration.migrationBlock = { migration, _ in
                migration.enumerateObjects(ofType: "Pet") { oldObject, _ in oldObject?["name"] = "x" }
            }
            _ = try Realm(configuration: configuration)
        }
        #expect(standardError(result).contains("Cannot modify the old object of 'Pet' in a migration"))
    }
}
