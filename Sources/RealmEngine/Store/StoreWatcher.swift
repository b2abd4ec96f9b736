import Foundation

/// Watches a store file for commits by any connection — other stores in this process, other
/// processes — and calls back with each new version (`_realm_meta.version`).
///
/// A background thread polls `PRAGMA data_version` on its own read-only connection every
/// `interval` (a read of the WAL index in shared memory: no file I/O while nothing changes);
/// when it moves, the thread reads the version counter and calls `onCommit` with it, on the
/// watcher's thread, when it differs from the last one reported. Several commits landing
/// within one interval are reported once, with the newest version; the log
/// (`Store.changes(from:to:)`) has each. `stop()` (or releasing the watcher) ends the thread.
///
/// For example:
///
///     let watcher = try StoreWatcher(path: "app.sqlite") { version in
///         print("now at version", version)
///     }
///     defer { watcher.stop() }
public final class StoreWatcher: Sendable {
    /// The version the store file had when the watcher started.
    public let startVersion: UInt64
    private let state: WatcherState

    /// Starts watching the store at `path` (which must exist), polling every `interval`.
    public init(path: String, interval: Duration = .milliseconds(5),
                onCommit: @escaping @Sendable (UInt64) -> Void) throws {
        let store = try Store(path: path, readOnly: true)
        let connection = store.connection
        startVersion = try store.versionCounter()
        state = WatcherState()
        let poller = Poller(connection: connection, version: startVersion, dataVersion: try Poller.dataVersion(connection))
        let state = self.state
        let thread = Thread {
            while state.wait(interval) {
                guard let version = try? poller.poll() else { continue }
                onCommit(version)
            }
            state.finished()
        }
        thread.name = "StoreWatcher"
        thread.start()
    }

    /// Ends the watching; returns once the thread will call back no more.
    public func stop() {
        state.stop()
    }

    deinit {
        state.stop()
    }
}

/// The watcher thread's connection and what it last saw (used by that thread only, once
/// started).
// @unchecked: handed to the watcher thread once at start, then used by that thread only (its connection included).
private final class Poller: @unchecked Sendable {
    let connection: Connection
    var version: UInt64
    var dataVersion: Int64

    init(connection: Connection, version: UInt64, dataVersion: Int64) {
        self.connection = connection
        self.version = version
        self.dataVersion = dataVersion
    }

    static func dataVersion(_ connection: Connection) throws -> Int64 {
        let statement = try connection.cached("PRAGMA data_version")
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// The new version when another connection committed since the last poll.
    func poll() throws -> UInt64? {
        let data = try Poller.dataVersion(connection)
        guard data != dataVersion else { return nil }
        dataVersion = data
        let statement = try connection.cached("SELECT value FROM _realm_meta WHERE key = 'version'")
        defer { statement.reset() }
        let current = try statement.step() ? UInt64(max(0, statement.int64(0))) : 0
        guard current != version else { return nil }
        version = current
        return current
    }
}

/// Whether the watcher runs; `stop()` wakes the thread and waits for it to finish.
// @unchecked: `running` and `done` are read and written only while `condition` is locked.
private final class WatcherState: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = true
    private var done = false

    /// Sleeps `interval` (or until stopped); returns whether to poll again.
    func wait(_ interval: Duration) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if running {
            let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return running
    }

    func stop() {
        condition.lock()
        defer { condition.unlock() }
        running = false
        condition.broadcast()
        if Thread.current.name == "StoreWatcher" { return }
        while !done { condition.wait() }
    }

    func finished() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }
}
