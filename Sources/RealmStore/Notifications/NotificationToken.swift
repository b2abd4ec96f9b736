import Foundation
import Synchronization

/// The handle of one observation (`observe` on a Realm, collection or object), as in Realm
/// Swift: keep it for as long as you want updates; `invalidate()`, or releasing the token,
/// ends the observation (no block runs after `invalidate()` returns on the observing thread).
///
/// For example:
///
///     let token = dogs.observe { change in print(change) }
///     token.invalidate()
public final class NotificationToken: Sendable {
    private let observer: Mutex<Observer?>

    init(_ observer: Observer) {
        self.observer = Mutex(observer)
    }

    /// The observation, while not invalidated (for `withoutNotifying`).
    var active: Observer? {
        observer.withLock { $0 }
    }

    /// Stops the notifications of this token; calling it again does nothing.
    public func invalidate() {
        let observer = self.observer.withLock { observer in
            let current = observer
            observer = nil
            return current
        }
        observer?.cancel()
    }

    deinit {
        observer.withLock { $0 }?.cancel()
    }
}
