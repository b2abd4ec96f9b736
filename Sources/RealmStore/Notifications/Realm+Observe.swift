import Foundation

extension Realm {
    /// What a Realm observer hears, as in Realm Swift.
    public enum Notification: String {
        /// The Realm changed: a commit of this instance, or it moved to a newer version.
        case didChange = "RLMRealmDidChangeNotification"
        /// Another instance committed and this one, with `autorefresh` off, has not moved.
        case refreshRequired = "RLMRealmRefreshRequiredNotification"
    }

    /// The block of `observe(_:)`.
    public typealias NotificationBlock = (_ notification: Notification, _ realm: Realm) -> Void

    /// Calls `block` whenever the Realm changes (`.didChange`: after each commit of this
    /// instance, and when it moves to a newer version) or, with `autorefresh` off, when
    /// another instance committed (`.refreshRequired`), as in Realm Swift; keep the token for
    /// as long as you want them.
    ///
    /// For example:
    ///
    ///     let token = realm.observe { notification, realm in print(notification) }
    public func observe(_ block: @escaping NotificationBlock) -> NotificationToken {
        let core = Observation.core(of: self)
        FileWatcher.watch(path: core.configuration.path)
        return core.notifier.register(RealmObserver(Realm(core: core), block))
    }
}

/// The observer of `Realm.observe`: it has no initial notification.
// @unchecked: as `Observer`; it holds only `let`s, its Realm used on the Realm's thread.
final class RealmObserver: Observer, @unchecked Sendable {
    private let realm: Realm
    private let block: Realm.NotificationBlock

    init(_ realm: Realm, _ block: @escaping Realm.NotificationBlock) {
        self.realm = realm
        self.block = block
    }

    override func realmDidChange() {
        if !isCancelled { block(.didChange, realm) }
    }

    override func realmRefreshRequired() {
        if !isCancelled { block(.refreshRequired, realm) }
    }
}
