import Foundation
import RealmEngine
import RealmFile
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `RealmFileExporter` (`realm-export --type realm`): a store written as a Realm file, read back
/// by the project's own reader (`RealmFile`), imported into a new store with the same schema,
/// gives the same canonical export; the same store gives the same bytes; what a Realm file
/// cannot hold yet is refused with a message naming it.
@Suite struct RealmFileExportTests {
    /// `ExportTestSchema` without what the writer refuses (sets of mixed and of decimal128).
    static func writableSchema() -> CompiledSchema {
        var schema = ExportTestSchema.make(singleClass: false, references: true)
        for index in schema.models.indices {
            schema.models[index].properties.removeAll { property in
                guard property.type.collection == .set else { return false }
                return property.type.base == .mixed || property.type.base == .decimal128
            }
        }
        return schema
    }

    /// A random store of `writableSchema()` with mixed links, `objects` objects per class.
    static func randomStore(seed: UInt64, objects: Int, in directory: TemporaryDirectory) throws -> Store {
        let schema = writableSchema()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: true)
        try generator.fill(store, objects: objects)
        return store
    }

    static func canonical(_ store: Store) throws -> String {
        try ExportFixtures.export(store, ExportOptions(mode: .canonical))
    }

    /// Writes `store` to `path`, checks it with `RealmFile`, imports it into a new store with
    /// `schema` and returns that store.
    static func roundTrip(_ store: Store, schema: CompiledSchema, in directory: TemporaryDirectory,
                          schemaVersion: UInt64? = nil) throws -> (store: Store, file: RealmFile) {
        let path = directory.path("export.realm")
        try RealmFileExporter(store: store, classes: [], schemaVersion: schemaVersion).export(to: path)
        let file = try RealmFile(path: path)
        #expect(file.formatVersion == 24)
        #expect(file.isStreamingForm)
        let summary = try file.summary()
        #expect(summary.classCount == schema.models.count)
        let second = try Store(path: directory.path("second.sqlite"), schema: schema)
        let importer = try Importer(store: second, options: ImportOptions())
        try importer.importInput(DocumentSource(path: path, options: importer.sourceOptions))
        let result = try importer.finish()
        #expect(result.committed)
        #expect(importer.diagnostics.filter { $0.severity == .error }.isEmpty, "\(importer.diagnostics.prefix(5))")
        return (second, file)
    }

    /// Random stores of every type and shape (embedded objects, links by primary key and by
    /// object key, mixed values with links and nested collections, gaps in the object keys).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomStoresComeBackTheSame(_ seed: UInt64) throws {
        let directory = TemporaryDirectory()
        let schema = Self.writableSchema()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: true)
        try generator.fill(store, objects: 12)
        let expected = try Self.canonical(store)
        #expect(expected.count > 10_000)
        let (second, file) = try Self.roundTrip(store, schema: schema, in: directory)
        #expect(file.schemaVersion == 1)
        let actual = try Self.canonical(second)
        #expect(actual == expected, "seed \(seed): \(ExportFixtures.firstDifference(expected, actual))")
    }

    @Test func theSameStoreGivesTheSameBytes() throws {
        let directory = TemporaryDirectory()
        let store = try Self.randomStore(seed: 9, objects: 10, in: directory)
        let first = try RealmFileExporter(store: store, classes: [], schemaVersion: nil).bytes()
        let second = try RealmFileExporter(store: store, classes: [], schemaVersion: nil).bytes()
        #expect(first.count > 4096)
        #expect(first == second)
        try RealmFileExporter(store: store, classes: [], schemaVersion: nil).export(to: directory.path("a.realm"))
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("a.realm")) == Data(first))
    }

    @Test func theSchemaIsTheStoresWithItsKindsKeysAndIndexes() throws {
        let schema = CompiledSchema(schemaVersion: 7, models: [
            ModelSchema(name: "Item", primaryKey: "_id", properties: [
                PropertySchema(name: "_id", type: DeclaredType(.objectId), isPrimaryKey: true),
                PropertySchema(name: "name", type: DeclaredType(.string), indexed: .regular, mapTo: "title"),
                PropertySchema(name: "small", type: DeclaredType(.int(.int8), isOptional: true)),
                PropertySchema(name: "parts", type: DeclaredType(.object("Part"), collection: .list)),
                PropertySchema(name: "owners", type: DeclaredType(.linkingObjects(objectType: "Item", property: "next"),
                                                                  collection: .list)),
                PropertySchema(name: "next", type: DeclaredType(.object("Item"), isOptional: true)),
                PropertySchema(name: "any", type: DeclaredType(.mixed, collection: .map)),
            ]),
            ModelSchema(name: "Part", kind: .embedded, properties: [PropertySchema(name: "n", type: DeclaredType(.int(.int)))]),
            ModelSchema(name: "Log", kind: .asymmetric, primaryKey: "_id", properties: [
                PropertySchema(name: "_id", type: DeclaredType(.uuid), isPrimaryKey: true),
            ]),
        ])
        let directory = TemporaryDirectory()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        try RealmFileExporter(store: store, classes: [], schemaVersion: nil).export(to: directory.path("a.realm"))
        let file = try RealmFile(path: directory.path("a.realm"))
        #expect(file.schemaVersion == 7)
        #expect(file.classes.map(\.name) == ["Item", "Log", "Part"])
        let item = try #require(file.classes.first { $0.name == "Item" })
        #expect(item.kind == .object && item.primaryKey == "_id")
        #expect(item.properties.map(\.name) == ["_id", "title", "small", "parts", "next", "any"])
        #expect(item.property(named: "title")?.isIndexed == true)
        #expect(item.property(named: "small")?.type == .int && item.property(named: "small")?.isOptional == true)
        #expect(item.property(named: "any")?.collection == .map)
        #expect(item.backlinks.map(\.originProperty) == ["next"])
        #expect(file.classes.first { $0.name == "Part" }?.kind == .embedded)
        #expect(file.classes.first { $0.name == "Log" }?.kind == .asymmetric)
        // The schema read back is the store's, under the stored names, with 64-bit integers and no linkingObjects.
        let read = try RealmFileSchema.schema(ofFileAt: directory.path("a.realm")).schema
        let readItem = try #require(read.model(named: "Item"))
        #expect(readItem.properties.map(\.name) == ["_id", "title", "small", "parts", "next", "any"])
        #expect(readItem.property(named: "small")?.type == DeclaredType(.int(.int), isOptional: true))
        #expect(readItem.property(named: "title")?.indexed == .regular)
        #expect(readItem.property(named: "parts")?.type == DeclaredType(.object("Part"), collection: .list))
        try RealmFileExporter(store: store, classes: [], schemaVersion: 42).export(to: directory.path("b.realm"))
        #expect(try RealmFile(path: directory.path("b.realm")).schemaVersion == 42)
    }

    @Test func aFullTextIndexIsWrittenAndReadBack() throws {
        let schema = CompiledSchema(models: [
            ModelSchema(name: "Post", properties: [PropertySchema(name: "body", type: DeclaredType(.string), indexed: .fulltext)]),
        ])
        let directory = TemporaryDirectory()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        try RealmFileExporter(store: store, classes: [], schemaVersion: nil).export(to: directory.path("a.realm"))
        let file = try RealmFile(path: directory.path("a.realm"))
        let body = try #require(file.realmClass(named: "Post")?.property(named: "body"))
        #expect(body.isFullTextIndexed && !body.isIndexed)
        let read = try RealmFileSchema.schema(ofFileAt: directory.path("a.realm")).schema
        #expect(read.models.first { $0.name == "Post" }?.property(named: "body")?.indexed == .fulltext)
    }

    @Test func classSelectsTheClassAndWhatItLinksTo() throws {
        let directory = TemporaryDirectory()
        let schema = Self.writableSchema()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        var generator = ExportTestStore(seed: 5, schema: schema, mixedLinks: false)
        try generator.fill(store, objects: 5)
        let tagOnly = RealmFileExporter(store: store, classes: ["Badge"], schemaVersion: nil)
        // Badge links to Kitchen and Tag; Kitchen to everything else.
        #expect(try tagOnly.selectedModels().map(\.name) == schema.models.map(\.name))
        let noteOnly = RealmFileExporter(store: store, classes: ["Note"], schemaVersion: nil)
        #expect(try noteOnly.selectedModels().map(\.name) == schema.models.map(\.name))
        let unknown = try #require(throws: ExportError.self) {
            try RealmFileExporter(store: store, classes: ["Nope"], schemaVersion: nil).selectedModels()
        }
        #expect(unknown.message.contains("Nope"))
        let embedded = try #require(throws: ExportError.self) {
            try RealmFileExporter(store: store, classes: ["Part"], schemaVersion: nil).selectedModels()
        }
        #expect(embedded.message.contains("Part"))
    }

    @Test func classLeavesOutClassesNothingLinksTo() throws {
        let schema = CompiledSchema(models: [
            ModelSchema(name: "A", primaryKey: "id", properties: [
                PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
                PropertySchema(name: "b", type: DeclaredType(.object("B"), isOptional: true)),
            ]),
            ModelSchema(name: "B", properties: [PropertySchema(name: "n", type: DeclaredType(.int(.int)))]),
            ModelSchema(name: "C", properties: [PropertySchema(name: "a", type: DeclaredType(.object("A"), isOptional: true))]),
        ])
        let directory = TemporaryDirectory()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        try store.write {
            let b = try store.create("B", value: ["n": .value(4)])
            let a = try store.create("A", value: ["id": .value(1)])
            try store.set(a, "b", .value(.object(b)))
            let c = try store.create("C", value: [:])
            try store.set(c, "a", .value(.object(a)))
        }
        let exporter = RealmFileExporter(store: store, classes: ["A"], schemaVersion: nil)
        #expect(try exporter.selectedModels().map(\.name) == ["A", "B"])
        try exporter.export(to: directory.path("a.realm"))
        let file = try RealmFile(path: directory.path("a.realm"))
        #expect(file.classes.map(\.name) == ["A", "B"])
        var links: [RealmValue] = []
        try file.forEachObject(in: file.classes[0]) { links.append($0.values[1]) }
        #expect(links == [.link(RealmLink(tableName: "class_B", objectKey: 0))])
    }
}

