import Foundation

/// The Realm name of a Swift key path of a model (`\Dog.name` → "name", `\Dog.owner?.name` →
/// "owner.name"), as Realm Swift's `_name(for:)`: the key path is read on a prototype whose
/// wrappers report each property they pass. Names are cached per key path.
///
/// For example:
///
///     KeyPathNames.name(of: \Dog.owner?.name)   // "owner.name"
enum KeyPathNames {
    private static let lock = NSLock()
    // nonisolated(unsafe): read and written only under `lock` (a Mutex cannot take a key path from a generic caller).
    nonisolated(unsafe) private static var cache: [AnyKeyPath: String] = [:]

    /// The dotted property name of `keyPath`; traps with Realm's message when it does not name
    /// a persisted property.
    static func name<Root: ObjectBase>(of keyPath: PartialKeyPath<Root>) -> String {
        lock.lock()
        let cached = cache[keyPath]
        lock.unlock()
        if let cached { return cached }
        let recorder = DiscoveryRecorder(followingLinks: true)
        let prototype = Root.init()
        prototype._discovery = recorder
        _ = prototype[keyPath: keyPath]
        var names: [String] = []
        for step in recorder.steps {
            let info = TypeInfo.of(step.type)
            guard let position = info.storage.position(of: step.storage) ?? info.storage.position(atOffset: step.offset) else {
                RealmMessages.trap(RealmMessages.keyPathNotAProperty(info.className))
            }
            names.append(info.properties[position].name)
        }
        if names.isEmpty { RealmMessages.trap(RealmMessages.keyPathNotAProperty(TypeInfo.of(Root.self).className)) }
        let name = names.joined(separator: ".")
        lock.lock()
        cache[keyPath] = name
        lock.unlock()
        return name
    }
}
