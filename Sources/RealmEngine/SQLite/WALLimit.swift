import CSQLite

/// Keeps the write-ahead log of a store that other processes read all the time from growing
/// without bound. After each commit SQLite's own autocheckpoint copies the log into the file as
/// far as no reader still needs it (a passive checkpoint, from 1,000 frames on); but the log is
/// only started again from its beginning when a checkpoint got through all of it and no reader
/// was using it, and with readers that always hold a version a little older than the last
/// commit (Realms keep a read transaction open; exports read for seconds) that moment never
/// comes: the soak (bench/soak_bench.sh) saw 285 MiB of log over a 3 MiB store in 150 s. So,
/// from `restartFrames` frames on, a commit asks for a restarting checkpoint instead: it holds
/// other writers back for up to `restartWait` while every reader moves to the newest version,
/// and the next commit then starts the log again. A try that runs out of time is not repeated
/// before the log has grown by another quarter of `restartFrames`.
///
/// For example (the engine does this for every writable connection it opens):
///
///     let limit = WALLimit(busyWait)
///     limit.install(on: database)      // replaces SQLite's autocheckpoint hook
// @unchecked: its mutable fields are used only by the WAL hook, which SQLite runs on the thread committing on its connection (one at a time).
final class WALLimit: @unchecked Sendable {
    /// Frames from which a commit checkpoints passively (SQLite's default autocheckpoint).
    static let passiveFrames: Int32 = 1000
    /// Frames from which a commit asks for a restarting checkpoint (64 MiB of 4 KiB pages).
    static let restartFrames: Int32 = 16_384
    /// How long a restarting checkpoint waits for writers to finish and readers to move on.
    static let restartWait: Duration = .milliseconds(100)

    private let busyWait: BusyWait
    /// This connection's threshold (`restartFrames`; lower in tests).
    var restartFrames = WALLimit.restartFrames
    /// No restarting checkpoint below this many frames (after one ran out of time).
    private var nextTry: Int32 = 0
    /// Restarting checkpoints tried and those that got through (tests read them).
    private(set) var restarts = (tried: 0, done: 0)

    init(_ busyWait: BusyWait) {
        self.busyWait = busyWait
    }

    /// Makes `checkpoint(after:)` the connection's WAL hook (SQLite calls it after each commit).
    func install(on database: OpaquePointer) {
        sqlite3_wal_hook(database, walHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The checkpoint after a commit that left `frames` frames in the log of `name`.
    fileprivate func checkpoint(_ database: OpaquePointer, _ name: UnsafePointer<CChar>?, after frames: Int32) {
        guard frames >= max(restartFrames, nextTry) else {
            if frames >= Self.passiveFrames { sqlite3_wal_checkpoint_v2(database, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
            return
        }
        restarts.tried += 1
        let code = busyWait.limited(to: Self.restartWait) {
            sqlite3_wal_checkpoint_v2(database, name, SQLITE_CHECKPOINT_RESTART, nil, nil)
        }
        if code == SQLITE_OK {
            restarts.done += 1
            nextTry = 0
        } else {
            nextTry = frames + restartFrames / 4
        }
    }
}

/// `WALLimit.checkpoint(after:)` as SQLite's WAL hook.
private let walHook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
    context, database, name, frames in
    if let context, let database {
        Unmanaged<WALLimit>.fromOpaque(context).takeUnretainedValue().checkpoint(database, name, after: frames)
    }
    return SQLITE_OK
}
