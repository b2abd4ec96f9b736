import Foundation

/// The handle of one observation (`observe` on a Realm, collection or object), as in Realm
/// Swift: keep it for as long as you want updates; `invalidate()`, or releasing the token,
/// ends the observation (no block runs after `invalidate()` returns on the observing thread).
///
/// For example:
///
///     let token = dogs.observe { change in print(change) }
///     token.invalidate()
public final class NotificationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var observer: Observer?

    init(_ observer: Observer) {
        self.observer = observer
    }

    /// The observation, while not invalidated (for `withoutNotifying`).
    var active: Observer? {
        lock.lock()
        defer { lock.unlock() }
        return observer
    }

    /// Stops the notifications of this token; calling it again does nothing.
    public func invalidate() {
        lock.lock()
        let observer = self.observer
        self.observer = nil
        lock.unlock()
        observer?.cancel()
    }

    deinit {
        observer?.cancel()
    }
}
