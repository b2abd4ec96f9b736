import Foundation
import RealmEngine

/// The writers of the two-process write tests: each pins versions (as a Realm does), creates
/// one `Log` object in a write transaction, holds it open for a while, then commits.
enum HoldWrite {
    static func run(path: String, id: Int64, seconds: Double) throws {
        let store = try Store(path: path, schema: WriteForever.schema)
        try store.pinVersions()
        try store.beginWrite()
        try store.create("Log", value: ["id": .value(.int(id)), "payload": "process"])
        WriteForever.say("writing")
        Thread.sleep(forTimeInterval: seconds)
        try store.commitWrite()
        WriteForever.say("committed \(try store.count("Log"))")
    }
}
