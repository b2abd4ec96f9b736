import Foundation
import RealmStore
import TestSupport

/// A temporary file for a Realm of the hand-written test models; open it on any thread with
/// `openRealm(_:)`.
func makeRealmURL() throws -> URL {
    try Temporary.fileURL("test.realm", prefix: "threads")
}

/// The calling thread's Realm of the test models in `url`.
func openRealm(_ url: URL) throws -> Realm {
    try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self]))
}

/// Runs `body` on a new thread and waits for it to end.
func onNewThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

/// Values collected on other threads, read back on the test's thread.
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ value: Value) {
        lock.withLock { items.append(value) }
    }

    var values: [Value] { lock.withLock { items } }
}
