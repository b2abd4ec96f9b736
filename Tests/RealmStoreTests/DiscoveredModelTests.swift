import Foundation
import RealmStore
import TestSupport
import Testing

/// `Item` as a program first stored it: a string `name`.
final class ItemWithText: Object {
    @Persisted var name = ""

    override class func className() -> String { "Item" }

    override class func persistedProperties() -> [PersistedProperty] { [PersistedProperty("name", \ItemWithText.name)] }
}

/// `Item` after the program changed the type of `name` without a migration.
final class ItemWithNumber: Object {
    @Persisted var name = 0

    override class func className() -> String { "Item" }

    override class func persistedProperties() -> [PersistedProperty] { [PersistedProperty("name", \ItemWithNumber.name)] }
}

/// Model types found by use (`objectTypes` nil) whose stored model has changed: a migration
/// error, not a trap on the first read (docs/migrations.md). Each test runs in a process of
/// its own, since the types a program has used are process-wide.
@Suite struct DiscoveredModelTests {
    @Test func openingWithAChangedPropertyTypeFailsAndLeavesTheFile() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let url = try Temporary.fileURL("item.realm", prefix: "discovered")
            do {
                let realm = try Realm(configuration: Realm.Configuration(fileURL: url))
                try realm.write { realm.add(ItemWithText(value: ["name": "one"])) }
            }
            let before = try Data(contentsOf: url)
            // The program now uses the changed model (here in another file, to use it at all).
            let other = try Realm(configuration: Realm.Configuration(
                fileURL: try Temporary.fileURL("other.realm", prefix: "discovered"), objectTypes: [Place.self]))
            _ = other.objects(ItemWithNumber.self).count
            do {
                _ = try Realm(configuration: Realm.Configuration(fileURL: url))
                print("opened")
            } catch {
                print(message(error))
            }
            print(try Data(contentsOf: url) == before ? "unchanged" : "changed")
        }
        #expect(String(decoding: result?.standardOutputContent ?? [], as: UTF8.self) == """
            Migration is required due to the following errors:
            - Property 'Item.name' has been changed from 'string' to 'int'.
            unchanged

            """)
    }

    @Test func aChangedModelFirstUsedAfterTheOpenIsAMigrationError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let url = try Temporary.fileURL("item.realm", prefix: "discovered")
            do {
                let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [ItemWithText.self]))
                try realm.write { realm.add(ItemWithText(value: ["name": "one"])) }
            }
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url))
            _ = realm.objects(ItemWithNumber.self).first?.name
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Migration is required due to the following errors:\n- Property 'Item.name' has been changed from 'string' to 'int'."))
    }
}
