import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// How `Store.exportReader` has SQLite read a class: a class whose primary keys follow its
/// keys (Person, imported in key order) in key order; a class with random primary keys (Dog's
/// UUIDs) scanned in key order and sorted, never a row lookup per object through the
/// primary-key index. The bytes are the same either way (`ExportPeopleGoldenTests`).
@Suite("realm-export reader plans")
struct ExportReaderPlanTests {
    /// SQLite's plan for `sql` on the store at `path`, one step a line.
    func plan(_ path: String, _ sql: String) throws -> String {
        let shell = try Command.run("sqlite3", [path, "EXPLAIN QUERY PLAN " + sql])
        try #require(shell.status == 0, "\(shell.stderr)")
        return shell.stdout
    }

    @Test func randomPrimaryKeysAreSortedNotLookedUpThroughTheIndex() throws {
        let path = try Temporary.path("realm-export-plans") + "/a.sqlite"
        let store = try ExportPeopleGoldenTests.store(path: path)
        let dog = try store.exportReader("Dog") { _, _ in true }
        let toys = dog.fields.compactMap { field -> ExportNode? in
            if case .embeddedList(let node) = field { return node }
            return nil
        }
        try #require(toys.count == 1)
        for sql in [dog.rows.sql, toys[0].rows.sql] {
            let steps = try plan(path, sql)
            #expect(!steps.contains("Dog._id.pk"), "\(sql): \(steps)")
            #expect(steps.contains("USE TEMP B-TREE FOR ORDER BY"), "\(sql): \(steps)")
        }
        // The order is still the primary key's (relaxed UUIDs are hex: text order is byte order).
        let ids = try ExportFixtures.export(store, ExportOptions(classes: ["Dog"], shape: .ndjson))
            .split(separator: "\n").map { String($0.prefix(54)) }
        #expect(ids.count == (try store.count("Dog")))
        #expect(ids == ids.sorted())
    }

    @Test func keysInPrimaryKeyOrderAreReadInKeyOrderWithoutASort() throws {
        let path = try Temporary.path("realm-export-plans") + "/a.sqlite"
        let store = try ExportPeopleGoldenTests.store(path: path)
        let person = try store.exportReader("Person") { _, _ in true }
        let steps = try plan(path, person.rows.sql)
        #expect(!steps.contains("TEMP B-TREE"), "\(steps)")
        #expect(!person.rows.sql.contains("NOT INDEXED"))
    }
}
