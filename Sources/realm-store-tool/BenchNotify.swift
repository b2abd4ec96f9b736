import Foundation
import RealmEngine

/// The cross-process notification benchmark (bench/notify_bench.sh): one process commits, the
/// other watches with a `StoreWatcher` and reads each commit's changes from the change log.
///
///     realm-store-tool bench-notify-watch DB N      says `ready`, then for each report:
///                                                   `VERSION NOTIFIED_NS CHANGES_NS INSERTED`
///     realm-store-tool bench-notify-write DB N MS   commits N `Log` objects one by one, MS
///                                                   milliseconds apart: `VERSION COMMITTED_NS`
///
/// Times are CLOCK_REALTIME nanoseconds, comparable across the two processes.
enum BenchNotify {
    static func write(path: String, commits: Int, pause: Double) throws {
        let store = try Store(path: path, schema: WriteForever.schema)
        let first = try store.count("Log")
        for index in 0..<commits {
            try store.write {
                _ = try store.create("Log", value: ["id": .value(.int(Int64(first + index))), "payload": "notify"])
            }
            WriteForever.say("\(store.version) \(now())")
            Thread.sleep(forTimeInterval: pause / 1000)
        }
    }

    static func watch(path: String, commits: Int) throws {
        let reader = try Store(path: path, schema: WriteForever.schema)
        try reader.pinVersions()
        let target = reader.version + UInt64(commits)
        let state = WatchState(reader: reader)
        let done = DispatchSemaphore(value: 0)
        let watcher = try StoreWatcher(path: path) { _ in
            // Only this thread uses the reader from here on.
            let notified = now()
            guard let (version, inserted) = try? state.advance() else { return }
            WriteForever.say("\(version) \(notified) \(now()) \(inserted)")
            if version >= target { done.signal() }
        }
        WriteForever.say("ready")
        if done.wait(timeout: .now() + 120) == .timedOut { fail("timed out waiting for commits", status: 1) }
        watcher.stop()
    }

    /// CLOCK_REALTIME in nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// The watching side's store, moved by the watcher thread only.
// @unchecked: handed to the watcher thread once, then used by that thread only (Store is not Sendable).
private final class WatchState: @unchecked Sendable {
    let reader: Store

    init(reader: Store) { self.reader = reader }

    /// Refreshes; returns the new version and the number of objects the log says were inserted.
    func advance() throws -> (UInt64, Int) {
        let old = reader.version
        try reader.refresh()
        guard let changes = try reader.changes(from: old, to: reader.version) else { return (reader.version, -1) }
        return (reader.version, changes["Log"].inserted.count)
    }
}
