import Foundation

/// Property names of key paths (`\Dog.age` → `"age"`), found by reading the key path once on
/// a prototype whose `@Persisted` wrappers report the storage they use (the discovery that
/// `TypeInfo` runs), and cached per key path.
///
/// For example:
///
///     QueryKeyPaths.name(of: \Dog.age)    // "age"
enum QueryKeyPaths {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [AnyKeyPath: String] = [:]

    /// The name of the persisted property `keyPath` reads; traps for a key path that is not
    /// one property of the model (a computed property, `\Dog.owner.name`).
    static func name<Root: ObjectBase, Value>(of keyPath: KeyPath<Root, Value>) -> String {
        lock.lock()
        let cached = names[keyPath]
        lock.unlock()
        if let cached { return cached }
        let info = TypeInfo.of(Root.self)
        let prototype = Root()
        let recorder = DiscoveryRecorder()
        prototype._discovery = recorder
        _ = prototype[keyPath: keyPath]
        prototype._discovery = nil
        guard let storage = recorder.storage, recorder.reads == 1 else {
            RealmError.trap(RealmError.notAPersistedKeyPath(keyPath, info.className))
        }
        let name = info.properties[info.index(ofStorage: storage)].name
        lock.lock()
        names[keyPath] = name
        lock.unlock()
        return name
    }
}
