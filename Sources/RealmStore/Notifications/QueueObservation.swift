import Foundation
import RealmEngine
import Synchronization

/// Observations delivered on a serial `DispatchQueue` (`observe(on:)`): the collection passes to
/// the queue as a `ThreadSafeReference` does (its hand-over), and each delivery opens the
/// file's Realm on the thread the queue runs on, moves it to the newest version, resolves the
/// collection there and diffs it against the previous delivery's snapshot. Deliveries are
/// asked for after `observe`, after every commit of this process (`announce`) and by the
/// file watcher (commits of other processes).
enum QueueObservation {
    private static let observers = Mutex<[String: [Weak]]>([:])

    private final class Weak {
        weak var observer: QueueObserverBase?
        init(_ observer: QueueObserverBase) { self.observer = observer }
    }

    static func start<C: RealmCollection>(_ collection: C, core: RealmCore, queue: DispatchQueue, paths: WatchedPaths,
                                          _ block: @escaping (RealmCollectionChange<C>) -> Void) -> NotificationToken {
        let observer = QueueCollectionObserver<C>(configuration: core.configuration, handover: collection._rlmHandover(),
                                                  queue: queue, paths: paths, block: block)
        return register(observer, path: core.configuration.path)
    }

    /// Adds a queue observer of the file at `path`, asks for its first delivery and returns its token.
    static func register(_ observer: QueueObserverBase, path: String) -> NotificationToken {
        observers.withLock { observers in
            observers[path, default: []] = observers[path, default: []].filter { $0.observer != nil } + [Weak(observer)]
        }
        FileWatcher.watch(path: path)
        observer.request()
        return NotificationToken(observer)
    }

    /// Asks every queue observer of the file for a delivery.
    static func announce(path: String) {
        let live = observers.withLock { $0[path]?.compactMap(\.observer) ?? [] }
        for observer in live where !observer.isCancelled { observer.request() }
    }

    /// Whether any queue observer of the file is alive.
    static func isObserved(path: String) -> Bool {
        return observers.withLock { observers in
            observers[path]?.contains { $0.observer.map { !$0.isCancelled } ?? false } ?? false
        }
    }
}

/// The untyped part of a queue observer (of a collection, object or map): asking for a
/// delivery on its queue (requests made before it runs are coalesced into one).
// @unchecked: a non-final class; `pending` is read and written under `state`.
class QueueObserverBase: Observer, @unchecked Sendable {
    let queue: DispatchQueue
    let state = NSLock()
    private var pending = false

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func request() {
        state.lock()
        let schedule = !pending
        pending = true
        state.unlock()
        if schedule { queue.async { self.started() } }
    }

    private func started() {
        state.lock()
        pending = false
        state.unlock()
        if !isCancelled { run() }
    }

    /// One delivery, on the queue.
    func run() {}

    /// The file's Realm on the queue's thread, moved to the newest version; nil (after handing
    /// the error to `failed`) when it cannot be opened.
    func newestRealm(_ configuration: Realm.Configuration, failed: (any Swift.Error) -> Void) -> Realm? {
        do {
            let realm = try Realm(configuration: configuration)
            realm.refresh()
            return realm
        } catch {
            failed(error)
            return nil
        }
    }
}

/// A collection observed on a queue (see `QueueObservation`).
// @unchecked: as `QueueObserverBase`; `last` is used only by deliveries, which run one at a time on `queue`.
final class QueueCollectionObserver<C: RealmCollection>: QueueObserverBase, @unchecked Sendable {
    private let configuration: Realm.Configuration
    private let handover: any Sendable
    private let paths: WatchedPaths
    private let block: (RealmCollectionChange<C>) -> Void
    private var last: CollectionSnapshot?

    init(configuration: Realm.Configuration, handover: any Sendable, queue: DispatchQueue, paths: WatchedPaths,
         block: @escaping (RealmCollectionChange<C>) -> Void) {
        self.configuration = configuration
        self.handover = handover
        self.paths = paths
        self.block = block
        super.init(queue: queue)
    }

    private func resolve(in realm: Realm) -> C? {
        C._rlmResolve(handover, in: realm)
    }

    override func run() {
        guard let realm = newestRealm(configuration, failed: { block(.error($0)) }) else { return }
        guard let collection = resolve(in: realm) else { return }
        state.lock()
        let previous = last
        state.unlock()
        let now = CollectionSnapshot(collection, paths, previous: previous)
        state.lock()
        last = now
        state.unlock()
        guard !isCancelled else { return }
        guard let previous else { return block(.initial(collection)) }
        let diff = now.changes(since: previous)
        if diff.deletions.isEmpty && diff.insertions.isEmpty && diff.modifications.isEmpty { return }
        block(.update(collection, deletions: diff.deletions, insertions: diff.insertions, modifications: diff.modifications))
    }

    override func skip(_ core: RealmCore) {
        guard let collection = resolve(in: Realm(core: core)) else { return }
        let now = CollectionSnapshot(collection, paths)
        state.lock()
        if last != nil { last = now }
        state.unlock()
    }
}
