import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Objects of classes without a primary key: exported once with `$id`, linked by `$ref`, so
/// shared and cyclic links survive; links inside mixed values as `$ref`s to any class.
@Suite("realm-export references")
struct ExportReferenceTests {
    static let schema = CompiledSchema(schemaVersion: 1, models: [
        ModelSchema(name: "Owner", primaryKey: "id", properties: [
            property("id", .int(.int), primaryKey: true),
            property("note", .object("Note"), optional: true),
            property("notes", .object("Note"), .list),
            property("any", .mixed),
        ]),
        ModelSchema(name: "Note", properties: [
            property("text", .string),
            property("next", .object("Note"), optional: true),
            property("others", .object("Note"), .set),
            property("byName", .object("Note"), .map, optional: true),
            property("owner", .object("Owner"), optional: true),
            property("any", .mixed),
        ]),
    ])

    @Test func sharedAndCyclicLinksUseIDsAndRefs() throws {
        let directory = try Temporary.path("realm-export-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: Self.schema)
        try store.write {
            let gone = try store.create("Note", value: ["text": "deleted, so keys have a gap"])
            let a = try store.create("Note", value: ["text": "a"])
            let b = try store.create("Note", value: ["text": "b", "next": .value(.object(a))])
            try store.set(a, "next", .value(.object(b)))
            try store.set(a, "others", [.value(.object(a)), .value(.object(b))])
            try store.set(b, "byName", .map(["self%2Eref": .value(.object(b)), "none": nil]))
            let owner = try store.create("Owner", value: ["id": 7, "note": .value(.object(b)), "notes": [.value(.object(a)), .value(.object(a))],
                                                         "any": .value(.list([.object(a), .dictionary(["k": .object(b)])]))])
            try store.set(b, "any", .value(.object(owner)))
            try store.set(b, "owner", .value(.object(owner)))
            try store.delete(gone)
        }
        let text = try ExportFixtures.export(store, ExportOptions())
        #expect(text == """
            {"Owner":[
            {"id":7,"note":{"$ref":"Note","$id":2},"notes":[{"$ref":"Note","$id":1},{"$ref":"Note","$id":1}],"any":[{"$ref":"Note","$id":1},{"k":{"$ref":"Note","$id":2}}]}
            ],"Note":[
            {"$id":1,"text":"a","next":{"$ref":"Note","$id":2},"others":[{"$ref":"Note","$id":1},{"$ref":"Note","$id":2}],"byName":{},"owner":null,"any":null},
            {"$id":2,"text":"b","next":{"$ref":"Note","$id":1},"others":[],"byName":{"none":null,"self.ref":{"$ref":"Note","$id":2}},"owner":7,"any":{"$ref":"Owner","$id":7}}
            ]}

            """)
        let copy = try ExportFixtures.importStore(text, path: directory + "/b.sqlite", schema: Self.schema)
        #expect(try ExportFixtures.export(copy, ExportOptions()) == text)
        let notes = try copy.objects("Note")
        #expect(notes.count == 2)
        #expect(try copy.get(notes[0], "next") == .object(notes[1]) && (try copy.get(notes[1], "next")) == .object(notes[0]))
        #expect(try copy.get(notes[1], "byName") == .dictionary(["self%2Eref": .object(notes[1]), "none": .null]))
        let canonical = try ExportFixtures.export(store, ExportOptions(mode: .canonical))
        #expect(canonical.contains("{\"$ref\":\"Note\",\"$id\":{\"$numberInt\":\"2\"}}"))
    }

    @Test func aNullPrimaryKeyIsAReferenceWithANullID() throws {
        let schema = CompiledSchema(schemaVersion: 1, models: [
            ModelSchema(name: "Tag", primaryKey: "name", properties: [
                property("name", .string, optional: true, primaryKey: true),
                property("tag", .object("Tag"), optional: true),
                property("tags", .object("Tag"), .map, optional: true),
                property("any", .mixed),
            ]),
        ])
        let directory = try Temporary.path("realm-export-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: schema)
        try store.write {
            let unnamed = try store.create("Tag", value: ["name": nil])
            let named = try store.create("Tag", value: ["name": "a", "tag": .value(.object(unnamed)), "tags": .map(["u": .value(.object(unnamed))]),
                                                        "any": .value(.dictionary(["k": .list([.object(unnamed)])]))])
            try store.set(unnamed, "tag", .value(.object(named)))
            try store.set(unnamed, "any", .value(.object(unnamed)))
        }
        let text = try ExportFixtures.export(store, ExportOptions())
        #expect(text == """
            {"Tag":[
            {"name":null,"tag":"a","tags":{},"any":{"$ref":"Tag","$id":null}},
            {"name":"a","tag":{"$ref":"Tag","$id":null},"tags":{"u":{"$ref":"Tag","$id":null}},"any":{"k":[{"$ref":"Tag","$id":null}]}}
            ]}

            """)
        let copy = try ExportFixtures.importStore(text, path: directory + "/b.sqlite", schema: schema)
        #expect(try ExportFixtures.export(copy, ExportOptions()) == text)
        let unnamed = try #require(try copy.object("Tag", primaryKey: .null))
        #expect(try copy.get(unnamed, "any") == .object(unnamed))
    }

    @Test func aReferencedClassMustBeExportedToo() throws {
        let store = try Store(path: try Temporary.path("realm-export-tests") + "/a.sqlite", schema: Self.schema)
        let error = #expect(throws: ExportError.self) { try ExportFixtures.export(store, ExportOptions(classes: ["Owner"])) }
        #expect(error?.message == "'Owner.note' links to 'Note', which has no primary key: its objects are exported once and "
                + "referenced by '$id', so 'Note' must be exported too (add --class Note, or drop --ndjson)")
    }
}
