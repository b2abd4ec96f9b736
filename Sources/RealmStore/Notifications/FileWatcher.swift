import Foundation
import RealmEngine
import Synchronization

/// Notices commits of other processes (and of other connections of this one) to an observed
/// file through the engine's `StoreWatcher` (it polls `PRAGMA data_version` every 5 ms) and,
/// on each, asks the file's live Realms to refresh at the next turn of their run loops (which
/// delivers their notifications) and its queue observers for a delivery. One watcher per
/// observed file, stopped when no Realm of it is open and no queue observes it (checked every
/// `lifetimeCheck`).
enum FileWatcher {
    static let lifetimeCheck: TimeInterval = 0.05

    private static let watched = Mutex<Set<String>>([])

    /// Starts watching `path` unless it is watched.
    static func watch(path: String) {
        let started = watched.withLock { $0.insert(path).inserted }
        guard started else { return }
        let thread = Thread { run(path) }
        thread.name = "realm-file-watcher"
        thread.start()
    }

    private static func run(_ path: String) {
        let watcher = try? StoreWatcher(path: path) { version in
            for announcer in RealmCore.announcers(of: path, except: nil) { announcer.post(version: version) }
            QueueObservation.announce(path: path)
        }
        while watcher != nil {
            Thread.sleep(forTimeInterval: lifetimeCheck)
            if RealmCore.announcers(of: path, except: nil).isEmpty && !QueueObservation.isObserved(path: path) { break }
        }
        watcher?.stop()
        _ = watched.withLock { $0.remove(path) }
    }
}
