import Foundation
import RealmEngine

extension Realm {
    /// Deletes the store file of `config` and the files beside it (`-wal`, `-shm`,
    /// `-journal`); returns whether there was anything to delete. Throws
    /// `Realm.Error.alreadyOpen` while a Realm of this process has the file open, as Realm does;
    /// an in-memory configuration has no files (false).
    ///
    /// For example:
    ///
    ///     try Realm.deleteFiles(for: Realm.Configuration(fileURL: url))
    @discardableResult
    public static func deleteFiles(for config: Realm.Configuration) throws -> Bool {
        if config.inMemoryIdentifier != nil { return false }
        let path = config.path
        if RealmCore.isOpen(path) {
            throw Error(.alreadyOpen, RealmMessages.deleteOpenFiles(path), fileURL: URL(fileURLWithPath: path))
        }
        return try deleteStoreFiles(path)
    }

    /// Deletes the store file at `path` and its companions; whether any existed.
    @discardableResult
    static func deleteStoreFiles(_ path: String) throws -> Bool {
        var deleted = false
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.removeItem(atPath: path + suffix)
            } catch {
                throw Error(.fileOperationFailed, RealmMessages.cannotDelete(path + suffix), fileURL: URL(fileURLWithPath: path))
            }
            deleted = true
        }
        return deleted
    }
}
