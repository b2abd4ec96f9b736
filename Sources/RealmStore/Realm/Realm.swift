import Foundation
import RealmEngine
import RealmSchema

/// A Realm: the typed, Realm Swift–shaped API over one store file.
///
/// As in Realm Swift, an instance belongs to the thread that opened it: `Realm()` returns the
/// calling thread's instance for the configuration's file (cached per thread and file while
/// any value of it lives), and each instance reads one consistent version of the file on its
/// own SQLite connection until `refresh()`, a write (which first moves to the newest version)
/// or autorefresh. Using it, or its objects and collections, from another thread traps with
/// `Realm accessed from incorrect thread.`; pass them with `ThreadSafeReference` or `freeze()`.
/// Migrations run at the first open of the file; a later open only adds its model types.
///
/// Operations Realm Swift declares non-throwing (`add`, `create`, `delete`, collection
/// mutations) keep that signature: inside a write transaction their first error is recorded,
/// later operations do nothing, and `write`/`commitWrite` rolls back and throws it; outside
/// one they trap with Realm's message, as Realm does. Property and subscript setters trap on
/// error, as in Realm.
///
/// For example:
///
///     let realm = try Realm()
///     try realm.write { realm.add(Dog(value: ["name": "Rex"])) }
///     let dogs = realm.objects(Dog.self)
public struct Realm {
    let core: RealmCore

    init(core: RealmCore) {
        self.core = core
    }

    /// Opens the Realm of `Realm.Configuration.defaultConfiguration` (confined to `queue`, as
    /// `init(configuration:queue:)` says, when one is given).
    public init(queue: DispatchQueue? = nil) throws {
        try self.init(configuration: .defaultConfiguration, queue: queue)
    }

    /// Opens the Realm of `configuration`, migrating the file as needed; throws a
    /// `Realm.Error` (`.schemaMismatch`, `.fileNotFound`, …) when it cannot.
    ///
    /// With `queue` (a serial queue, and called from a block running on it), the Realm is
    /// confined to the queue rather than a thread, as in Realm Swift: used only in blocks of the
    /// queue, whichever thread runs them (elsewhere it traps), it moves to other instances'
    /// commits and delivers its notifications in blocks it adds to the queue; opening it again
    /// on the queue returns the same instance.
    ///
    /// For example:
    ///
    ///     let queue = DispatchQueue(label: "background")
    ///     queue.async { let realm = try! Realm(configuration: config, queue: queue) }
    public init(configuration: Configuration, queue: DispatchQueue? = nil) throws {
        do {
            self.core = try RealmCore.open(configuration, queue: queue)
        } catch {
            throw Error.opening(configuration.path, error)
        }
    }

    /// Opens the Realm in `fileURL` with the default configuration otherwise.
    public init(fileURL: URL) throws {
        var configuration = Configuration.defaultConfiguration
        configuration.fileURL = fileURL
        try self.init(configuration: configuration)
    }

    /// The configuration the Realm was opened with.
    public var configuration: Configuration { core.configuration }

    /// The underlying dynamic store.
    public var store: Store { core.store }

    /// The models of the Realm's file as Realm's `Schema` (the store's own schema, with
    /// defaults and full-text indexes, is `store.schema`).
    ///
    /// For example:
    ///
    ///     realm.schema["Dog"]?.primaryKeyProperty?.name   // "_id"
    public var schema: Schema { Schema(core.store.schema) }

    /// Whether the Realm holds no objects of any class.
    ///
    /// For example:
    ///
    ///     if realm.isEmpty { try realm.write { realm.add(defaultSettings) } }
    public var isEmpty: Bool {
        core.read { store in store.schema.models.allSatisfy { (try? store.count($0.name)) ?? 0 == 0 } }
    }

    /// Whether a write transaction is open.
    public var isInWriteTransaction: Bool { core.store.isInWriteTransaction }

    /// Whether both values are the same Realm.
    static func === (lhs: Realm, rhs: Realm) -> Bool { lhs.core === rhs.core }

    static func !== (lhs: Realm, rhs: Realm) -> Bool { lhs.core !== rhs.core }

    /// Moves the Realm to the newest version of the file (what other threads and processes
    /// committed since), so its objects and collections read it; returns whether the version
    /// changed. A frozen Realm, or one in a write transaction, stays where it is (false).
    ///
    /// For example:
    ///
    ///     if realm.refresh() { print(realm.objects(Dog.self).count) }
    @discardableResult
    public func refresh() -> Bool {
        core.refresh()
    }

    /// Whether the Realm moves to the newest version at the next turn of its thread's run loop
    /// after another thread's instance commits (default true; false for a frozen Realm, where
    /// turning it on traps, as in Realm). Where the thread runs no run loop, only `refresh()`
    /// and writes move it; commits of other processes are seen at those.
    ///
    /// For example:
    ///
    ///     realm.autorefresh = false
    public var autorefresh: Bool {
        get { core.autorefresh }
        nonmutating set {
            if core.isFrozen {
                if newValue { RealmMessages.trap(RealmMessages.frozenAutorefresh) }
                return
            }
            core.verifyThread()
            core.autorefresh = newValue
        }
    }

    /// Invalidates every object and collection read so far and moves to the newest version;
    /// read them again from the Realm.
    public func invalidate() {
        if isFrozen { return }
        if isInWriteTransaction { cancelWrite() }
        _ = core.refresh()
        core.epoch += 1
        core.didChange()
    }

    func typeInfo(_ type: ObjectBase.Type) -> TypeInfo { core.typeInfo(type) }

    func didChange() { core.didChange() }

    /// Runs a non-throwing operation: its error is recorded for the transaction (see above).
    func perform<T>(_ fallback: @autoclosure () -> T, _ body: () throws -> T) -> T {
        if core.isFrozen { RealmMessages.trap(RealmMessages.frozenTransaction) }
        core.verifyThread()
        guard isInWriteTransaction else { RealmMessages.trap(RealmMessages.notInWriteTransaction) }
        if core.pendingError != nil { return fallback() }
        do {
            let result = try core.store.typedOperation(body)
            core.didChange()
            return result
        } catch {
            core.pendingError = error
            core.didChange()
            return fallback()
        }
    }

    /// Runs a setter: traps outside a write transaction and on error, as Realm does.
    func performSetter(_ body: () throws -> Void) {
        if core.isFrozen { RealmMessages.trap(RealmMessages.frozenObject) }
        core.verifyThread()
        guard isInWriteTransaction else { RealmMessages.trap(RealmMessages.modifyOutsideWrite) }
        if core.pendingError != nil { return }
        do {
            try core.store.typedOperation(body)
            core.didChange()
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}

extension Realm: Equatable {
    /// Whether both are the same Realm: the same file on the same thread (one live instance per
    /// thread and file), or frozen Realms of the same file at the same version.
    public static func == (lhs: Realm, rhs: Realm) -> Bool {
        if lhs.core === rhs.core { return true }
        return lhs.core.isFrozen && rhs.core.isFrozen && lhs.configuration.path == rhs.configuration.path
            && lhs.core.store.version == rhs.core.store.version
    }
}
