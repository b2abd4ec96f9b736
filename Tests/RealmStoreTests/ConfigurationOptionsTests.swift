import Foundation
import RealmStore
import TestSupport
import Testing

private let models: [ObjectBase.Type] = [Owner.self, Pet.self, Place.self]

/// An identifier no other test uses.
private func uniqueIdentifier() -> String { "memory-\(UUID().uuidString)" }

/// `inMemoryIdentifier`, `readOnly`, `deleteRealmIfMigrationNeeded`, `Realm.deleteFiles(for:)`
/// and `Realm.Error`, as in Realm Swift.
@Suite struct ConfigurationOptionsTests {
    @Test func fileURLAndInMemoryIdentifierExcludeEachOther() throws {
        var configuration = Realm.Configuration(fileURL: try makeRealmURL(), inMemoryIdentifier: "a")
        #expect(configuration.fileURL == nil && configuration.inMemoryIdentifier == "a")
        configuration.fileURL = URL(fileURLWithPath: "/tmp/x.realm")
        #expect(configuration.inMemoryIdentifier == nil && configuration.fileURL?.path == "/tmp/x.realm")
    }

    @Test func anInMemoryRealmIsSharedByItsIdentifierAcrossThreadsAndGoneWithTheLastRealm() throws {
        let identifier = uniqueIdentifier()
        let configuration = Realm.Configuration(inMemoryIdentifier: identifier, objectTypes: models)
        var path = ""
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write { realm.add(Owner(value: ["id": 1, "name": "kept"])) }
            let other = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: uniqueIdentifier(), objectTypes: models))
            #expect(other.objects(Owner.self).isEmpty)
            #expect(realm != other)
            let seen = Collected<String>()
            onNewThread {
                let there = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: identifier, objectTypes: models))
                seen.append(there.objects(Owner.self).first?.name ?? "none")
                try! there.write { there.add(Owner(value: ["id": 2, "name": "from thread"])) }
            }
            #expect(seen.values == ["kept"])
            realm.refresh()
            #expect(realm.objects(Owner.self).count == 2)
            path = realm.store.path
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(!path.hasPrefix(FileManager.default.currentDirectoryPath))
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the last Realm's end deletes the store")
        let again = try Realm(configuration: configuration)
        #expect(again.objects(Owner.self).isEmpty, "a new Realm of the identifier starts empty")
    }

    @Test func aFrozenInMemoryRealmKeepsItsStoreAlive() throws {
        let configuration = Realm.Configuration(inMemoryIdentifier: uniqueIdentifier(), objectTypes: models)
        let frozen: Realm
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write { realm.add(Owner(value: ["id": 1])) }
            frozen = realm.freeze()
        }
        #expect(frozen.objects(Owner.self).count == 1)
        #expect(try Realm(configuration: configuration).objects(Owner.self).count == 1)
    }

    @Test func theFirstInMemoryRealmOfAProcessRemovesTheStoresOfEndedProcesses() async {
        await #expect(processExitsWith: .success) {
            let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
            // A process id no running process has (above Linux's largest pid_max).
            let stale = temporary + "realm-tools-memory-2147483000"
            try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: URL(fileURLWithPath: stale + "/memory-1.realm"))
            let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "fresh", objectTypes: models))
            guard !FileManager.default.fileExists(atPath: stale),
                  realm.store.path.hasPrefix(temporary + "realm-tools-memory-\(getpid())/") else { exit(1) }
        }
    }

    @Test func aReadOnlyRealmReadsAnExistingFile() throws {
        let url = try makeRealmURL()
        do {
            let realm = try openRealm(url)
            try realm.write { realm.add(Owner(value: ["id": 1, "name": "stored"])) }
        }
        let before = try Data(contentsOf: url)
        let readOnly = Realm.Configuration(fileURL: url, readOnly: true, objectTypes: models)
        let realm = try Realm(configuration: readOnly)
        #expect(realm.configuration.readOnly)
        #expect(realm.objects(Owner.self).first?.name == "stored")
        #expect(try Data(contentsOf: url) == before)
        onNewThread {
            let writer = try! openRealm(url)
            try! writer.write { writer.add(Owner(value: ["id": 2])) }
        }
        #expect(realm.refresh() && realm.objects(Owner.self).count == 2, "other threads may write the file")
        let mixed = #expect(throws: Realm.Error.self) { try openRealm(url) }
        #expect(mixed?.localizedDescription == "Realm at path '\(realm.store.path)' already opened with different read permissions.")
    }

    @Test func aReadOnlyRealmOfAMissingFileThrowsFileNotFound() throws {
        let url = try makeRealmURL()
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: models))
            Issue.record("opened a missing file")
        } catch Realm.Error.fileNotFound {
            // as in Realm
        }
        let error = #expect(throws: Realm.Error.self) {
            try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: models))
        }
        #expect(error?.code == .fileNotFound && error?.fileURL?.path == url.path)
        #expect(error?.errorCode == 5)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing was created")
    }

    @Test func aReadOnlyRealmWithAModelTheFileLacksIsASchemaMismatch() throws {
        let url = try makeRealmURL()
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Place.self]))
        }
        let error = #expect(throws: Realm.Error.self) {
            try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: models))
        }
        #expect(error?.code == .schemaMismatch)
        #expect(error?.localizedDescription.contains("read-only") == true)
    }

    @Test func writingAReadOnlyRealmTraps() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let url = try makeRealmURL()
            do {
                let realm = try openRealm(url)
                try realm.write { realm.add(Owner(value: ["id": 1])) }
            }
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: models))
            try realm.write { realm.add(Owner(value: ["id": 2])) }
        }
        #expect(standardError(result).contains("Can't perform transactions on read-only Realms."))
    }

    @Test func deleteRealmIfMigrationNeededStartsAfreshInsteadOfMigrating() throws {
        let url = try makeRealmURL()
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Pet.self, Owner.self, Place.self]))
            try realm.write { realm.add(Pet(value: ["name": "Rex", "age": 3])) }
        }
        var configuration = Realm.Configuration(fileURL: url, deleteRealmIfMigrationNeeded: true, objectTypes: [PetV2.self])
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(PetV2.self).isEmpty, "the file was deleted, not migrated")
        try realm.write { realm.add(PetV2(value: ["name": "Ada", "age": "two"])) }
        configuration.objectTypes = [PetV2.self]
        #expect(try Realm(configuration: configuration).objects(PetV2.self).count == 1, "no migration needed: kept")
    }

    @Test func deleteRealmIfMigrationNeededDeletesOnAnotherSchemaVersion() throws {
        let url = try makeRealmURL()
        try autoreleasingWrite(url, schemaVersion: 1)
        let configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, deleteRealmIfMigrationNeeded: true, objectTypes: models)
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(Owner.self).isEmpty)
        #expect(realm.store.schema.schemaVersion == 2)
    }

    @Test func withoutDeleteRealmIfMigrationNeededTheFileStays() throws {
        let url = try makeRealmURL()
        try autoreleasingWrite(url, schemaVersion: 0)
        let error = #expect(throws: Realm.Error.self) {
            try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PetV2.self]))
        }
        #expect(error?.code == .schemaMismatch)
        #expect(try openRealm(url).objects(Owner.self).count == 1)
    }

    @Test func deleteFilesRemovesTheStoreUnlessItIsOpen() throws {
        let url = try makeRealmURL()
        let configuration = Realm.Configuration(fileURL: url, objectTypes: models)
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write { realm.add(Owner(value: ["id": 1])) }
            do {
                try Realm.deleteFiles(for: configuration)
                Issue.record("deleted an open Realm's files")
            } catch Realm.Error.alreadyOpen {
                // as in Realm
            }
        }
        #expect(try Realm.deleteFiles(for: configuration))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(try Realm.deleteFiles(for: configuration) == false)
        #expect(try Realm(configuration: configuration).objects(Owner.self).isEmpty)
    }

    @Test func errorCodesHaveRealmsRawValues() {
        #expect(Realm.Error.Code.fail.rawValue == 1 && Realm.Error.Code.fileNotFound.rawValue == 5)
        #expect(Realm.Error.Code.schemaMismatch.rawValue == 10 && Realm.Error.Code.invalidDatabase.rawValue == 20)
        #expect(Realm.Error.fileExists == .fileExists)
    }

    @Test func aFileThatIsNotAStoreIsAnInvalidDatabase() throws {
        let url = try makeRealmURL()
        try Data("not a store at all, just some text long enough".utf8).write(to: url)
        let error = #expect(throws: Realm.Error.self) { try openRealm(url) }
        #expect(error?.code == .invalidDatabase)
    }

    @Test func aFileInAMissingDirectoryIsNotFoundAsInRealmCore() throws {
        let url = try makeRealmURL().deletingLastPathComponent().appendingPathComponent("missing/deeper/x.realm")
        let error = #expect(throws: Realm.Error.self) { try openRealm(url) }
        #expect(error?.code == .fileNotFound, "\(String(describing: error))")
        #expect(error?.fileURL?.path == url.path)
        #expect(error?.underlying != nil)
    }

    /// Writes one owner into `url` with `schemaVersion`, closing the Realm again.
    private func autoreleasingWrite(_ url: URL, schemaVersion: UInt64) throws {
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, schemaVersion: schemaVersion, objectTypes: models))
        try realm.write { realm.add(Owner(value: ["id": 1])) }
    }
}
