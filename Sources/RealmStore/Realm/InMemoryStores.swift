import Foundation

/// The stores of in-memory Realms (`Realm.Configuration.inMemoryIdentifier`).
///
/// SQLite's `:memory:` databases have no write-ahead log, and the engine needs one: each
/// thread's Realm has its own connection reading its own version (a WAL snapshot). So an
/// in-memory Realm is a hidden file in a directory private to the process
/// (`<tmp>/realm-tools-memory-<pid>/`, mode 0700), shared by every Realm of the process opened
/// with the identifier, and deleted (with its `-wal` and `-shm`) when the last of them
/// (live or frozen) is gone: the next open of the identifier starts empty, in a new file.
/// Directories of processes no longer running are removed when a process first opens an
/// in-memory Realm.
///
/// For example:
///
///     let path = InMemoryStores.path(for: "cache")   // the same while a Realm of "cache" lives
enum InMemoryStores {
    private struct Entry {
        let path: String
        var users: Int
    }

    private static let lock = NSLock()
    // nonisolated(unsafe): `entries`, `made` and `directoryPath` are read and written only under `lock`.
    nonisolated(unsafe) private static var entries: [String: Entry] = [:]
    // nonisolated(unsafe): under `lock`, as `entries`.
    nonisolated(unsafe) private static var made = 0
    // nonisolated(unsafe): under `lock`, as `entries`.
    nonisolated(unsafe) private static var directoryPath: String?

    /// The store file of `identifier`: the current one while a Realm of it is open, else a new one.
    static func path(for identifier: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[identifier] { return entry.path }
        made += 1
        let path = directory() + "/memory-\(made).realm"
        entries[identifier] = Entry(path: path, users: 0)
        return path
    }

    /// Whether a Realm of `identifier` is open (its store exists).
    static func isOpen(_ identifier: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return (entries[identifier]?.users ?? 0) > 0
    }

    /// A Realm of `identifier`'s store at `path` opened. When the identifier's last Realm went
    /// away between `path(for:)` and this open, the store at `path` becomes the identifier's
    /// again (its file was deleted, so the open made it empty, as a new in-memory Realm is).
    static func retain(_ identifier: String, _ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries[identifier] == nil { entries[identifier] = Entry(path: path, users: 0) }
        guard entries[identifier]!.path == path else { return }
        entries[identifier]!.users += 1
    }

    /// A Realm of `identifier`'s store at `path` is gone; the last one deletes the store.
    static func release(_ identifier: String, _ path: String) {
        lock.lock()
        defer { lock.unlock() }
        guard entries[identifier]?.path == path else { return }
        entries[identifier]!.users -= 1
        guard entries[identifier]!.users <= 0 else { return }
        entries[identifier] = nil
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// The process's directory, made on first use (removing those of ended processes first).
    private static func directory() -> String {
        if let directoryPath { return directoryPath }
        let parent = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        let prefix = "realm-tools-memory-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + name)
        }
        let path = parent + "/" + prefix + "\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        directoryPath = path
        return path
    }
}
