import Foundation
import Testing
@testable import RealmFile

/// Reading a file leaves it as it was: same bytes, same modification time, no new files beside it
/// (no `.lock`, `.note` or `.management`).
@Suite("RealmFile opens files read-only")
struct ReadOnlyTests {
    @Test func readingChangesNothing() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("realm-file-readonly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("all-types.realm")
        try FileManager.default.copyItem(atPath: Fixtures.path("all-types.realm"), toPath: copy.path)
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: copy.path)
        let bytesBefore = try Data(contentsOf: copy)
        let listingBefore = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        let file = try RealmFile(path: copy.path)
        let summary = try file.summary()
        #expect(summary.objectCount == 11)

        #expect(try Data(contentsOf: copy) == bytesBefore)
        let modified = try FileManager.default.attributesOfItem(atPath: copy.path)[.modificationDate] as? Date
        #expect(modified == past)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == listingBefore)
    }

    @Test func readsAFileWithoutWritePermission() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("realm-file-readonly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try? FileManager.default.removeItem(at: directory)
        }
        let copy = directory.appendingPathComponent("people.realm")
        try FileManager.default.copyItem(atPath: Fixtures.path("people-1000.realm"), toPath: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        let file = try RealmFile(path: copy.path)
        #expect(try file.summary().objectCount == 3011)
    }
}
