import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema

/// The fixed schema and data the import and query targets work on, and the temporary files of
/// their stores: one directory per process in the system's temporary directory, holding at
/// most three small stores (it is not removed at exit).
enum FuzzStores {
    /// `schemas/people.yaml` (the demo schema, without docs) plus a class without a primary key.
    static let schemaText = """
        models:
          Person:
            primaryKey: _id
            properties:
              _id: objectId
              name: { type: string, indexed: true }
              age: int?
              email: string?
              nicknames: string<>
              scores: double{}
              dogs: Dog[]
              address: Address?
              bestFriend: Person?
              extra: mixed
              status: { type: string, enum: [active, retired], default: active }
              bio: { type: string?, indexed: fulltext }
              createdAt: { type: date, indexed: true, mapTo: created_at }
              balance: { type: decimal128, default: "0.00" }
          Dog:
            primaryKey: _id
            properties:
              _id: uuid
              name: string
              breed: string?
              age: { type: int8, default: 0 }
              photo: data?
              toys: Toy[]
              owners: { type: linkingObjects, objectType: Person, property: dogs }
          Toy:
            embedded: true
            properties:
              brand: string
              price: double
          Address:
            embedded: true
            properties:
              street: string
              city: string?
              zip: string?
          Note:
            properties:
              text: string
              done: bool
              weight: float?
              tags: mixed{}
              days: date[]
        """

    /// What every store starts with: two people, their dogs and a note.
    static let seedJSON = """
        {"Person": [
          {"_id": {"$oid": "6560a1f0c0ffee0000000001"}, "name": "Ada", "age": 36, "nicknames": ["Enchantress"],
           "scores": {"math": 99.5, "poetry.science": 88}, "address": {"street": "St James's Square", "zip": null},
           "dogs": [{"_id": {"$uuid": "3b241101-e2bb-4255-8caf-4136c566a962"}, "name": "Rex", "age": 3,
                     "toys": [{"brand": "Kong", "price": 12.5}]}],
           "bestFriend": {"$oid": "6560a1f0c0ffee0000000002"}, "extra": {"k": [1, "two", null]},
           "bio": "Wrote the first algorithm", "createdAt": {"$date": "2024-01-15T09:30:00.123Z"},
           "balance": {"$numberDecimal": "1843.10"}},
          {"_id": {"$oid": "6560a1f0c0ffee0000000002"}, "name": "Charles", "age": null,
           "dogs": ["3b241101-e2bb-4255-8caf-4136c566a962"], "extra": 42, "status": "retired",
           "createdAt": {"$date": {"$numberLong": "-4733596800000"}}}],
         "Note": [{"text": "hello", "done": true, "weight": 1.5, "tags": {"a": 1}, "days": [{"$date": "2020-02-29T00:00:00Z"}]}]}
        """

    /// The compiled `schemaText`.
    static let schema: CompiledSchema = {
        guard let schema = SchemaCompiler.compile([SchemaSource(path: "fuzz-schema.yaml", text: schemaText)]).schema else {
            fatalError("fuzz: the fixed schema does not compile")
        }
        return schema
    }()

    /// This process's directory for the targets' store files.
    static let directory: String = {
        let path = NSTemporaryDirectory() + "/realm-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A new store at `name` in `directory` (any old one removed) holding `seedJSON`: a copy
    /// of a store made once per process (copying is much faster than creating and importing).
    static func seededStore(_ name: String) throws -> Store {
        try copy(of: seededTemplate, to: name)
    }

    /// A new store at `name` in `directory` with `schema` and no objects (a copy, as above).
    static func emptyStore(_ name: String) throws -> Store {
        try copy(of: emptyTemplate, to: name)
    }

    private static let seededTemplate = template("seeded-template.sqlite", json: seedJSON)
    private static let emptyTemplate = template("empty-template.sqlite", json: nil)

    /// Makes the closed store file `name` holding `json`; stops the process when it cannot.
    private static func template(_ name: String, json: String?) -> String {
        let path = directory + "/" + name
        remove(path)
        do {
            let store = try Store(path: path, schema: schema)
            if let json {
                let importer = try Importer(store: store, options: ImportOptions())
                try importer.importInput(DocumentSource(bytes: Array(json.utf8), name: "seed.json", options: importer.sourceOptions))
                guard try importer.finish().committed else { fatalError("fuzz: the seed data does not import") }
            }
        } catch {
            fatalError("fuzz: the template store \(name) cannot be made: \(error)")
        }
        return path
    }

    private static func copy(of template: String, to name: String) throws -> Store {
        let path = directory + "/" + name
        remove(path)
        try FileManager.default.copyItem(atPath: template, toPath: path)
        return try Store(path: path)
    }

    /// Removes the store file at `path` with its WAL and shared-memory files.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Every object of `store` as relaxed Extended JSON (what `realm-export` prints).
    static func export(_ store: Store) throws -> String {
        let output = ExportOutput.memory()
        try Exporter(store: store, options: ExportOptions(), output: output).export()
        return output.text
    }
}
