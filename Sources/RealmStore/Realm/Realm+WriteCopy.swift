import Foundation
import RealmEngine

extension Realm {
    /// Writes a copy of the Realm to a new file at `fileURL`, as Realm Swift's
    /// `writeCopy(toFile:encryptionKey:)`: what the Realm reads now (inside a write
    /// transaction, its uncommitted changes too). The file must not exist
    /// (`Realm.Error.fileExists`); failures of the file are `Realm.Error`s (`.fileAccess` for a
    /// directory that does not exist, `.filePermissionDenied`, `.outOfDiskSpace`), and a
    /// half-written copy is removed. There is no encryption: a key is `Realm.Error.fail`.
    ///
    /// For example:
    ///
    ///     try realm.writeCopy(toFile: URL(fileURLWithPath: "backup.realm"))
    public func writeCopy(toFile fileURL: URL, encryptionKey: Data? = nil) throws {
        if encryptionKey != nil { throw Error(.fail, RealmMessages.noEncryption, fileURL: fileURL) }
        let path = fileURL.path
        if FileManager.default.fileExists(atPath: path) {
            throw Error(.fileExists, RealmMessages.copyTargetExists(path), fileURL: fileURL)
        }
        do {
            try core.read { try $0.writeCopy(to: path) }
        } catch {
            throw Error.writing(path, error)
        }
    }

    /// Writes a copy of the Realm to the file of `configuration` (its `fileURL`), as
    /// `writeCopy(toFile:)` does; an in-memory configuration is `Realm.Error.fail`.
    ///
    /// For example:
    ///
    ///     try realm.writeCopy(configuration: Realm.Configuration(fileURL: backupURL))
    public func writeCopy(configuration: Realm.Configuration) throws {
        guard configuration.inMemoryIdentifier == nil else { throw Error(.fail, RealmMessages.copyToMemory) }
        try writeCopy(toFile: URL(fileURLWithPath: configuration.path))
    }
}
