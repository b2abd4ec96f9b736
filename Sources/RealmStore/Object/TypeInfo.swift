import Foundation
import RealmEngine
import RealmSchema
import Synchronization

/// What the typed API knows about one model class: its properties (its `@Persisted` fields
/// found by reflection, or the class's `persistedProperties()` table when it declares one)
/// with their wrappers' options, and its schema. Built once per class and cached.
// @unchecked: every field is a `let` set in init, but metatypes and accessors are not Sendable to the compiler.
final class TypeInfo: @unchecked Sendable {
    /// One property of the model.
    struct Property {
        let name: String
        let accessor: PropertyAccessor
        let options: PersistedOptions
        let type: DeclaredType
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
    /// Property positions by wrapper storage key path.
    let storage: StoragePositions
    let model: ModelSchema
    /// Whether iteration may re-point an object of the model at the next row (`ObjectRecycling`).
    let recyclable: Bool

    init(_ type: ObjectBase.Type) {
        self.type = type
        self.className = type.className()
        self.kind = type._rlmKind
        let table = type.persistedProperties()
        var properties: [Property] = []
        if table.isEmpty {
            let fields = ModelReflection.properties(of: type, ignoring: Set(type._rlmIgnoredProperties))
            if fields.isEmpty { RealmMessages.trap(RealmMessages.noPersistedProperties(type.className())) }
            for field in fields {
                properties.append(Property(name: field.name, accessor: field.accessor, options: field.options,
                                           type: field.accessor.propertyType(field.options)))
            }
            self.storage = StoragePositions(paths: [:], offsets: Dictionary(fields.enumerated().map { ($1.offset, $0) },
                                                                             uniquingKeysWith: { first, _ in first }))
        } else {
            let prototype = type.init()
            let recorder = DiscoveryRecorder()
            prototype._discovery = recorder
            var paths: [AnyKeyPath: Int] = [:]
            for entry in table {
                recorder.storage = nil
                entry.accessor.discover(prototype)
                guard let path = recorder.storage else {
                    RealmMessages.trap(RealmMessages.notPersisted(type.className(), entry.name))
                }
                paths[path] = properties.count
                entry.accessor.useStorage(path)
                let propertyType = entry.accessor.propertyType(recorder.options)
                properties.append(Property(name: entry.name, accessor: entry.accessor, options: recorder.options, type: propertyType))
            }
            prototype._discovery = nil
            self.storage = StoragePositions(paths: paths, offsets: [:])
        }
        self.properties = Self.applyingClassDeclarations(of: type, to: properties)
        self.recyclable = ObjectRecycling.allowed(for: type)
        self.inputPositions = properties.indices.filter { !properties[$0].type.isLinkingObjects }
        self.linkFreePositions = inputPositions.filter { !properties[$0].needsLinks }
        self.linkFreeOrder = InputOrder(names: linkFreePositions.map { properties[$0].name })
        self.rowNames = properties.map { $0.isCollection || $0.type.isLinkingObjects ? nil : $0.name }
        properties = self.properties
        self.positions = Dictionary(properties.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let mapping = type.propertiesMapping(), fullText = Set(type.fullTextIndexedProperties())
        self.model = ModelSchema(
            name: className, kind: kind,
            primaryKey: properties.first { $0.options.primaryKey }?.name,
            properties: properties.map { property in
                PropertySchema(name: property.name, type: property.type,
                               indexed: fullText.contains(property.name) && property.type.base == .string && property.type.collection == .single
                                   ? .fulltext : property.options.indexed && !property.options.primaryKey ? .regular : .none,
                               isPrimaryKey: property.options.primaryKey, mapTo: mapping[property.name])
            })
    }

    /// `properties` with the primary key and indexes an `Object` class names in
    /// `primaryKey()` and `indexedProperties()`, checked as Realm checks them.
    private static func applyingClassDeclarations(of type: ObjectBase.Type, to properties: [Property]) -> [Property] {
        guard let objectType = type as? Object.Type else { return properties }
        let primaryKey = objectType.primaryKey(), indexed = Set(objectType.indexedProperties())
        if let primaryKey {
            guard let property = properties.first(where: { $0.name == primaryKey }) else {
                RealmMessages.trap(RealmMessages.noSuchPrimaryKey(primaryKey, type.className()))
            }
            let keyType: Bool = switch property.type.base {
            case .int, .string, .objectId, .uuid: true
            default: false
            }
            guard property.type.collection == .single, keyType else {
                RealmMessages.trap(RealmMessages.notAPrimaryKeyType(primaryKey, type.className()))
            }
        }
        guard primaryKey != nil || !indexed.isEmpty else { return properties }
        return properties.map { property in
            var options = property.options
            if let primaryKey { options.primaryKey = property.name == primaryKey }
            if indexed.contains(property.name) { options.indexed = true }
            return Property(name: property.name, accessor: property.accessor, options: options, type: property.type)
        }
    }

    /// A class read by name (`DynamicObject`): its stored model and no Swift properties (see
    /// `TypeInfo.dynamic`).
    init(dynamic model: ModelSchema) {
        (type, className, kind, self.model) = (DynamicObject.self, model.name, model.kind, model)
        (properties, positions, rowNames) = ([], [:], [])
        (inputPositions, linkFreePositions) = ([], [])
        linkFreeOrder = InputOrder(names: [])
        storage = StoragePositions(paths: [:], offsets: [:])
        recyclable = false
    }

    /// The position of the property whose wrapper is stored at `storage` in `object`.
    @inline(__always)
    func index<Root: ObjectBase, Value>(ofStorage storage: ReferenceWritableKeyPath<Root, Persisted<Value>>, in object: Root) -> Int {
        if let position = self.storage.position(of: storage) { return position }
        guard let position = self.storage.learn(storage, offset: Self.offset(of: storage, in: object)) else {
            RealmMessages.trap(RealmMessages.missingFromPropertyTable(className))
        }
        return position
    }

    /// The offset in `object` of the wrapper stored at `storage`.
    static func offset<Root: ObjectBase, Value>(of storage: ReferenceWritableKeyPath<Root, Value>, in object: Root) -> Int {
        withUnsafeMutablePointer(to: &object[keyPath: storage]) { UnsafeMutableRawPointer($0) - ModelReflection.field(object, 0) }
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
    /// The positions of the properties an object is stored with (all but linking objects),
    /// and of those among them that refer to no object (written before links).
    let inputPositions: [Int]
    let linkFreePositions: [Int]
    /// The names of the link-free properties, the order in which a new object's are given.
    let linkFreeOrder: InputOrder

    private static let cache = Mutex<[ObjectIdentifier: TypeInfo]>([:])

    /// The cached description of `type`.
    static func of(_ type: ObjectBase.Type) -> TypeInfo {
        let id = ObjectIdentifier(type)
        if let info = cache.withLock({ $0[id] }) { return info }
        let info = TypeInfo(type)
        return cache.withLock { cache in
            if let existing = cache[id] { return existing }
            cache[id] = info
            return info
        }
    }
}
