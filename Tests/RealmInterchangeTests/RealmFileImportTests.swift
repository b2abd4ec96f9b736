import Foundation
import RealmCodegen
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Realm's own `.realm` files (written by realm-core 14.14.0) imported into a store
/// (docs/realm-import.md, section 18): every object and value compared with realm-core's own
/// reading of the file, the edge values one by one, the schema taken from the file, a given
/// schema the file does not fit, and the round trip through realm-export.
@Suite struct RealmFileImportTests {
    static func fixture(_ name: String) -> String {
        Repository.path("Tests/Fixtures/realm-core/\(name).realm")
    }

    static func dump(_ name: String) -> String {
        Repository.path("Tests/Fixtures/realm-core/\(name).open-check.json")
    }

    static let noPrimaryKey = Repository.path("Tests/Fixtures/realm-files/no-primary-key.realm")
    static let noPrimaryKeyDump = Repository.path("Tests/Fixtures/realm-files/no-primary-key.open-check.json")

    /// A new store with the file's own schema and the file imported into it, detected by its
    /// first bytes as the command line does by default.
    static func importFile(_ path: String, into directory: TemporaryDirectory, options: ImportOptions = ImportOptions())
        throws -> (store: Store, summary: ImportSummary, diagnostics: [Diagnostic]) {
        let schema = try RealmFileSchema.schema(ofFileAt: path).schema
        let store = try Store(path: directory.path("store.realm"), schema: schema)
        let importer = try Importer(store: store, options: options)
        try importer.importInput(DocumentSource(path: path, options: importer.sourceOptions))
        let summary = try importer.finish()
        return (store, summary, importer.diagnostics)
    }

