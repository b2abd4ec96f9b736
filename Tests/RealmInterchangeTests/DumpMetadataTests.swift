import Foundation
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// mongodump's `<collection>.metadata.json` read by content (written by pymongo as mongodump
/// writes it, plain and gzipped), its indexes checked against the schema, and dump
/// directories taken apart as mongorestore takes them (`DumpInputs`).
@Suite struct DumpMetadataTests {
    /// Person's metadata with one index of every kind the check tells apart.
    static let personIndexes = """
        [ID_INDEX,
         {'v': 2, 'key': {'name': 1}, 'name': 'name_1'},
         {'v': 2, 'key': {'email': 1}, 'name': 'email_1', 'unique': True},
         {'v': 2, 'key': {'age': -1}, 'name': 'age_-1'},
         {'v': 2, 'key': {'_fts': 'text', '_ftsx': 1}, 'name': 'bio_text_title_text', 'weights': {'bio': 1, 'title': 1},
          'default_language': 'english', 'language_override': 'language', 'textIndexVersion': 3},
         {'v': 2, 'key': {'shoe': 1}, 'name': 'shoe_1'},
         {'v': 2, 'key': {'name': 1, 'age': 1}, 'name': 'name_1_age_1'},
         {'v': 2, 'key': {'name': 1, 'email': 1}, 'name': 'name_1_email_1', 'unique': True},
         {'v': 2, 'key': {'home': '2dsphere'}, 'name': 'home_2dsphere', '2dsphereIndexVersion': 3}]
        """

    func messages(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
    }

