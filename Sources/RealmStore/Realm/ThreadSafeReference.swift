import Foundation
import RealmEngine
import Synchronization

/// A value confined to the thread of its Realm (a live object or collection), which
/// `ThreadSafeReference` passes to another thread, as in Realm Swift.
///
/// The two underscored requirements are the hand-over itself: what the reference carries (an
/// object's key; for a collection, its description) and how the other thread's Realm finds
/// the value again from it.
///
/// For example:
///
///     let reference = ThreadSafeReference(to: dog)
public protocol ThreadConfined {
    /// The Realm managing the value, or nil while unmanaged.
    var realm: Realm? { get }
    /// Whether the value was deleted or its Realm invalidated.
    var isInvalidated: Bool { get }
    /// Whether the value belongs to a frozen Realm.
    var isFrozen: Bool { get }
    /// The value in a frozen snapshot of its Realm.
    func freeze() -> Self
    /// The live value of a frozen one, in the calling thread's Realm.
    func thaw() -> Self?
    /// What a `ThreadSafeReference` carries to another thread to find the value again.
    func _rlmHandover() -> any Sendable
    /// The value `handover` describes, found in `realm` (nil when it no longer exists there).
    static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self?
}

/// Passes a thread-confined value (an object, a collection) to another thread: made on the
/// value's thread, resolved once with `Realm.resolve(_:)` by a Realm of the same file on the
/// other thread, which first moves to the version the reference was made at when it is older.
///
/// For example:
///
///     let reference = ThreadSafeReference(to: dog)
///     Thread.detachNewThread {
///         let realm = try! Realm()
///         guard let dog = realm.resolve(reference) else { return }   // nil: deleted since
///         print(dog.name)
///     }
public final class ThreadSafeReference<Confined: ThreadConfined>: Sendable {
    private let handover: any Sendable
    private let path: String
    private let version: UInt64
    /// Guards `resolved`: a reference may be resolved on any thread, once.
    private let resolved = Mutex(false)

    /// A reference to `threadConfined`, a managed, valid value used on its Realm's thread.
    public init(to threadConfined: Confined) {
        if threadConfined.isInvalidated { RealmMessages.trap(RealmMessages.referenceToInvalidated) }
        guard let realm = threadConfined.realm else { RealmMessages.trap(RealmMessages.referenceToUnmanaged) }
        handover = threadConfined._rlmHandover()
        path = realm.configuration.path
        // Made in a write transaction, the value exists from the version its commit makes.
        version = realm.core.read { $0.version } + (realm.isInWriteTransaction ? 1 : 0)
    }

    /// Whether the reference was resolved (it can be only once).
    public var isInvalidated: Bool { resolved.withLock { $0 } }

    /// Marks the reference resolved; traps with Realm's message the second time.
    fileprivate func take() -> (handover: any Sendable, path: String, version: UInt64) {
        resolved.withLock { resolved in
            if resolved { RealmMessages.trap(RealmMessages.resolvedTwice) }
            resolved = true
        }
        return (handover, path, version)
    }
}

extension Realm {
    /// The value a `ThreadSafeReference` refers to, in this Realm (nil when it was deleted, or
    /// when this Realm is of another file, as in Realm): a Realm at an older version than the
    /// reference's first moves to the newest one.
    ///
    /// For example:
    ///
    ///     let dog = realm.resolve(reference)
    public func resolve<Confined: ThreadConfined>(_ reference: ThreadSafeReference<Confined>) -> Confined? {
        let (handover, path, version) = reference.take()
        guard path == configuration.path else { return nil }
        if !isFrozen, core.read({ $0.version }) < version { refresh() }
        return Confined._rlmResolve(handover, in: self)
    }
}

extension ObjectBase: ThreadConfined {
    /// The object's key and primary key value.
    public func _rlmHandover() -> any Sendable {
        let state = _state!
        return ObjectHandover(key: state.key, primaryKey: state.primaryKeyValue())
    }

    /// The object in `realm`, nil when it was deleted.
    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        guard let handover = handover as? ObjectHandover else { return nil }
        return realm.core.existing(handover.key, primaryKey: handover.primaryKey) as? Self
    }
}

/// What a reference to an object carries: its key, and its primary key value (nil without one).
struct ObjectHandover: Sendable {
    let key: ObjectKey
    let primaryKey: StoreValue?
}

extension _ObjectState {
    /// The object's primary key value, or nil when its class has none.
    func primaryKeyValue() -> StoreValue? {
        guard let property = info.primaryKey else { return nil }
        return realm.core.read { try? $0.get(key, property.name) }
    }
}

extension RealmCore {
    /// The object at `key`, when it exists and (for a class with a primary key) still has the
    /// same primary key value: SQLite gives the key of a class's newest object to the next one
    /// created once it is deleted, and a class with a primary key tells them apart.
    func existing(_ key: ObjectKey, primaryKey: StoreValue?) -> ObjectBase? {
        let found = read { store -> Bool in
            guard store.isValid(key) else { return false }
            guard let primaryKey, let property = typeInfo(named: key.className).primaryKey else { return true }
            return (try? store.get(key, property.name)) == primaryKey
        }
        return found ? object(key) : nil
    }
}

/// A property holding a thread-confined value (an object or a collection) that any thread may
/// read, as Realm Swift's `@ThreadSafe`: reading it resolves the value in the reading thread's
/// Realm of the value's file (nil when it was deleted since), and keeps a new reference.
/// Assigning an unmanaged value traps with Realm's message.
///
/// For example:
///
///     @ThreadSafe var dog = realm.objects(Dog.self).first
///     DispatchQueue.global().async { print(dog?.name ?? "deleted") }
@propertyWrapper
public final class ThreadSafe<T: ThreadConfined>: @unchecked Sendable {
    // @unchecked: `reference` and `configuration` are read and written only under `lock`.
    private var reference: ThreadSafeReference<T>?
    private var configuration: Realm.Configuration?
    private let lock = NSLock()

    public init(wrappedValue: T?) {
        self.wrappedValue = wrappedValue
    }

    public var wrappedValue: T? {
        get {
            lock.lock()
            defer { lock.unlock() }
            guard let reference, let configuration else { return nil }
            let realm: Realm
            do {
                realm = try Realm(configuration: configuration)
            } catch {
                RealmMessages.trap(RealmMessages.message(of: error))
            }
            guard let value = realm.resolve(reference) else {
                self.reference = nil
                return nil
            }
            self.reference = ThreadSafeReference(to: value)
            return value
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            guard let newValue else {
                reference = nil
                return
            }
            guard let realm = newValue.realm else { RealmMessages.trap(RealmMessages.threadSafeUnmanaged) }
            configuration = realm.configuration
            reference = ThreadSafeReference(to: newValue)
        }
    }
}