    @Test(arguments: ["all-types", "all-types-writecopy", "people-1000", "empty-schema-v3"])
    func everyObjectAndValueIsRealmCoresReading(_ name: String) throws {
        let directory = TemporaryDirectory()
        let (store, summary, diagnostics) = try Self.importFile(Self.fixture(name), into: directory)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(summary.committed && summary.errors == 0)
        let comparison = try RealmFileDumpComparison(store: store, dumpPath: Self.dump(name))
        try store.readTransaction { try comparison.compareAll() }
        #expect(comparison.differences == [], "\(comparison.differences.prefix(20))")
        if name != "empty-schema-v3" { #expect(comparison.valuesCompared > 50) }
    }

    @Test func classesWithoutAPrimaryKeyAreLinkedByTheirObjectKeys() throws {
        let directory = TemporaryDirectory()
        let (store, summary, diagnostics) = try Self.importFile(Self.noPrimaryKey, into: directory)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(summary.classes["Tag"]?.created == 3 && summary.classes["Post"]?.created == 2)
        let comparison = try RealmFileDumpComparison(store: store, dumpPath: Self.noPrimaryKeyDump)
        try store.readTransaction { try comparison.compareAll() }
        #expect(comparison.differences == [], "\(comparison.differences.prefix(20))")
        #expect(comparison.valuesCompared > 20)
        try store.readTransaction {
            let tags = try store.objects("Tag")
            let post = try #require(try store.object("Post", primaryKey: .int(1)))
            #expect(try store.get(post, "tag") == .object(tags[1]))
            #expect(try store.get(post, "tags") == .list([.object(tags[0]), .object(tags[2]), .object(tags[0])]))
            #expect(try store.get(post, "any") == .object(tags[2]))
            guard case .object(let note) = try store.get(post, "note") else {
                Issue.record("no embedded note")
                return
            }
            #expect(try store.get(note, "tag") == .object(tags[1]))
            #expect(try store.get(tags[2], "weight") == .double(-0.0))
            if case .double(let weight) = try store.get(tags[2], "weight") { #expect(weight.sign == .minus) }
        }
    }

    /// The edge values of all-types.realm, one by one, as stored.
    @Test func edgeValuesAreStoredExactly() throws {
        let directory = TemporaryDirectory()
        let (store, _, diagnostics) = try Self.importFile(Self.fixture("all-types"), into: directory)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        try store.readTransaction {
            let first = try #require(try store.object("AllTypes", primaryKey: .objectId(try ObjectId(string: "000000000000000000000001"))))
            guard case .float(let float) = try store.get(first, "floatValue"), case .double(let zero) = try store.get(first, "doubleValue"),
                  case .double(let nan) = try store.get(first, "optDouble") else {
                Issue.record("floatValue, doubleValue, optDouble")
                return
            }
            #expect(float.isNaN && nan.isNaN)
            #expect(zero == 0 && zero.sign == .minus)
            #expect(try store.get(first, "intValue") == .int(.max))
            #expect(try store.get(first, "optInt") == .int(.min))
            // Before 1970, with nanoseconds (realm-core's dump: -1000000000 s, -123456789 ns).
            #expect(try store.get(first, "dateValue") == .date(Timestamp(seconds: -1_000_000_000, nanoseconds: -123_456_789)))
            #expect(try store.get(first, "decimalValue") == .decimal128(try Decimal128(string: "-1.5E-6100")))
            #expect(try store.get(first, "optDecimal") == .decimal128(try Decimal128(string: "9.999999999999999999999999999999999E+6144")))
            guard case .string(let long) = try store.get(first, "optString"), case .data(let data) = try store.get(first, "dataValue") else {
                Issue.record("optString, dataValue")
                return
            }
            #expect(long.utf8.count >= 100_000)
            #expect(data.count >= 20_000)
            // Map keys as the file stores them: never percent-encoded.
            guard case .dictionary(let keys) = try store.get(first, "intDict") else {
                Issue.record("intDict")
                return
            }
            #expect(Set(keys.keys) == ["", "%2E", "100%", "a$b", "k\u{e9}y"])
            #expect(keys["100%"] == .int(2) && keys["%2E"] == .int(3))
            // Nested lists and dictionaries inside mixed values; a link in a mixed value.
            guard case .list(let mixed) = try store.get(first, "mixedList"), mixed.count == 15 else {
                Issue.record("mixedList")
                return
            }
            #expect(mixed[4] == .list([.int(1), .string("two"), .list([.bool(true)])]))
            #expect(mixed[5] == .dictionary(["k": .string("v"), "n": .null]))
            let dog = try #require(try store.object("Dog", primaryKey: .uuid(UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000")!)))
            #expect(mixed[3] == .object(dog))
            guard case .object(let address) = try store.get(first, "address") else {
                Issue.record("address")
                return
            }
            #expect(try store.get(address, "city") == .string("Cupertino"))
        }
    }

    @Test func theSchemaIsTheFilesWithItsVersionKindsAndIndexes() throws {
        let schema = try RealmFileSchema.schema(ofFileAt: Self.fixture("all-types"))
        #expect(schema.hasBacklinks)
        let allTypes = try #require(schema.schema.model(named: "AllTypes"))
        #expect(allTypes.primaryKey == "_id" && allTypes.kind == .object)
        #expect(schema.schema.model(named: "Address")?.kind == .embedded)
        #expect(allTypes.property(named: "indexedString")?.indexed == .regular)
        #expect(allTypes.property(named: "dogDict")?.type == DeclaredType(.object("Dog"), collection: .map, isOptional: true))
        #expect(allTypes.property(named: "dogList")?.type == DeclaredType(.object("Dog"), collection: .list))
        #expect(allTypes.property(named: "optIntList")?.type == DeclaredType(.int(.int), collection: .list, isOptional: true))
        #expect(allTypes.property(named: "mixedValue")?.type == DeclaredType(.mixed))
        #expect(try RealmFileSchema.schema(ofFileAt: Self.fixture("empty-schema-v3")).schema.schemaVersion == 3)
        let post = try #require(try RealmFileSchema.schema(ofFileAt: Self.noPrimaryKey).schema.model(named: "Post"))
        #expect(post.property(named: "title")?.indexed == .fulltext)
    }

    /// Each fixture's schema, written as YAML, compiles back to the same schema.
    @Test(arguments: ["all-types", "people-1000", "empty-schema-v3"])
    func theExtractedYAMLCompilesToTheFilesSchema(_ name: String) throws {
        let schema = try RealmFileSchema.schema(ofFileAt: Self.fixture(name)).schema
        let yaml = SchemaYAMLWriter().render(schema)
        let compiled = SchemaCompiler.compile([SchemaSource(path: "\(name).yaml", text: yaml)])
        #expect(!compiled.diagnostics.hasErrors, "\(compiled.diagnostics.all)")
        let back = try #require(compiled.schema)
        #expect(back.schemaVersion == schema.schemaVersion)
        #expect(back.models.map(\.name) == schema.models.map(\.name))
        for (model, original) in zip(back.models, schema.models) {
            #expect(model.kind == original.kind && model.primaryKey == original.primaryKey)
            #expect(model.properties.map(\.name) == original.properties.map(\.name))
            #expect(model.properties.map(\.type) == original.properties.map(\.type), "\(model.name)")
            #expect(model.properties.map(\.indexed) == original.properties.map(\.indexed), "\(model.name)")
        }
    }

    /// A given schema the file does not fit: one located error per mismatch, nothing written.
    @Test func aSchemaTheFileDoesNotFitIsRefusedWithNothingWritten() throws {
        let directory = TemporaryDirectory()
        let yaml = """
            models:
              Person:
                primaryKey: _id
                properties:
                  _id: objectId
                  name: int
                  age: int
                  score: double
                  tags: string[]
                  dogs: Dog[]
                  address: Address?
              Dog:
                primaryKey: _id
                properties: { _id: uuid, name: string }
              Address:
                embedded: true
                properties: { street: string, city: string }
            """
        let given = try #require(SchemaCompiler.compile([SchemaSource(path: "given.yaml", text: yaml)]).schema)
        let fileSchema = try RealmFileSchema.schema(ofFileAt: Self.fixture("people-1000")).schema
        let person = try #require(fileSchema.model(named: "Person"))
        let store = try Store(path: directory.path("store.realm"), schema: given)
        let importer = try Importer(store: store, options: ImportOptions())
        try importer.importInput(DocumentSource(path: Self.fixture("people-1000"), options: importer.sourceOptions))
        let summary = try importer.finish()
        #expect(!summary.committed && summary.errors > 0)
        let messages = importer.diagnostics.map(\.message)
        #expect(messages.contains("property 'Person.name' is 'string' in the Realm file but 'int' in the schema"), "\(messages)")
        // Every property the file has and the given schema lacks is one error.
        let missing = person.properties.map(\.name).filter { given.model(named: "Person")?.property(named: $0) == nil }
        for name in missing {
            #expect(messages.contains { $0.hasPrefix("property 'Person.\(name)' (") && $0.hasSuffix("of the Realm file is not in the schema") },
                    "\(name): \(messages)")
        }
        #expect(importer.diagnostics.count == missing.count + 1)
        #expect(importer.diagnostics.allSatisfy { $0.notes.first?.hasPrefix("in Realm file ") == true })
        #expect(try store.readTransaction { try store.objects("Person").count + store.objects("Dog").count } == 0)
    }

    /// A class the schema lacks is an error of its own.
    @Test func aClassTheSchemaLacksIsAnError() throws {
        let directory = TemporaryDirectory()
        let yaml = "models:\n  Dog:\n    primaryKey: _id\n    properties: { _id: uuid, name: string }\n"
        let given = try #require(SchemaCompiler.compile([SchemaSource(path: "given.yaml", text: yaml)]).schema)
        let store = try Store(path: directory.path("store.realm"), schema: given)
        let importer = try Importer(store: store, options: ImportOptions())
        try importer.importInput(DocumentSource(path: Self.fixture("people-1000"), options: importer.sourceOptions))
        #expect(!(try importer.finish()).committed)
        let messages = importer.diagnostics.map(\.message)
        #expect(messages.contains("class 'Person' of the Realm file '\(Self.fixture("people-1000"))' is not in the schema"), "\(messages)")
        #expect(messages.contains("class 'Address' of the Realm file '\(Self.fixture("people-1000"))' is not in the schema"), "\(messages)")
        #expect(try store.readTransaction { try store.objects("Dog").count } == 0)
    }

    /// A damaged copy (cut short): a located error, and the run writes nothing.
    @Test func aTruncatedFileIsALocatedErrorAndNothingIsWritten() throws {
        let directory = TemporaryDirectory()
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture("people-1000"))))
        let cut = directory.path("cut.realm")
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
        let schema = try RealmFileSchema.schema(ofFileAt: Self.fixture("people-1000")).schema
        let store = try Store(path: directory.path("store.realm"), schema: schema)
        let importer = try Importer(store: store, options: ImportOptions())
        try importer.importInput(DocumentSource(path: cut, options: SourceOptions(classNames: ["Person", "Dog", "Address"])))
        #expect(!(try importer.finish()).committed)
        let error = try #require(importer.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.notes.first?.hasPrefix("in Realm file \(cut)") == true, "\(error)")
        #expect(try store.readTransaction { try store.objects("Person").count } == 0)
        // The schema of the cut file cannot be read either: a located error, not a crash.
        #expect(throws: SourceError.self) { try RealmFileSchema.schema(ofFileAt: cut) }
    }

    /// Damaged files (seeded random bytes changed past the header): each run either commits
    /// with no error or ends in located errors with nothing stored; never a crash or a hang
    /// (the decoding thread of a run stopped early ends too).
    @Test func damagedFilesEndInLocatedErrorsOrACommit() throws {
        let directory = TemporaryDirectory()
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture("people-1000"))))
        let schema = try RealmFileSchema.schema(ofFileAt: Self.fixture("people-1000")).schema
        var random = SeededRandom(seed: 31)
        var failed = 0
        for round in 0..<40 {
            var bytes = original
            for _ in 0..<8 { bytes[Int.random(in: 24..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            let path = directory.path("damaged-\(round).realm")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let store = try Store(path: directory.path("store-\(round).realm"), schema: schema)
            let importer = try Importer(store: store, options: ImportOptions(maxErrors: 1))
            try importer.importInput(DocumentSource(path: path, options: importer.sourceOptions))
            let summary = try importer.finish()
            if summary.committed {
                #expect(importer.diagnostics.allSatisfy { $0.severity != .error }, "round \(round)")
            } else {
                failed += 1
                #expect(importer.diagnostics.first?.notes.first?.hasPrefix("in Realm file ") == true,
                        "round \(round): \(importer.diagnostics)")
                #expect(try store.readTransaction { try store.objects("Person").count + store.objects("Dog").count } == 0)
            }
        }
        #expect(failed > 20)
    }

    /// Bytes in memory or a compressed file are not a file to map: a specific message.
    @Test func aRealmFileMustBeAPlainFile() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture("empty-schema-v3"))))
        let error = #expect(throws: SourceError.self) { _ = try DocumentSource(bytes: bytes, name: "memory.realm").next() }
        #expect(error?.diagnostic.message == "'memory.realm' is read as a Realm file, which is read in place from a file by its path: "
            + "standard input and pipes cannot be read as a Realm file")
    }
}
