import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// SQLite's own text and SQL never reach a store error's message or description: the message
/// is in the project's words for the kind of failure, with what to do; SQLite's text and the
/// SQL stay in fields for programs.
@Suite struct SQLiteWordingTests {
    @Test func aStoreThatCannotBeOpenedIsSaidInTheProjectsWords() throws {
        let path = "/nonexistent-directory-\(UUID().uuidString)/store.sqlite"
        let error = try #require(throws: StoreError.self) {
            try Store(path: path, schema: CompiledSchema(schemaVersion: 1, models: []))
        }
        #expect(error.message == "\(path): the file cannot be opened (No such file or directory)")
        #expect(error.sqliteMessage == "unable to open database file")
        #expect(error.description == error.message)
    }

    @Test(arguments: [
        (Int32(5), "SELECT 1", "the store is busy: another connection is writing to it"),
        (Int32(8), "SELECT 1", "the store cannot be written (its file, directory or mount is read-only); nothing was written to it"),
        (Int32(11), "SELECT 1", "the store is damaged (SQLite found malformed pages in its file); restore it from a backup, "
            + "or import its data again into a new store"),
        (Int32(26), "SELECT 1", "the store is damaged (SQLite found malformed pages in its file); restore it from a backup, "
            + "or import its data again into a new store"),
        (Int32(13), "SELECT 1", "the disk is full; free some space and run it again (the store is as it was before)"),
        (Int32(10), "SELECT 1", "reading the store file failed: an I/O error"),
        (Int32(10), "COMMIT", "committing to the store file failed: an I/O error"),
        (Int32(1), "INSERT INTO t VALUES (1)", "writing the store failed (SQLite result code 1)"),
    ])
    func aFailureIsWordedByItsKind(code: Int32, sql: String, words: String) {
        let error = StoreError.sqliteFailure(code, "raw sqlite text", sql: sql)
        #expect(error.message == words)
        #expect(error.description == words)
        #expect(error.sqliteMessage == "raw sqlite text" && error.sql == sql)
    }

    /// A store file nobody may write (`0444`) is opened for writing by no one, root included:
    /// readers take it as unchanging. A read-only open leaves no file beside it.
    @Test func aReadOnlyStoreFileIsReadAsItIsAndNotWritten() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.url.path
        let path = temporary.path()
        let schema = CompiledSchema(schemaVersion: 1, models: [
            ModelSchema(name: "Item", properties: [PropertySchema(name: "name", type: DeclaredType(.string))]),
        ])
        do {
            let store = try Store(path: path, schema: schema)
            try store.write { _ = try store.create("Item", value: ["name": .value(.string("a"))]) }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = try #require(throws: StoreError.self) { try Store(path: path) }
        #expect(error.message == "\(path): the store cannot be written (its file, directory or mount is read-only); nothing was written to it")
        #expect(throws: StoreError.self) { try Store(path: path, schema: schema) }
        do {
            let reader = try Store(path: path, readOnly: true)
            let second = try Store(path: path, readOnly: true)
            #expect(try reader.count("Item") == 1 && second.count("Item") == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["store.sqlite"])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["store.sqlite"])
    }
}