/// The values of `realm-export --type realm` are converted by whichever of its two threads has
/// time (`RealmFileWritePipeline`): wherever they are converted, the file is the same and a
/// value a Realm file cannot hold is reported the same way.
@Suite struct RealmFileExportConversionTests {
    static func exporter(_ store: Store, classes: [String] = [], _ conversion: RealmFileExporter.Conversion) -> RealmFileExporter {
        var exporter = RealmFileExporter(store: store, classes: classes, schemaVersion: nil)
        exporter.conversion = conversion
        return exporter
    }

    @Test func theReaderOrTheWriterConvertingGivesTheSameBytes() throws {
        let directory = TemporaryDirectory()
        let store = try RealmFileExportTests.randomStore(seed: 11, objects: 12, in: directory)
        // More objects than one batch (512) of a class, so that batches go both ways.
        let many = CompiledSchema(models: [
            ModelSchema(name: "Item", properties: [
                PropertySchema(name: "n", type: DeclaredType(.int(.int))),
                PropertySchema(name: "tags", type: DeclaredType(.string, collection: .set)),
            ]),
        ])
        let large = try Store(path: directory.path("large.sqlite"), schema: many)
        try large.write {
            for index in 0..<1_300 {
                _ = try large.create("Item", value: ["n": .value(.int(Int64(index))),
                                                     "tags": .collection([.value(.string("t\(index % 7)")), .value(.string("a"))])])
            }
        }
        for source in [store, large] {
            let byWriter = try Self.exporter(source, .writer).bytes()
            #expect(byWriter.count > 4096)
            #expect(try Self.exporter(source, .reader).bytes() == byWriter)
            #expect(try Self.exporter(source, .adaptive).bytes() == byWriter)
        }
    }

