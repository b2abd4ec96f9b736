import Foundation
import RealmEngine
import RealmSchema

/// The shared state behind every `Realm` value for one file: the store, the model types,
/// the change counter caches depend on, and the first error of the open write transaction.
final class RealmCore {
    let configuration: Realm.Configuration
    let store: Store
    /// Model types by class name.
    private(set) var types: [String: TypeInfo] = [:]
    /// The same by Swift type, for the hot paths.
    private var typesByID: [ObjectIdentifier: TypeInfo] = [:]
    /// Bumped on every change; cached rows and results re-read after it moves.
    var generation = 0
    /// Bumped by `invalidate()`: objects and collections from an older epoch are invalid.
    var epoch = 0
    /// The first error of a non-throwing operation in the open write transaction.
    var pendingError: (any Error)?
    /// Whether the open write transaction added models to the store.
    var addedModelsInWrite = false

    private init(configuration: Realm.Configuration, store: Store, types: [TypeInfo]) {
        self.configuration = configuration
        self.store = store
        for info in types { self.types[info.className] = info }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var open: [String: Weak] = [:]
    /// The model type last used for each class name: a program's current model of the class.
    nonisolated(unsafe) private static var usedTypes: [String: ObjectBase.Type] = [:]
    /// Class names of `usedTypes` in first-use order.
    nonisolated(unsafe) private static var usedOrder: [String] = []

    private final class Weak {
        weak var core: RealmCore?
        init(_ core: RealmCore) { self.core = core }
    }

    /// Remembers a model type for configurations without `objectTypes` (replacing a type used
    /// before under the same class name).
    static func noteUsed(_ type: ObjectBase.Type) {
        let name = type.className()
        lock.lock()
        defer { lock.unlock() }
        if usedTypes.updateValue(type, forKey: name) == nil { usedOrder.append(name) }
    }

    /// The open core of the configuration's file, or a newly opened one.
    static func open(_ configuration: Realm.Configuration) throws -> RealmCore {
        let path = configuration.path
        lock.lock()
        let cached = open[path]?.core
        let used = usedOrder.map { usedTypes[$0]! }
        lock.unlock()
        let requested = closure(configuration.objectTypes ?? used)
        if let cached {
            try cached.register(requested)
            return cached
        }
        let infos = requested.map(TypeInfo.of)
        let schema = try mergedSchema(path: path, infos: infos, version: configuration.schemaVersion)
        let oldVersion = (try? Store.storedSchema(at: path).schemaVersion) ?? 0
        let migration: ((Migration) throws -> Void)? = configuration.migrationBlock.map { block in
            { migration in block(migration, oldVersion) }
        }
        let store = try Store(path: path, schema: schema, migration: migration)
        let core = RealmCore(configuration: configuration, store: store, types: infos)
        lock.lock()
        open[path] = Weak(core)
        lock.unlock()
        return core
    }

    /// `types` and every type they link to, in first-seen order.
    static func closure(_ types: [ObjectBase.Type]) -> [ObjectBase.Type] {
        var seen = Set<ObjectIdentifier>()
        var result: [ObjectBase.Type] = []
        var queue = types
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            result.append(type)
            queue += TypeInfo.of(type).linkedTypes
        }
        return result
    }

    /// The schema to open the file with: stored models the Swift types agree with stay as
    /// stored (keeping docs, defaults and enum lists); others come from the Swift types.
    static func mergedSchema(path: String, infos: [TypeInfo], version: UInt64) throws -> Schema {
        let typed = infos.map(\.model)
        guard FileManager.default.fileExists(atPath: path), let stored = try? Store.storedSchema(at: path) else {
            return Schema(schemaVersion: version, models: typed)
        }
        var models = stored.models.map { model in
            guard let swift = typed.first(where: { $0.name == model.name }) else { return model }
            return SchemaCompatibility.agree(stored: model, swift: swift) ? model : swift
        }
        models += typed.filter { model in !stored.models.contains { $0.name == model.name } }
        return Schema(schemaVersion: version, models: models)
    }

    /// Makes `types` (and their links) known, adding missing models to the store; a type whose
    /// stored model differs in a way only a migration may bring about fails with
    /// `StoreError.Code.migrationRequired`, as the open would have.
    func register(_ requested: [ObjectBase.Type]) throws {
        var missing: [TypeInfo] = []
        for type in requested where types[type.className()].map({ $0.type != type }) ?? true {
            let info = TypeInfo.of(type)
            try store.requireNoMigration(for: info.model)
            types[info.className] = info
            if store.schema.model(named: info.className) == nil { missing.append(info) }
        }
        if !missing.isEmpty {
            if store.isInWriteTransaction { addedModelsInWrite = true }
            try store.addModels(missing.map(\.model))
            generation += 1
        }
    }

    /// The description of a model type, registering it (and its links) on first use.
    func typeInfo(_ type: ObjectBase.Type) -> TypeInfo {
        if let info = typesByID[ObjectIdentifier(type)] { return info }
        if let info = types[type.className()], info.type == type {
            typesByID[ObjectIdentifier(type)] = info
            return info
        }
        RealmCore.noteUsed(type)
        do {
            try register(RealmCore.closure([type]))
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
        return types[type.className()]!
    }

    /// The model type registered for a class name.
    func typeInfo(named className: String) -> TypeInfo {
        guard let info = types[className] else {
            RealmError.trap(RealmError.unknownClass(className))
        }
        return info
    }

    /// A managed object for a key.
    func object(_ key: ObjectKey) -> ObjectBase {
        let info = typeInfo(named: key.className)
        let object = info.type.init()
        object._state = _ObjectState(realm: Realm(core: self), key: key, info: info)
        return object
    }

    /// Forgets types whose models a cancelled transaction took out of the store again.
    func dropTypesMissingFromStore() {
        types = types.filter { store.schema.model(named: $0.key) != nil }
        typesByID = typesByID.filter { store.schema.model(named: $0.value.className) != nil }
    }

    /// Marks a change: cached rows and results re-read.
    func didChange() {
        generation += 1
    }
}

/// Whether a model stored in a file and the model a Swift class declares describe the same
/// storage, so the stored one (with its docs, defaults and enum lists) can stay.
enum SchemaCompatibility {
    static func agree(stored: ModelSchema, swift: ModelSchema) -> Bool {
        guard stored.kind == swift.kind, stored.properties.count == swift.properties.count else { return false }
        for (a, b) in zip(stored.properties, swift.properties) {
            guard a.name == b.name, a.storedName == b.storedName, a.type == b.type,
                  a.isPrimaryKey == b.isPrimaryKey, (a.indexed == .none) == (b.indexed == .none) else { return false }
        }
        return true
    }
}
