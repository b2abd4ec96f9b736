import Foundation
import RealmEngine
import RealmSchema

/// A Realm: the typed, Realm Swift–shaped API over one store file.
///
/// `Realm` values opened for the same file path share one `RealmCore`, and so one store and
/// one SQLite connection, for as long as any of them is alive: process-wide, not per thread
/// as Realm Swift caches its instances, so use them from one thread at a time (as `Store`
/// asks). Objects and collections from any of them compare equal. A later open of the path
/// only adds its model types: the schema version and migration block of the first open apply.
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

    /// Opens the Realm of `Realm.Configuration.defaultConfiguration`.
    public init() throws {
        try self.init(configuration: .defaultConfiguration)
    }

    /// Opens the Realm of `configuration`, migrating the file as needed.
    public init(configuration: Configuration) throws {
        self.core = try RealmCore.open(configuration)
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

    /// The schema of the Realm's file.
    public var schema: Schema { core.store.schema }

    /// Whether a write transaction is open.
    public var isInWriteTransaction: Bool { core.store.isInWriteTransaction }

    /// Whether both values are the same Realm.
    static func === (lhs: Realm, rhs: Realm) -> Bool { lhs.core === rhs.core }

    static func !== (lhs: Realm, rhs: Realm) -> Bool { lhs.core !== rhs.core }

    /// Drops the cached rows and results, so the next reads see the file as last committed by
    /// any process (no read transaction stays open between them); returns true.
    @discardableResult
    public func refresh() -> Bool {
        core.didChange()
        return true
    }

    /// Invalidates every object and collection read so far; read them again from the Realm.
    public func invalidate() {
        if isInWriteTransaction { cancelWrite() }
        core.epoch += 1
        core.didChange()
    }

    func typeInfo(_ type: ObjectBase.Type) -> TypeInfo { core.typeInfo(type) }

    func didChange() { core.didChange() }

    /// Runs a non-throwing operation: its error is recorded for the transaction (see above).
    func perform<T>(_ fallback: @autoclosure () -> T, _ body: () throws -> T) -> T {
        guard isInWriteTransaction else { RealmError.trap(RealmError.notInWriteTransaction) }
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
        guard isInWriteTransaction else { RealmError.trap(RealmError.modifyOutsideWrite) }
        if core.pendingError != nil { return }
        do {
            try core.store.typedOperation(body)
            core.didChange()
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
    }
}

extension Realm: Equatable {
    public static func == (lhs: Realm, rhs: Realm) -> Bool { lhs.core === rhs.core }
}
