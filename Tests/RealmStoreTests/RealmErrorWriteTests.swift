import Foundation
import RealmStore
import TestSupport
import Testing

/// `Realm.Error` from writes, `writeCopy` and `deleteFiles`, not only from opens: the file's
/// failures (a full disk, a read-only mount, a missing directory, an existing target) are
/// Realm's codes, with the store's error as `underlying`.
@Suite struct RealmErrorWriteTests {
    @Test func writeCopyCopiesWhatTheRealmReads() throws {
        let realm = try openRealm(try makeRealmURL())
        try realm.write { realm.add(Owner(value: ["id": 1, "name": "Ada", "pets": [["name": "Rex"]]])) }
        let copy = try Temporary.fileURL("copy.realm", prefix: "realm-copy")
        try realm.writeCopy(toFile: copy)
        let copied = try openRealm(copy)
        #expect(copied.objects(Owner.self).map(\.name) == ["Ada"])
        #expect(copied.object(ofType: Owner.self, forPrimaryKey: 1)?.pets.first?.name == "Rex")

        // Inside a write transaction the copy holds the uncommitted changes, as in Realm.
        realm.beginWrite()
        realm.add(Owner(value: ["id": 2, "name": "Bo"]))
        let during = try Temporary.fileURL("during.realm", prefix: "realm-copy")
        try realm.writeCopy(configuration: Realm.Configuration(fileURL: during))
        realm.cancelWrite()
        #expect(realm.objects(Owner.self).count == 1)
        #expect(try openRealm(during).objects(Owner.self).sorted(byKeyPath: "id").map(\.name) == ["Ada", "Bo"])
    }

    @Test func writeCopyToAnExistingFileIsFileExists() throws {
        let realm = try openRealm(try makeRealmURL())
        let target = try Temporary.fileURL("taken.realm", prefix: "realm-copy")
        try Data("keep me".utf8).write(to: target)
        let error = #expect(throws: Realm.Error.self) { try realm.writeCopy(toFile: target) }
        #expect(error?.code == .fileExists && error?.fileURL?.path == target.path)
        #expect(error?.localizedDescription == "File at path '\(target.path)' already exists")
        #expect(try Data(contentsOf: target) == Data("keep me".utf8))
    }

    @Test func writeCopyIntoAMissingDirectoryIsFileNotFound() throws {
        let realm = try openRealm(try makeRealmURL())
        let target = try makeRealmURL().deletingLastPathComponent().appendingPathComponent("missing/copy.realm")
        let error = #expect(throws: Realm.Error.self) { try realm.writeCopy(toFile: target) }
        #expect(error?.code == .fileNotFound && error?.underlying != nil, "\(String(describing: error))")
    }

    @Test func writeCopyWithAnEncryptionKeyOrToMemoryFails() throws {
        let realm = try openRealm(try makeRealmURL())
        let target = try Temporary.fileURL("key.realm", prefix: "realm-copy")
        let keyed = #expect(throws: Realm.Error.self) { try realm.writeCopy(toFile: target, encryptionKey: Data(count: 64)) }
        #expect(keyed?.code == .fail && !FileManager.default.fileExists(atPath: target.path))
        let memory = #expect(throws: Realm.Error.self) {
            try realm.writeCopy(configuration: Realm.Configuration(inMemoryIdentifier: "copy-target"))
        }
        #expect(memory?.code == .fail)
    }

    /// A commit that does not fit on the disk (a 1 MB tmpfs) throws `.outOfDiskSpace`, rolls
    /// back, and leaves the Realm at its last commit, writable again for what fits.
    @Test func aFullDiskFailsTheCommitWithOutOfDiskSpace() throws {
        guard let disk = try SmallDisk.mount("realm-full-commit") else { return }
        defer { disk.unmount() }
        let url = URL(fileURLWithPath: disk.path + "/full.realm")
        let realm = try openRealm(url)
        try realm.write { realm.add(Owner(value: ["id": 0, "name": "first"])) }
        let error = #expect(throws: Realm.Error.self) {
            try realm.write {
                for id in 1...300 { realm.add(Owner(value: ["id": id, "name": String(repeating: "x", count: 10_000)])) }
            }
        }
        #expect(error?.code == .outOfDiskSpace && error?.fileURL?.path == url.path, "\(String(describing: error))")
        #expect(error?.underlying != nil)
        #expect(!realm.isInWriteTransaction)
        #expect(realm.objects(Owner.self).map(\.name) == ["first"])
        try realm.write { realm.object(ofType: Owner.self, forPrimaryKey: 0)?.name = "again" }
        #expect(realm.objects(Owner.self).first?.name == "again")
    }

    @Test func aCopyOntoAFullDiskIsOutOfDiskSpaceAndLeavesNoFile() throws {
        guard let disk = try SmallDisk.mount("realm-full-copy") else { return }
        defer { disk.unmount() }
        let realm = try openRealm(try makeRealmURL())
        try realm.write {
            for id in 1...300 { realm.add(Owner(value: ["id": id, "name": String(repeating: "y", count: 10_000)])) }
        }
        let target = URL(fileURLWithPath: disk.path + "/copy.realm")
        let error = #expect(throws: Realm.Error.self) { try realm.writeCopy(toFile: target) }
        #expect(error?.code == .outOfDiskSpace, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
    }

    /// A read-only mount: a copy cannot be created there (`.filePermissionDenied`), and the
    /// files of a Realm there cannot be deleted (`.fileOperationFailed`).
    @Test func aReadOnlyMountRefusesCopiesAndDeletion() throws {
        guard let disk = try SmallDisk.mount("realm-read-only") else { return }
        defer { disk.unmount() }
        let stored = URL(fileURLWithPath: disk.path + "/kept.realm")
        do { _ = try openRealm(stored) }
        #expect(try Command.run("mount", ["-o", "remount,ro", disk.path]).status == 0)
        let realm = try openRealm(try makeRealmURL())
        let error = #expect(throws: Realm.Error.self) { try realm.writeCopy(toFile: URL(fileURLWithPath: disk.path + "/copy.realm")) }
        #expect(error?.code == .filePermissionDenied, "\(String(describing: error))")
        let deletion = #expect(throws: Realm.Error.self) { try Realm.deleteFiles(for: Realm.Configuration(fileURL: stored)) }
        #expect(deletion?.code == .fileOperationFailed, "\(String(describing: deletion))")
        #expect(FileManager.default.fileExists(atPath: stored.path))
    }
}

/// A 1 MB tmpfs for tests of a full disk or a read-only mount. Needs `mount` (root in a VM or
/// container that allows it); without it `mount` returns nil and says why the test is skipped.
struct SmallDisk {
    let path: String

    static func mount(_ prefix: String) throws -> SmallDisk? {
        let path = try Temporary.path(prefix)
        let mounted = try Command.run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path])
        guard mounted.status == 0 else {
            print("skipped a test of \(prefix): cannot mount a tmpfs here: \(mounted.stderr)")
            return nil
        }
        return SmallDisk(path: path)
    }

    /// Unmounts lazily: a Realm of the test may still hold its files open.
    func unmount() {
        _ = try? Command.run("umount", ["-l", path])
    }
}
