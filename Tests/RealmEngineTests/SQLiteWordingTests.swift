import Foundation
@testable import RealmEngine
import RealmSchema
import Testing

/// SQLite's own text never is the message of a store error: the message is in the project's
/// words for the kind of failure, and SQLite's text follows only as a labelled detail.
@Suite struct SQLiteWordingTests {
    @Test func aStoreThatCannotBeOpenedIsSaidInTheProjectsWords() throws {
        let path = "/nonexistent-directory-\(UUID().uuidString)/store.sqlite"
        let error = try #require(throws: StoreError.self) {
            try Store(path: path, schema: CompiledSchema(schemaVersion: 1, models: []))
        }
        #expect(error.message == "\(path): the file cannot be opened")
        #expect(error.sqliteMessage == "unable to open database file")
        #expect(error.description == "\(path): the file cannot be opened (SQLite: unable to open database file)")
    }

    @Test(arguments: [
        (Int32(5), "the store is busy: another connection is writing to it"),
        (Int32(8), "the store cannot be written (its file, directory or mount is read-only)"),
        (Int32(11), "the store file is damaged"),
        (Int32(13), "the disk is full"),
        (Int32(26), "not a realm-tools store (not an SQLite database)"),
        (Int32(1), "the store could not run an SQL statement"),
    ])
    func aFailureIsWordedByItsKind(code: Int32, words: String) {
        let error = StoreError.sqliteFailure(code, "raw sqlite text", sql: "SELECT 1")
        #expect(error.message == words)
        #expect(!error.message.contains("raw sqlite text"))
        #expect(error.description == words + " (SQLite: raw sqlite text; SQL: SELECT 1)")
    }
}
