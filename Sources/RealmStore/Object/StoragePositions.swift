import Foundation

/// Which property a wrapper's storage key path (`\Dog._name`, as the compiler passes it to
/// `Persisted`'s accessors) stands for.
///
/// A model with a `persistedProperties()` table knows its key paths up front (`known`, read
/// without a lock). A reflected model knows its wrappers' offsets; the first time a key path
/// is seen its wrapper's offset in the object gives the position, which is kept (with the key
/// path, so its identity stays unique) for the next time.
///
/// For example:
///
///     positions.position(of: storage) ?? positions.learn(storage, offset: 16)
// @unchecked: all fields are `let`s except `learned`, read and written under `lock`; key paths are not Sendable to the compiler.
final class StoragePositions: @unchecked Sendable {
    /// Key paths by instance: a model's key-path literals are instantiated once, so the hot
    /// path finds them without hashing the key path.
    private let known: [ObjectIdentifier: Int]
    /// The same for a model of few properties, searched in order (cheaper than hashing).
    private let knownList: [(path: ObjectIdentifier, position: Int)]
    private let knownPaths: [AnyKeyPath: Int]
    /// Reflected models: property position by wrapper offset.
    private let byOffset: [Int: Int]
    private let lock = NSLock()
    private var learned: [ObjectIdentifier: (path: AnyKeyPath, position: Int)] = [:]

    init(paths: [AnyKeyPath: Int], offsets: [Int: Int]) {
        self.knownPaths = paths
        self.known = Dictionary(paths.map { (ObjectIdentifier($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.knownList = known.count <= 32 ? known.sorted { $0.value < $1.value }.map { ($0.key, $0.value) } : []
        self.byOffset = offsets
    }

    /// The position of the property stored at `storage`, if already known.
    @inline(__always)
    func position(of storage: AnyKeyPath) -> Int? {
        let id = ObjectIdentifier(storage)
        if !knownList.isEmpty {
            for entry in knownList where entry.path == id { return entry.position }
        } else if let position = known[id] {
            return position
        }
        if byOffset.isEmpty { return knownPaths[storage] }
        lock.lock()
        defer { lock.unlock() }
        return learned[ObjectIdentifier(storage)]?.position
    }

    /// The position of the property whose wrapper is at `offset` in the object, remembered for
    /// `storage`; nil when no reflected property is stored there.
    func learn(_ storage: AnyKeyPath, offset: Int) -> Int? {
        guard let position = byOffset[offset] else { return nil }
        lock.lock()
        defer { lock.unlock() }
        learned[ObjectIdentifier(storage)] = (storage, position)
        return position
    }

    /// The position of the reflected property whose wrapper is at `offset`.
    func position(atOffset offset: Int) -> Int? { byOffset[offset] }
}
