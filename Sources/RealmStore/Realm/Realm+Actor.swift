import Foundation
import RealmEngine

extension Realm {
    /// Opens the Realm of `configuration` confined to `actor`, as Realm Swift's actor-isolated
    /// Realms are: use it, its objects and collections only in code isolated to that actor
    /// (elsewhere they trap); other actors and threads commit to it through their own Realms,
    /// and it moves to their commits in a job of the actor (autorefresh). Opening it again on
    /// the same actor returns the same instance. (Realm Swift's `downloadBeforeOpen` is about
    /// sync, which realm-tools has not.)
    ///
    /// For example:
    ///
    ///     actor Kennel {
    ///         var realm: Realm!
    ///         init() async throws { realm = try await Realm(actor: self) }
    ///         func add(_ name: String) async throws {
    ///             try await realm.asyncWrite { realm.add(Dog(value: ["name": name])) }
    ///         }
    ///     }
    public init<A: Actor>(configuration: Realm.Configuration = .defaultConfiguration, actor: A) async throws {
        try Task.checkCancellation()
        do {
            self.init(core: try await RealmCore.open(Unchecked(configuration), on: actor))
        } catch {
            throw Error.opening(configuration.path, error)
        }
    }

    /// Performs `block` in a write transaction of this actor-isolated Realm and commits it, as
    /// `write` does, from the Realm's actor (where `#isolation` passes it): first moving the
    /// Realm to the newest version, throwing `CancellationError` when the task is cancelled
    /// before the block runs, and rolling back when the block throws. The caller's own thread
    /// (the main thread awaiting the actor, say) never runs the write. Traps on a Realm
    /// confined to a thread other than the main thread, with Realm's message.
    ///
    /// For example:
    ///
    ///     try await realm.asyncWrite { realm.add(dog) }
    @discardableResult
    public func asyncWrite<Result>(_isolation actor: isolated any Actor = #isolation,
                                   _ block: () throws -> Result) async throws -> Result {
        guard core.isActorConfined || Thread.isMainThread else { RealmMessages.trap(RealmMessages.asyncWriteNeedsActor) }
        core.verifyThread()
        try Task.checkCancellation()
        return try write(block)
    }

    /// Moves this actor-isolated Realm to the newest version, as `refresh()` does, from its
    /// actor; returns whether the version changed. Traps on a Realm confined to a thread other
    /// than the main thread, with Realm's message.
    ///
    /// For example:
    ///
    ///     if await realm.asyncRefresh() { print(realm.objects(Dog.self).count) }
    @discardableResult
    public func asyncRefresh(_isolation actor: isolated any Actor = #isolation) async -> Bool {
        guard core.isActorConfined || Thread.isMainThread else { RealmMessages.trap(RealmMessages.asyncRefreshNeedsActor) }
        return refresh()
    }
}