    @Test func aValueARealmFileCannotHoldIsLocatedWhereverItIsConverted() throws {
        let schema = CompiledSchema(models: [
            ModelSchema(name: "A", primaryKey: "id", properties: [
                PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
                PropertySchema(name: "m", type: DeclaredType(.mixed, isOptional: true)),
            ]),
            ModelSchema(name: "B", properties: [PropertySchema(name: "n", type: DeclaredType(.int(.int)))]),
        ])
        let directory = TemporaryDirectory()
        let store = try Store(path: directory.path("first.sqlite"), schema: schema)
        try store.write {
            for id in 1...3 { _ = try store.create("A", value: ["id": .value(.int(Int64(id)))]) }
            let b = try store.create("B", value: ["n": .value(4)])
            let a = try store.create("A", value: ["id": .value(4)])
            try store.set(a, "m", .value(.object(b)))
        }
        for conversion in [RealmFileExporter.Conversion.reader, .writer, .adaptive] {
            let error = try #require(throws: ExportError.self) {
                try Self.exporter(store, classes: ["A"], conversion).export(to: directory.path("a.realm"))
            }
            #expect(error.message == "A object 3 (in insertion order, from 0), property 'm': a mixed value links to an object of 'B', "
                + "which is not exported; add '--class B'", "\(conversion)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("a.realm")))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }
}
