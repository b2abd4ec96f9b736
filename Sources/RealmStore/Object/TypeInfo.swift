import Foundation
import RealmEngine
import RealmSchema

/// What the typed API knows about one model class: its properties (from the class's
/// `persistedProperties()` table and its wrappers' options) and its schema. Built once per
/// class and cached.
final class TypeInfo: @unchecked Sendable {
    /// One property of the model.
    struct Property {
        let name: String
        let accessor: PropertyAccessor
        let options: PersistedOptions
        let type: PropertyType
        /// Whether the input of this property may refer to other objects (links, mixed).
        var needsLinks: Bool { type.base.isObject || type.base == .mixed }
        var isCollection: Bool { type.collection != .single }
    }

    let type: ObjectBase.Type
    let className: String
    let kind: ModelKind
    /// Declared properties in order, `LinkingObjects` included.
    let properties: [Property]
    let positions: [String: Int]
    private let storagePositions: [AnyKeyPath: Int]
    /// The same by key-path instance: a model's key-path literals are instantiated once, so
    /// the hot path finds them without hashing the key path.
    private let storageIdentities: [ObjectIdentifier: Int]
    let model: ModelSchema

    init(_ type: ObjectBase.Type) {
        self.type = type
        self.className = type.className()
        self.kind = type._rlmKind
        let table = type.persistedProperties()
        let prototype = type.init()
        let recorder = DiscoveryRecorder()
        prototype._discovery = recorder
        var properties: [Property] = []
        var storage: [AnyKeyPath: Int] = [:]
        for entry in table {
            recorder.storage = nil
            entry.accessor.discover(prototype)
            guard let path = recorder.storage else {
                RealmError.trap(RealmError.notPersisted(type.className(), entry.name))
            }
            storage[path] = properties.count
            entry.accessor.useStorage(path)
            let propertyType = entry.accessor.propertyType(recorder.options)
            properties.append(Property(name: entry.name, accessor: entry.accessor, options: recorder.options, type: propertyType))
        }
        prototype._discovery = nil
        self.properties = properties
        self.rowNames = properties.map { $0.isCollection || $0.type.isLinkingObjects ? nil : $0.name }
        self.storagePositions = storage
        self.storageIdentities = Dictionary(storage.map { (ObjectIdentifier($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.positions = Dictionary(properties.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let mapping = type.propertiesMapping()
        self.model = ModelSchema(
            name: className, kind: kind,
            primaryKey: properties.first { $0.options.primaryKey }?.name,
            properties: properties.map { property in
                PropertySchema(name: property.name, type: property.type,
                               indexed: property.options.indexed && !property.options.primaryKey ? .regular : .none,
                               isPrimaryKey: property.options.primaryKey, mapTo: mapping[property.name])
            })
    }

    /// Key paths of wrappers met since, by instance (a getter inlined at another call site
    /// has key-path instances of its own), kept so that their identity stays theirs.
    private var metStorage: [ObjectIdentifier: (AnyKeyPath, Int)] = [:]
    private let metLock = NSLock()

    /// The position of the property whose wrapper is stored at `storage`.
    func index(ofStorage storage: AnyKeyPath) -> Int {
        let id = ObjectIdentifier(storage)
        if let position = storageIdentities[id] { return position }
        metLock.lock()
        let met = metStorage[id]
        metLock.unlock()
        if let met { return met.1 }
        guard let position = storagePositions[storage] else {
            RealmError.trap(RealmError.missingFromPropertyTable(className))
        }
        metLock.withLock { metStorage[id] = (storage, position) }
        return position
    }

    /// The property with this name.
    func property(named name: String) -> Property? {
        positions[name].map { properties[$0] }
    }

    /// The primary-key property, if any.
    var primaryKey: Property? { properties.first { $0.options.primaryKey } }

    /// The object types this model links to.
    var linkedTypes: [ObjectBase.Type] { properties.compactMap { $0.accessor.objectType } }
    /// The names of the properties an object's row holds, by position (nil: collections and
    /// linking objects, read apart).
    let rowNames: [String?]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [ObjectIdentifier: TypeInfo] = [:]

    /// The cached description of `type`.
    static func of(_ type: ObjectBase.Type) -> TypeInfo {
        let id = ObjectIdentifier(type)
        lock.lock()
        if let info = cache[id] {
            lock.unlock()
            return info
        }
        lock.unlock()
        let info = TypeInfo(type)
        lock.lock()
        defer { lock.unlock() }
        if let existing = cache[id] { return existing }
        cache[id] = info
        return info
    }
}
