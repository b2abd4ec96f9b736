import Foundation

/// Notices commits of other processes to an observed file: a background thread looks at the
/// file's write-ahead log (`<path>-wal`: every commit writes it, so its size or modification
/// time moves) every 5 ms and, when it changed, asks the file's live Realms to refresh at the
/// next turn of their run loops (which delivers their notifications) and its queue observers
/// for a delivery. One thread per observed file, ending when no Realm of it is open and no
/// queue observes it.
enum FileWatcher {
    static let interval: TimeInterval = 0.005

    private static let lock = NSLock()
    nonisolated(unsafe) private static var watched: Set<String> = []

    /// Starts watching `path` unless it is watched.
    static func watch(path: String) {
        lock.lock()
        let started = watched.insert(path).inserted
        lock.unlock()
        guard started else { return }
        let thread = Thread { run(path) }
        thread.name = "realm-file-watcher"
        thread.start()
    }

    private static func run(_ path: String) {
        var last = stamp(path)
        while true {
            Thread.sleep(forTimeInterval: interval)
            if RealmCore.announcers(of: path, except: nil).isEmpty && !QueueObservation.isObserved(path: path) {
                lock.lock()
                watched.remove(path)
                lock.unlock()
                return
            }
            let now = stamp(path)
            guard now != last else { continue }
            last = now
            for announcer in RealmCore.announcers(of: path, except: nil) { announcer.post() }
            QueueObservation.announce(path: path)
        }
    }

    /// The write-ahead log's size, modification time and inode (nil while it does not exist).
    private static func stamp(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return nil }
        return [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
    }
}
