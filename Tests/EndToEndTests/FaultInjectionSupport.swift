import Foundation
import RealmEngine
import TestSupport
import Testing

/// Helpers of the fault-injection tests: NDJSON batches of `Item`s (the schema of
/// `RealmImportCommandTests`), a store directory and the settings read from the environment.
enum Faults {
    static let schema = RealmImportCommandTests.schema

    /// `FAULT_KILLS`: how many times the SIGKILL test kills an import (default 20, as the
    /// issue asks: about 5 s on a quiet machine).
    static var kills: Int { environment("FAULT_KILLS") ?? 20 }
    /// `FAULT_SECONDS`: how long the parallel-processes test runs (default 3; the issue's
    /// minute is `FAULT_SECONDS=60`).
    static var seconds: Int { environment("FAULT_SECONDS") ?? 3 }
    /// `FAULT_SEED`: the seed of the kill moments (default: the time; every failure names it).
    static var seed: UInt64 { environment("FAULT_SEED").map(UInt64.init) ?? UInt64(Date().timeIntervalSince1970) }

    private static func environment(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    /// `count` NDJSON `Item` documents with keys `<prefix>0` …
    static func batch(_ count: Int, prefix: String) -> Data {
        var text = ""
        text.reserveCapacity(count * 60)
        for index in 0..<count {
            text += #"{"sku": "\#(prefix)\#(index)", "qty": \#(index), "tags": {"a": "x\#(index)"}}"# + "\n"
        }
        return Data(text.utf8)
    }

    /// A new directory with `schema.yaml` and a store `s.sqlite` holding `initial` items.
    static func workspace(_ prefix: String, initial: Int = 3, in parent: String? = nil) throws -> String {
        let directory = try parent ?? Temporary.path(prefix)
        try schema.write(toFile: directory + "/schema.yaml")
        try batch(initial, prefix: "first").write(to: URL(fileURLWithPath: directory + "/first.ndjson"))
        let first = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item",
                                                  "--quiet", "first.ndjson"], in: directory)
        try #require(first.status == 0, "\(first.stderr)")
        return directory
    }

    /// The number of items of the store at `path`, after checking its integrity.
    static func checkedCount(_ path: String, _ comment: String) throws -> Int {
        let store = try Store(path: path)
        #expect(try store.integrityCheck() == "ok", "\(comment)")
        return try store.count("Item")
    }
}
