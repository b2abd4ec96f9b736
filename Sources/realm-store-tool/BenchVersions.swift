import Foundation
import RealmEngine
import RealmSchema

/// The costs of versions (bench/versions_bench.sh): prints `name microseconds` lines, each the
/// mean over `count` repetitions, in a fresh store at `path` of `WriteForever.schema`'s `Log`.
enum BenchVersions {
    static func run(path: String, count: Int) throws {
        let store = try Store(path: path, schema: WriteForever.schema)
        var id: Int64 = 0
        func create(_ store: Store) throws {
            try store.create("Log", value: ["id": .value(.int(id)), "payload": "x"])
            id += 1
        }
        // One object per write transaction, as the tools commit (no pinned version).
        try report("commit", count) { try store.write { try create(store) } }
        // The same object inserts in one transaction, for scale.
        try store.beginWrite()
        try report("insert", count) { try create(store) }
        // The version counter's bump alone (one per commit).
        try report("bump", count) { try store.bumpVersion() }
        try store.commitWrite()
        // One object per write transaction of a pinning store (Realm's), which ends its read
        // transaction before the write and starts a new one after.
        try store.pinVersions()
        try report("commit-pinned", count) { try store.write { try create(store) } }
        // refresh() with nothing new, and after another connection's commit.
        try report("refresh", count) { _ = try store.refresh() }
        let other = try Store(path: path)
        var otherID = Int64(10_000_000)
        var spent = 0.0
        for _ in 0..<count {
            try other.write {
                try other.create("Log", value: ["id": .value(.int(otherID)), "payload": "y"])
                otherID += 1
            }
            spent += try seconds { _ = try store.refresh() }
        }
        print("refresh-after-commit", String(format: "%.2f", spent / Double(count) * 1e6))
        // A snapshot taken; the live store moving after another commit (to a new connection, as
        // it must while the snapshot shares its own); the snapshot released (its connection and
        // read transaction closed).
        var taking = 0.0, moving = 0.0, releasing = 0.0
        for _ in 0..<count {
            var snapshot: Store?
            taking += try seconds { snapshot = try store.frozenSnapshot() }
            try other.write {
                try other.create("Log", value: ["id": .value(.int(otherID)), "payload": "y"])
                otherID += 1
            }
            moving += try seconds { _ = try store.refresh() }
            releasing += seconds { snapshot = nil }
            _ = snapshot
        }
        for (name, spent) in [("snapshot", taking), ("snapshot-move", moving), ("snapshot-release", releasing)] {
            print(name, String(format: "%.2f", spent / Double(count) * 1e6))
        }
    }

    private static func report(_ name: String, _ count: Int, _ body: () throws -> Void) rethrows {
        let spent = try seconds { for _ in 0..<count { try body() } }
        print(name, String(format: "%.2f", spent / Double(count) * 1e6))
    }

    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
