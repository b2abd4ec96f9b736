import Foundation
import RealmEngine

/// The observations of one live Realm and when they are delivered: at the next turn of the
/// Realm thread's run loop after `observe` or a commit (a block of the thread's
/// `RunLoopWaker`, as autorefresh uses), and at once when the Realm moves to a newer version
/// (`refresh()`, autorefresh, the start of a write). Observers are held weakly: the token owns its observer. Used only on the Realm's
/// thread (its blocks run there), hence `@unchecked Sendable`.
// @unchecked: used only on its Realm's thread (or actor); scheduled blocks carry it there.
final class Notifier: @unchecked Sendable {
    private final class Entry {
        weak var observer: Observer?
        init(_ observer: Observer) { self.observer = observer }
    }

    private var entries: [Entry] = []
    /// Runs deliveries on the Realm's thread's run loop, or as jobs of its actor.
    private let scheduler: CommitAnnouncer?
    private var scheduled = false
    private var delivering = false

    /// The observers still registered, in registration order.
    var observers: [Observer] {
        entries = entries.filter { $0.observer.map { !$0.isCancelled } ?? false }
        return entries.compactMap(\.observer)
    }

    /// Registers an observer and schedules its initial notification.
    func add(_ observer: Observer) {
        entries.append(Entry(observer))
        schedule()
    }

    /// Delivers at the next turn of the run loop (once until it has run).
    func schedule() {
        guard !scheduled else { return }
        scheduled = true
        scheduler?.schedule { [weak self] in
            guard let self else { return }
            scheduled = false
            deliver()
        }
    }

    init(scheduler: CommitAnnouncer?) {
        self.scheduler = scheduler
    }

    /// Runs every observer's delivery now (not re-entered by a block that refreshes); with
    /// `initial` false, observers still waiting for their initial notification wait for the
    /// run loop (so a write right after `observe` is in the initial state, as in Realm).
    func deliver(initial: Bool = true) {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        for observer in observers where !observer.isCancelled && (initial || observer.hasDeliveredInitial) {
            observer.deliver()
        }
    }

    /// Whether any observation is registered.
    var isEmpty: Bool { observers.isEmpty }

    /// After a commit of this Realm: Realm observers hear of it at once, the observers of
    /// `skipping` take the new state silently, the others at the next turn of the run loop.
    func didCommit(_ core: RealmCore, skipping tokens: [NotificationToken]) {
        let skipped = tokens.compactMap(\.active)
        for observer in skipped { observer.skip(core) }
        let ids = Set(skipped.map(ObjectIdentifier.init))
        for observer in observers where !ids.contains(ObjectIdentifier(observer)) {
            observer.didCommitHere()
            observer.realmDidChange()
        }
        if !entries.isEmpty { schedule() }
    }

    /// Realm observers hear that another instance committed while autorefresh is off.
    func refreshRequired() {
        for observer in observers { observer.realmRefreshRequired() }
    }

    /// After the Realm moved to a newer version: every observer hears of it now (those
    /// waiting for their initial notification only with `initial`).
    func didRefresh(initial: Bool) {
        for observer in observers { observer.realmDidChange() }
        deliver(initial: initial)
    }
}
