import Foundation
import RealmEngine
import RealmSchema

/// The state behind every `Realm` value of one file on one thread (or of one frozen
/// version): the store, the model types, the change counter caches depend on, and the first
/// error of the open write transaction.
///
/// A live core belongs to the thread that opened it (`thread`); its store pins one version
/// (Store+Versions). A frozen core is read from any thread: every access goes through
/// `read(_:)`, which holds its connection's lock, hence `@unchecked Sendable`.
// @unchecked: a live core is used only on its thread; a frozen one only through `read(_:)`, under its connection's lock.
final class RealmCore: @unchecked Sendable {
    let configuration: Realm.Configuration
    let store: Store
    /// The thread of a live core (meaningless for an actor's core).
    let thread: pthread_t
    /// Whether a live core is confined to an actor rather than a thread (RealmCore+Actor).
    let isActorConfined: Bool
    /// The identity of the serial queue a live core is confined to instead of a thread (see
    /// `RealmCore.queueKey`), or nil.
    let queueID: Int?
    /// The actor of an actor-confined core (weak: the actor usually holds its Realm).
    weak var actor: (any Actor)?
    /// Whether this is a frozen snapshot (RealmCore+Versions).
    let isFrozen: Bool
    /// Whether the core moves to the newest version when its thread's run loop turns after
    /// another instance committed (Realm's `autorefresh`).
    var autorefresh = true
    /// The newest version Realm observers heard `.refreshRequired` of (RealmCore+Versions).
    var refreshRequiredVersion: UInt64 = 0
    /// Frozen cores of this live core, by version.
    var frozenCores: [UInt64: Weak] = [:]
    /// Where other threads' commits are announced to a live core.
    let announcer: CommitAnnouncer?
    /// The queued asynchronous write transactions of a live core (Realm+AsyncWrite).
    let asyncWrites = AsyncWrites()
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
    /// The change notifications registered with this live core (Notifications/).
    lazy var notifier = Notifier(scheduler: announcer)

    init(configuration: Realm.Configuration, store: Store, types: [TypeInfo], frozen: Bool, actor: (any Actor)? = nil,
         queue: DispatchQueue? = nil) {
        self.configuration = configuration
        self.store = store
        self.thread = pthread_self()
        self.isActorConfined = actor != nil
        self.actor = actor
        self.queueID = queue.map(RealmCore.identity(of:))
        self.isFrozen = frozen
        self.autorefresh = !frozen
        self.announcer = frozen ? nil : CommitAnnouncer(actor: actor, queue: queue)
        for info in types { self.types[info.className] = info }
        announcer?.core = self
        if let memoryPath = configuration.memoryPath, let identifier = configuration.inMemoryIdentifier {
            InMemoryStores.retain(identifier, memoryPath)
        }
    }

    deinit {
        if let memoryPath = configuration.memoryPath, let identifier = configuration.inMemoryIdentifier {
            InMemoryStores.release(identifier, memoryPath)
        }
    }

    /// The open live cores, by file and thread (or actor).
    private struct OpenKey: Hashable {
        let path: String
        let thread: pthread_t
        let actor: ObjectIdentifier?
        let queue: Int?
    }

    private static let lock = NSLock()
    // nonisolated(unsafe): `open`, `usedTypes` and `usedOrder` are read and written only under `lock`.
    nonisolated(unsafe) private static var open: [OpenKey: Weak] = [:]
    /// The model type last used for each class name: a program's current model of the class.
    // nonisolated(unsafe): under `lock`, as `open`.
    nonisolated(unsafe) private static var usedTypes: [String: ObjectBase.Type] = [:]
    /// Class names of `usedTypes` in first-use order.
    // nonisolated(unsafe): under `lock`, as `open`.
    nonisolated(unsafe) private static var usedOrder: [String] = []

    final class Weak {
        weak var core: RealmCore?
        let announcer: CommitAnnouncer?
        init(_ core: RealmCore) {
            self.core = core
            self.announcer = core.announcer
        }
    }

    /// Remembers a model type for configurations without `objectTypes` (replacing a type used
    /// before under the same class name).
    static func noteUsed(_ type: ObjectBase.Type) {
        let name = type.className()
        lock.lock()
        defer { lock.unlock() }
        if usedTypes.updateValue(type, forKey: name) == nil { usedOrder.append(name) }
    }

    /// The page cache of each Realm's connection: 2 MiB (SQLite's default), not the 64 MiB a
    /// `Store` opens with for imports. Every thread's Realm has a connection of its own, and a
    /// scan through a large store fills whatever cache it has: filling a cache costs more than
    /// re-reading pages from the OS's file cache (`count` over a million objects walks an 11 MB
    /// index in twice the time with 8 MiB as with 2 MiB), and shows as memory growing with the
    /// file.
    static let pageCacheKibibytes = 2_048

