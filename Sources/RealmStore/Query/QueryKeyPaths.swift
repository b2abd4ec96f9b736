import Foundation

/// Property names of key paths (`\Dog.age` → `"age"`): the entry of the model's property table
/// with that key path (as `observe(keyPaths:)` finds them), cached per key path.
///
/// For example:
///
///     QueryKeyPaths.name(of: \Dog.age)    // "age"
enum QueryKeyPaths {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [AnyKeyPath: String] = [:]

    /// The name of the persisted property `keyPath` reads; traps for a key path that is not
    /// one persisted property of the model (a computed property, `\Dog.owner.name`).
    static func name<Root: ObjectBase, Value>(of keyPath: KeyPath<Root, Value>) -> String {
        lock.lock()
        let cached = names[keyPath]
        lock.unlock()
        if let cached { return cached }
        let info = TypeInfo.of(Root.self)
        guard let name = info.properties.first(where: { $0.accessor.anyKeyPath == keyPath })?.name else {
            RealmError.trap(RealmError.notAPersistedKeyPath(keyPath, info.className))
        }
        lock.lock()
        names[keyPath] = name
        lock.unlock()
        return name
    }
}
