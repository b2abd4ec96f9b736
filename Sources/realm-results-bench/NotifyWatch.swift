import Foundation
import RealmStore

/// `realm-results-bench notify-watch FILE N` (bench/notify_bench.sh): the cross-process
/// latency of a full observer. Observes the `Log` objects of the store that
/// `realm-store-tool bench-notify-write` commits to from another process, with
/// `Results.observe` on this thread's run loop; says `ready` after the initial notification,
/// then for each update `VERSION NOTIFIED_NS INSERTED` (the version the Realm reads, the
/// CLOCK_REALTIME nanoseconds when the block ran, the insertions in it) until N more objects
/// were delivered.
enum NotifyWatch {
    /// The writer's model (`realm-store-tool`'s `Log`).
    final class Log: Object {
        @Persisted(primaryKey: true) var id: Int
        @Persisted var payload: String
        @Persisted var tags: List<String>

        override class func persistedProperties() -> [PersistedProperty] {
            [PersistedProperty("id", \Log.id), PersistedProperty("payload", \Log.payload), PersistedProperty("tags", \Log.tags)]
        }
    }

    static func run(_ path: String, commits: Int) throws {
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), schemaVersion: 1, objectTypes: [Log.self])
        let realm = try Realm(configuration: configuration)
        let results = realm.objects(Log.self)
        var target = Int.max
        var delivered = 0
        let token = results.observe { change in
            switch change {
            case .initial(let logs):
                target = logs.count + commits
                say("ready")
            case .update(let logs, _, let insertions, _):
                let notified = now()
                say("\(realm.store.version) \(notified) \(insertions.count)")
                delivered = logs.count
            case .error(let error):
                fail("observe failed: \(error)\n", status: 1)
            }
        }
        let deadline = Date().addingTimeInterval(120)
        while delivered < target {
            if Date() > deadline { fail("timed out waiting for commits\n", status: 1) }
            RunLoop.current.run(until: Date().addingTimeInterval(0.05))
        }
        token.invalidate()
    }

    /// Writes a line to stdout at once (unbuffered), for the script reading it.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// CLOCK_REALTIME in nanoseconds (comparable with the writer's).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