    /// The calling thread's open core of the configuration's file, or a newly opened one; with
    /// `actor` (called on it), the actor's core instead.
    static func open(_ configuration: Realm.Configuration, actor: (any Actor)? = nil, queue: DispatchQueue? = nil) throws -> RealmCore {
        var configuration = configuration
        if let identifier = configuration.inMemoryIdentifier { configuration.memoryPath = InMemoryStores.path(for: identifier) }
        let path = configuration.path
        let queueID = queue.map(identity(of:))
        if let queueID, DispatchQueue.getSpecific(key: queueKey) != queueID { RealmMessages.trap(RealmMessages.openedOffQueue) }
        let key = OpenKey(path: path, thread: actor == nil && queue == nil ? pthread_self() : 0,
                          actor: actor.map { ObjectIdentifier($0) }, queue: queueID)
        lock.lock()
        let cached = open[key]?.core
        let used = usedOrder.map { usedTypes[$0]! }
        lock.unlock()
        let requested = closure(configuration.objectTypes ?? used)
        if let cached {
            if cached.configuration.readOnly != configuration.readOnly {
                throw Realm.Error(.fail, RealmMessages.otherReadPermissions(path), fileURL: URL(fileURLWithPath: path))
            }
            try cached.register(configuration.readOnly && configuration.objectTypes == nil
                ? requested.filter { cached.store.schema.model(named: $0.className()) != nil } : requested)
            return cached
        }
        let (store, infos) = try openStore(configuration, path: path, infos: requested.map(TypeInfo.of))
        try store.pinVersions()
        try store.setPageCache(kibibytes: RealmCore.pageCacheKibibytes)
        let core = RealmCore(configuration: configuration, store: store, types: infos, frozen: false, actor: actor, queue: queue)
        lock.lock()
        open = open.filter { $0.value.core != nil }
        open[key] = Weak(core)
        lock.unlock()
        return core
    }

    /// Marks every queue a Realm is confined to with its identity, so that a core can tell
    /// whether it runs in one of the queue's blocks.
    static let queueKey = DispatchSpecificKey<Int>()

    /// The identity of `queue`, which it now carries as its `queueKey` specific.
    static func identity(of queue: DispatchQueue) -> Int {
        let id = Int(bitPattern: UInt(bitPattern: ObjectIdentifier(queue).hashValue))
        if queue.getSpecific(key: queueKey) == nil { queue.setSpecific(key: queueKey, value: id) }
        return queue.getSpecific(key: queueKey) ?? id
    }

    /// Whether a live core of the file at `path` is open in the process.
    static func isOpen(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return open.contains { $0.key.path == path && $0.value.core != nil }
    }

    /// Tells the live cores of the same file on other threads (and actors), and observers on
    /// queues, that this one committed.
    func announceCommit() {
        for announcer in RealmCore.announcers(of: configuration.path, except: self) { announcer.post(version: store.version) }
        QueueObservation.announce(path: configuration.path)
    }

    /// The announcers of the open live cores of a file (but `core`'s).
    static func announcers(of path: String, except core: RealmCore?) -> [CommitAnnouncer] {
        lock.lock()
        defer { lock.unlock() }
        return open.compactMap { key, entry in
            key.path == path && entry.core.map { $0 !== core } ?? false ? entry.announcer : nil
        }
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
    static func mergedSchema(path: String, infos: [TypeInfo], version: UInt64) throws -> CompiledSchema {
        let typed = infos.map(\.model)
        guard FileManager.default.fileExists(atPath: path), let stored = try? Store.storedSchema(at: path) else {
            return CompiledSchema(schemaVersion: version, models: typed)
        }
        var models = stored.models.map { model in
            guard let swift = typed.first(where: { $0.name == model.name }) else { return model }
            return SchemaCompatibility.agree(stored: model, swift: swift) ? model : SchemaCompatibility.keepingSubtypes(of: model, in: swift)
        }
        models += typed.filter { model in !stored.models.contains { $0.name == model.name } }
        return CompiledSchema(schemaVersion: version, models: models)
    }

    /// Makes `types` (and their links) known, adding missing models to the store; a type whose
    /// stored model differs in a way only a migration may bring about fails with
    /// `StoreError.Code.migrationRequired`, as the open would have.
    func register(_ requested: [ObjectBase.Type]) throws {
        var missing: [TypeInfo] = []
        for type in requested where types[type.className()].map({ $0.type != type }) ?? true {
            let info = TypeInfo.of(type)
            if configuration.readOnly, store.schema.model(named: info.className) == nil {
                throw RealmMessages.readOnlyWithoutModel(info.className, configuration.path)
            }
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
        if isFrozen { return store.serialized { lookUp(type) } }
        return lookUp(type)
    }

    private func lookUp(_ type: ObjectBase.Type) -> TypeInfo {
        if let info = typesByID[ObjectIdentifier(type)] { return info }
        if let info = types[type.className()], info.type == type {
            typesByID[ObjectIdentifier(type)] = info
            return info
        }
        RealmCore.noteUsed(type)
        do {
            try register(RealmCore.closure([type]))
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
        return types[type.className()]!
    }

    /// The model type registered for a class name.
    func typeInfo(named className: String) -> TypeInfo {
        guard let info = types[className] else {
            RealmMessages.trap(RealmMessages.unknownClass(className))
        }
        return info
    }

    /// A managed object for a key (bound to this core's Realm, frozen or live).
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
    /// `swift` with the BSON binary subtype each of its `data` properties has in `stored` (the
    /// same name and type): a Swift model cannot declare one, so a schema change made from
    /// Swift types keeps what the YAML schema said (docs/schema-rules.md, section 1.7).
    static func keepingSubtypes(of stored: ModelSchema, in swift: ModelSchema) -> ModelSchema {
        var result = swift
        for index in result.properties.indices where result.properties[index].binarySubtype == nil {
            let property = result.properties[index]
            if let kept = stored.properties.first(where: { $0.name == property.name && $0.type == property.type })?.binarySubtype {
                result.properties[index].binarySubtype = kept
            }
        }
        return result
    }

    static func agree(stored: ModelSchema, swift: ModelSchema) -> Bool {
        guard stored.kind == swift.kind, stored.properties.count == swift.properties.count else { return false }
        for (a, b) in zip(stored.properties, swift.properties) {
            guard a.name == b.name, a.storedName == b.storedName, a.type == b.type,
                  a.isPrimaryKey == b.isPrimaryKey, (a.indexed == .none) == (b.indexed == .none) else { return false }
        }
        return true
    }
}
