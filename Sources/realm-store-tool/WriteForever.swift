import Foundation
import RealmEngine
import RealmSchema

/// The writer of the crash and reader tests: commits a known state, then writes a large
/// transaction that never commits, until it is killed.
enum WriteForever {
    /// The number of objects in the committed state.
    static let committed = 1000

    static let schema = CompiledSchema(schemaVersion: 1, models: [
        ModelSchema(name: "Log", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "payload", type: DeclaredType(.string)),
            PropertySchema(name: "tags", type: DeclaredType(.string, collection: .list)),
        ]),
    ])

    /// Writes a line to stdout at once (unbuffered), for the test reading it.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// With `bulkLoad`, both transactions run in a bulk load (`Store.beginBulkLoad()`).
    static func run(path: String, bulkLoad: Bool) throws -> Never {
        let store = try Store(path: path, schema: schema)
        if bulkLoad, try !store.beginBulkLoad() { fail("the bulk load did not start", status: 1) }
        let payload = String(repeating: "x", count: 1000)
        try store.write {
            for id in 0..<committed {
                try store.create("Log", value: ["id": .value(.int(Int64(id))), "payload": .value(.string(payload))])
            }
        }
        say("committed \(committed)")
        try store.beginWrite()
        var id = Int64(committed)
        while true {
            try store.create("Log", value: ["id": .value(.int(id)), "payload": .value(.string(payload)), "tags": ["a", "b"]])
            id += 1
            if id == Int64(committed) + 20_000 {
                say("writing")
            }
        }
    }
}