    @Test func mongodumpsMetadataIsReadByContentPlainOrGzipped() throws {
        let dump = try PyMongoDump.directory("""
            collection('Person', [], indexes=\(Self.personIndexes))
            collection('Zipped', [], gzip=True)
            """)
        let metadata = try #require(try DumpMetadata.read(path: dump + "/Person.metadata.json"))
        #expect(metadata.collectionName == "Person")
        #expect(metadata.type == "collection")
        #expect(metadata.indexes.map(\.name) == ["_id_", "name_1", "email_1", "age_-1", "bio_text_title_text", "shoe_1",
                                                 "name_1_age_1", "name_1_email_1", "home_2dsphere"])
        #expect(metadata.indexes[2].unique && !metadata.indexes[1].unique)
        #expect(metadata.indexes[4].isText && metadata.indexes[4].textFields == ["bio", "title"] && metadata.indexes[4].key.isEmpty)
        #expect(metadata.indexes[8].key.map(\.name) == ["home"] && metadata.indexes[8].key.map(\.kind) == ["2dsphere"])
        #expect(metadata.indexes[3].key.map(\.name) == ["age"] && metadata.indexes[3].key.map(\.kind) == [nil])
        let zipped = try #require(try DumpMetadata.read(path: dump + "/Zipped.metadata.json.gz"))
        #expect(zipped.collectionName == "Zipped" && zipped.indexes.map(\.name) == ["_id_"])
        // The file name does not matter, the content does.
        try FileManager.default.copyItem(atPath: dump + "/Person.metadata.json", toPath: dump + "/people.json")
        #expect(try DumpMetadata.read(path: dump + "/people.json") == metadata)
        // Relaxed numbers and old dumps' `options` first.
        try #"{"options": {}, "indexes": [{"v": 1, "key": {"_id": 1}, "name": "_id_", "ns": "shop.Person"}]}"#
            .write(toFile: dump + "/old.json", atomically: true, encoding: .utf8)
        #expect(try DumpMetadata.read(path: dump + "/old.json")?.indexes.map(\.name) == ["_id_"])
    }

    @Test(arguments: [
        #"{"_id": 1, "name": "Ann"}"#,
        #"{"type": "collection", "name": "Ann"}"#,
        #"{"type": "collection", "uuid": "x"}"#,
        #"{"indexes": 3, "collectionName": "Person"}"#,
        #"{"indexes": [{"name": "_id_"}]}"#,
        #"{"collectionName": "Person"} {"collectionName": "Dog"}"#,
        #"[{"collectionName": "Person"}]"#,
        #"{"Person": [{"_id": 1}]}"#,
        "",
    ])
    func dataIsNotMetadata(_ text: String) throws {
        let path = try Temporary.file(Array(text.utf8), name: "Person.metadata.json")
        #expect(try DumpMetadata.read(path: path) == nil)
    }

    @Test func bsonIsNotMetadata() throws {
        let dump = try PyMongoDump.directory("collection('Person', [{'_id': 1, 'collectionName': 'x'}], metadata=False)")
        #expect(try DumpMetadata.read(path: dump + "/Person.bson") == nil)
    }

    @Test func indexesAreCheckedAgainstTheSchema() throws {
        let schema = try schemaFromYAML(PyMongoDump.schema)
        let dump = try PyMongoDump.directory("collection('Person', [], indexes=\(Self.personIndexes))")
        let metadata = try #require(try DumpMetadata.read(path: dump + "/Person.metadata.json"))
        let person = try #require(schema.model(named: "Person"))
        #expect(messages(metadata.check(against: person, file: "P.metadata.json")) == [
            "warning: P.metadata.json: unique index 'email_1' on 'email' has no equivalent in class 'Person': duplicate values "
                + "load without error; only the primary key ('_id') is unique in Realm",
            "note: P.metadata.json: index 'age_-1' on 'age': the schema does not index 'Person.age'; add 'indexed: true' to it",
            "note: P.metadata.json: text index 'bio_text_title_text' covers 'title': the schema has no full-text index on "
                + "'Person.title'; add 'indexed: fulltext' to it",
            "note: P.metadata.json: index 'shoe_1' is on 'shoe', which class 'Person' does not have",
            "note: P.metadata.json: compound index 'name_1_age_1' on (name, age) has no Realm equivalent: Realm indexes single "
                + "properties (indexed: true)",
            "warning: P.metadata.json: unique index 'name_1_email_1' on (name, email) has no equivalent in class 'Person' "
                + "(Realm has no compound or unique indexes): duplicate combinations load without error",
            "note: P.metadata.json: index 'home_2dsphere' is a '2dsphere' index, which Realm does not have; ignored",
        ])
        // A class without a primary key: the remedy is to make one.
        let note = try #require(schema.model(named: "Note"))
        let unique = try PyMongoDump.directory("""
            collection('Note', [], indexes=[ID_INDEX, {'v': 2, 'key': {'text': 1}, 'name': 'text_1', 'unique': True}])
            """)
        let noteMetadata = try #require(try DumpMetadata.read(path: unique + "/Note.metadata.json"))
        #expect(messages(noteMetadata.check(against: note, file: "N")) == [
            "warning: N: unique index 'text_1' on 'text' has no equivalent in class 'Note': duplicate values load without error; "
                + "make it the primary key (primaryKey: text) if it must be unique",
        ])
    }

    @Test func theMetadataRealmExportWritesMatchesItsSchema() throws {
        let schema = try schemaFromYAML(PyMongoDump.schema)
        for model in schema.models where model.kind != .embedded {
            let url = try Temporary.fileURL("\(model.name).metadata.json")
            let output = ExportOutput.memory()
            try BSONMetadata(model: model).write(to: output)
            try Data(output.bytes).write(to: url)
            let metadata = try #require(try DumpMetadata.read(path: url.path))
            #expect(metadata.collectionName == model.name)
            #expect(metadata.check(against: model, file: url.path).isEmpty, "\(model.name)")
        }
    }

    @Test func aDumpDirectoryIsTakenApartAsMongorestoreTakesIt() throws {
        let schema = try schemaFromYAML(PyMongoDump.schema)
        let dump = try PyMongoDump.directory("""
            collection('shop/Person', [{'_id': 1}], gzip=True)
            collection('shop/Note', [{'text': 'a'}], collection_name='Notes')
            collection('shop/Tag', [], metadata=True)
            collection('shop/system.profile', [{'op': 'query'}])
            collection('shop/byAge', [], kind='view')
            collection('shop/Ghost', [])
            collection('shop/Place', [])
            write('shop/README.txt', 'hello')
            write('shop/sub/Person.bson', b'')
            write('prelude.json', '{}')
            write('oplog.bson', b'')
            """)
        for path in ["/shop/Tag.bson", "/shop/byAge.bson", "/shop/Ghost.bson", "/shop/Place.bson"] {
            try FileManager.default.removeItem(atPath: dump + path)
        }
        let inputs = try DumpInputs([dump + "/shop"], className: nil)
        #expect(inputs.data == [dump + "/shop/Note.bson", dump + "/shop/Person.bson.gz"])
        let shop = dump + "/shop/"
        #expect(messages(inputs.diagnostics(schema: schema, className: nil)) == [
            "note: \(shop)Ghost.metadata.json: no class 'Ghost' in the schema; its indexes are not checked",
            "note: \(shop)Note.metadata.json: its collectionName is 'Notes'; checked against class 'Note', which its file name "
                + "(or --class) names, as mongorestore goes by the file name",
            "note: \(shop)Place.metadata.json: no class 'Place' in the schema; its indexes are not checked",
            "note: \(shop)README.txt: not a collection's .bson or .metadata.json file; skipped, as mongorestore skips it",
            "note: \(shop)Tag.metadata.json: no class 'Tag' in the schema; its indexes are not checked",
            "note: \(shop)byAge.metadata.json: 'byAge' is a view, which holds no documents of its own; skipped",
            "note: \(shop)sub: a subdirectory; skipped (give it as an input of its own)",
            "note: \(shop)system.profile.bson: a system collection, not data of a class; skipped, as mongorestore skips it",
            "note: \(shop)system.profile.metadata.json: a system collection, not data of a class; skipped, as mongorestore skips it",
        ])
        // The dump's root: the database directories to give instead.
        #expect(throws: ImportRunError.dumpDirectory(dump, message: "'\(dump)' holds no .bson files but database directories "
                    + "that do, as mongodump writes one per database: give the one to import instead (\(dump)/shop)")) {
            try DumpInputs([dump], className: nil)
        }
        #expect(throws: ImportRunError.dumpDirectory(shop, message: "'\(shop)' is a dump directory: each of its files names "
                    + "its class, as mongorestore takes a collection's name from its file (Person.bson); leave out --class")) {
            try DumpInputs([shop], className: "Person")
        }
        let empty = try Temporary.path("realm-dump-empty")
        #expect(throws: ImportRunError.dumpDirectory(empty, message: "'\(empty)' holds no .bson, .bson.gz or .metadata.json "
                    + "files as mongodump writes them")) {
            try DumpInputs([empty], className: nil)
        }
    }

    @Test func metadataWithoutItsDataFileIsNoted() throws {
        let schema = try schemaFromYAML(PyMongoDump.schema)
        let dump = try PyMongoDump.directory("""
            collection('Person', [{'_id': 1}])
            collection('Note', [])
            """)
        try FileManager.default.removeItem(atPath: dump + "/Note.bson")
        let inputs = try DumpInputs([dump], className: nil)
        #expect(inputs.data == [dump + "/Person.bson"])
        #expect(messages(inputs.diagnostics(schema: schema, className: nil)) == [
            "note: \(dump)/Note.metadata.json: no Note.bson or Note.bson.gz beside it; class 'Note' gets no objects from this "
                + "directory (its indexes are checked)",
        ])
    }

    @Test func aDirectoryWithBadMetadataOrACollectionTwiceIsRefused() throws {
        let dump = try PyMongoDump.directory("""
            collection('Person', [{'_id': 1}])
            write('Note.metadata.json', '{"text": "not metadata"}')
            """)
        #expect(throws: SourceError.self) { try DumpInputs([dump], className: nil) }
        do {
            _ = try DumpInputs([dump], className: nil)
        } catch let error as SourceError {
            #expect(error.kind == .malformed)
            #expect(error.diagnostic.message == "\(dump)/Note.metadata.json is not mongodump metadata: expected a JSON object "
                        + "with 'indexes' and 'collectionName', as mongodump writes")
        }
        let twice = try PyMongoDump.directory("""
            collection('Person', [{'_id': 1}])
            collection('Person', [{'_id': 2}], gzip=True)
            """)
        #expect(throws: ImportRunError.dumpDirectory(twice, message: "'\(twice)/Person.bson' and '\(twice)/Person.bson.gz' are "
                    + "the same collection twice; keep one of them")) {
            try DumpInputs([twice], className: nil)
        }
    }

    @Test func namedFilesAreMetadataByContentAndTheRestIsData() throws {
        let schema = try schemaFromYAML(PyMongoDump.schema)
        let dump = try PyMongoDump.directory("""
            collection('Person', [{'_id': 1}], indexes=[ID_INDEX, {'v': 2, 'key': {'age': 1}, 'name': 'age_1'}])
            write('people.json', '{"_id": 2}')
            """)
        let inputs = try DumpInputs([dump + "/Person.bson", dump + "/Person.metadata.json", dump + "/people.json", "-"],
                                    className: nil)
        #expect(inputs.data == [dump + "/Person.bson", dump + "/people.json", "-"])
        #expect(messages(inputs.diagnostics(schema: schema, className: nil)) == [
            "note: \(dump)/Person.metadata.json: index 'age_1' on 'age': the schema does not index 'Person.age'; add 'indexed: true' to it",
        ])
        // A metadata file named otherwise is checked against --class, and CSV input is all data.
        try FileManager.default.moveItem(atPath: dump + "/Person.metadata.json", toPath: dump + "/people.metadata.json")
        let named = try DumpInputs([dump + "/people.metadata.json"], className: "Person")
        #expect(named.data.isEmpty && named.diagnostics(schema: schema, className: "Person").count == 1)
        #expect(try DumpInputs([dump + "/people.metadata.json"], className: nil, detectsMetadata: false).data
                    == [dump + "/people.metadata.json"])
        // A pipe is read once, by the import: never opened to tell metadata (which would wait for a writer).
        let fifo = dump + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try DumpInputs([fifo], className: nil).data == [fifo])
    }
}
