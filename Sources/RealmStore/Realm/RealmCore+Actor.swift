import Foundation
import RealmEngine

/// Realms confined to an actor rather than a thread (Realm Swift's actor-isolated Realms):
/// the core is opened, read, written and refreshed only in jobs of its actor, whichever
/// thread of the cooperative pool runs them.
extension RealmCore {
    /// The actor's open core of the configuration's file, or a newly opened one.
    ///
    /// For example:
    ///
    ///     let core = try await RealmCore.open(Unchecked(configuration), on: actor)
    static func open(_ configuration: Unchecked<Realm.Configuration>, on actor: isolated any Actor) throws -> RealmCore {
        try open(configuration.value, actor: actor)
    }

    /// Traps (with Swift's message, as Realm's actor check does) unless called on the core's actor.
    func verifyActor() {
        guard let actor else { RealmMessages.trap(RealmMessages.wrongThread) }
        actor.preconditionIsolated()
    }

    /// Runs `body` as a job of `actor`.
    ///
    /// For example:
    ///
    ///     Task { await RealmCore.perform(on: actor) { core.refreshAutomatically() } }
    static func perform(on actor: isolated any Actor, _ body: @Sendable () -> Void) {
        body()
    }
}

/// A value handed to an actor where the compiler cannot see that it is used there only (a
/// Realm's configuration, which holds a migration closure).
// @unchecked: the point of this wrapper; callers hand over a value they no longer use on the sending side.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
