@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

@Suite struct MigrationTests {
    let directory = TemporaryDirectory()

    private let v1 = CompiledSchema(schemaVersion: 1, models: [
        model("Person", primaryKey: "id", [property("id", .int(.int), primaryKey: true), property("age", .int(.int)),
                                           property("name", .string, indexed: .regular), property("tags", .string, .list),
                                           property("extra", .mixed), property("pet", .object("Dog"), optional: true)]),
        model("Dog", [property("name", .string)]),
    ])

    private func seed() throws {
        let store = try Store(path: directory.path(), schema: v1)
        try store.write {
            try store.create("Person", value: ["id": 1, "age": 42, "name": "Ada", "tags": ["x", "y"], "extra": .value(["k": [1]]),
                                               "pet": ["name": "Rex"]])
            try store.create("Person", value: ["id": 2, "age": 7, "name": "Bo"])
        }
    }

    @Test func sameSchemaReopensWithoutChanges() throws {
        try seed()
        let store = try Store(path: directory.path(), schema: v1)
        #expect(try store.count("Person") == 2)
        #expect(store.schemaVersion == 1)
        #expect(try Store.storedSchema(at: directory.path()) == Store(path: directory.path()).schema)
    }

    @Test func additiveChangesApplyAutomatically() throws {
        try seed()
        var v2 = v1
        v2.models[0].properties += [property("email", .string, optional: true), property("score", .double),
                                    property("nick", .string, default: .string("n/a")), property("scores", .int(.int), .map)]
        v2.models[0].properties[2].indexed = .fulltext
        v2.models.append(model("Cat", [property("name", .string)]))
        let store = try Store(path: directory.path(), schema: v2)
        let ada = try #require(try store.object("Person", primaryKey: 1))
        #expect(try store.get(ada, "email") == .null)
        #expect(try store.get(ada, "score") == .double(0))
        #expect(try store.get(ada, "nick") == "n/a")
        #expect(try store.get(ada, "scores") == .dictionary([:]))
        #expect(try store.get(ada, "tags") == ["x", "y"])
        #expect(try store.connection.scalarText("SELECT count(*) FROM \"Person.name.fts\" WHERE \"Person.name.fts\" MATCH 'ada'") == "1")
        try store.write { try store.create("Cat", value: ["name": "Tom"]) }
        #expect(try Store.storedSchema(at: directory.path()).models.count == 3)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func breakingChangesWithoutABumpAreRefusedListingEachDifference() throws {
        try seed()
        var v2 = v1
        v2.models[0].properties[1] = property("age", .string)
        v2.models[0].properties.remove(at: 3)
        v2.models.remove(at: 1)
        v2.models[0].properties.removeLast()
        let expected = StoreError(.migrationRequired, """
            Migration is required due to the following errors:
            - Property 'Person.age' has been changed from 'int' to 'string'.
            - Property 'Person.tags' has been removed.
            - Property 'Person.pet' has been removed.
            - Class 'Dog' has been removed.
            """)
        #expect(throws: expected) { try Store(path: directory.path(), schema: v2) }
        v2.schemaVersion = 2
        #expect(throws: expected, "a bump without a migration block is refused too") { try Store(path: directory.path(), schema: v2) }
        var older = v1
        older.schemaVersion = 0
        #expect(throws: StoreError(.invalidSchemaVersion, "Provided schema version 0 is less than last set version 1.")) {
            try Store(path: directory.path(), schema: older)
        }
        let store = try Store(path: directory.path(), schema: v1)
        #expect(try store.count("Person") == 2, "the refused opens changed nothing")
    }

    @Test func breakingChangesWithABumpAndAMigrationBlockApply() throws {
        try seed()
        var v2 = v1
        v2.schemaVersion = 2
        v2.models[0].properties[1] = property("age", .string)
        v2.models[0].properties[4] = property("extra", .string, optional: true)
        var seen: [Int64: StoreValue] = [:]
        let store = try Store(path: directory.path(), schema: v2) { migration in
            #expect(migration.oldSchema.schemaVersion == 1)
            try migration.enumerateObjects("Person") { old, new in
                guard case .int(let id) = old["id"], case .int(let age) = old["age"], let new else { return }
                seen[id] = old["extra"]
                try migration.store.set(new, "age", .value(.string("\(age) years")))
            }
        }
        #expect(seen == [1: ["k": [1]], 2: .null])
        let ada = try #require(try store.object("Person", primaryKey: 1))
        #expect(try store.get(ada, "age") == "42 years")
        #expect(try store.get(ada, "name") == "Ada")
        #expect(try store.get(ada, "tags") == ["x", "y"])
        #expect(try store.get(ada, "extra") == .null)
        guard case .object(let dog) = try store.get(ada, "pet") else { Issue.record("link lost"); return }
        #expect(try store.get(dog, "name") == "Rex")
        #expect(store.schemaVersion == 2)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.connection.scalarText("SELECT count(*) FROM _realm_mixed") == "0")
        #expect(try store.connection.scalarText("SELECT count(*) FROM sqlite_master WHERE name LIKE '_realm_old%'") == "0")
        try store.write { try store.create("Person", value: ["id": 3, "age": "new"]) }
        let reopened = try Store(path: directory.path())
        #expect(reopened.schema.model(named: "Person")?.property(named: "age")?.type == DeclaredType(.string))
    }
}
