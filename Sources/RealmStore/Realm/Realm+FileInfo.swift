import Foundation
import RealmEngine

extension Realm {
    /// Whether the file of `config` exists, as Realm Swift's `fileExists(for:)`; an in-memory
    /// configuration's store exists while a Realm of it is open.
    ///
    /// For example:
    ///
    ///     if !Realm.fileExists(for: configuration) { seed() }
    public static func fileExists(for config: Realm.Configuration) -> Bool {
        if let identifier = config.inMemoryIdentifier { return InMemoryStores.isOpen(identifier) }
        return FileManager.default.fileExists(atPath: config.path)
    }
}

/// The schema version stored in the Realm file at `fileURL`, as Realm Swift's
/// `schemaVersionAtURL(_:encryptionKey:)`; reads the file without changing it. Throws
/// `Realm.Error` (`.fileNotFound`, `.invalidDatabase` …) when it cannot; there is no
/// encryption, so a key is `Realm.Error.fail`.
///
/// For example:
///
///     let version = try schemaVersionAtURL(URL(fileURLWithPath: "app.realm"))
public func schemaVersionAtURL(_ fileURL: URL, encryptionKey: Data? = nil) throws -> UInt64 {
    if encryptionKey != nil { throw Realm.Error(.fail, RealmMessages.noEncryption, fileURL: fileURL) }
    do {
        return try Store(path: fileURL.path, readOnly: true).schemaVersion
    } catch {
        throw Realm.Error.opening(fileURL.path, error)
    }
}
