import Foundation

/// The asynchronous write transactions of one live Realm (Realm+AsyncWrite): blocks waiting
/// for their turn and commit callbacks waiting for delivery, by id, in the order queued. Used
/// only on the Realm's thread or actor, hence `@unchecked Sendable` (scheduled blocks carry it there).
// @unchecked: used only on its Realm's thread or actor; scheduled blocks carry it there.
final class AsyncWrites: @unchecked Sendable {
    private var nextID: AsyncTransactionId = 1
    /// Blocks of `beginAsyncWrite`, first queued first.
    private var begins: [(id: AsyncTransactionId, block: () -> Void)] = []
    /// Ids of `commitAsyncWrite` callbacks not yet delivered.
    private var completions: Set<AsyncTransactionId> = []
    /// Whether a turn of the run loop (or actor job) that runs the next block is scheduled.
    var drainScheduled = false

    /// A new id.
    func makeID() -> AsyncTransactionId {
        defer { nextID &+= 1 }
        return nextID
    }

    /// Whether any block or callback waits.
    var isBusy: Bool { !begins.isEmpty || !completions.isEmpty }

    /// Whether a block waits for its turn.
    var hasBegins: Bool { !begins.isEmpty }

    func enqueue(_ id: AsyncTransactionId, _ block: @escaping () -> Void) {
        begins.append((id, block))
    }

    /// The next waiting block, taken off the queue.
    func next() -> (() -> Void)? {
        begins.isEmpty ? nil : begins.removeFirst().block
    }

    func awaitCompletion(_ id: AsyncTransactionId) {
        completions.insert(id)
    }

    /// Takes a callback's id off the list; false when it was cancelled.
    func complete(_ id: AsyncTransactionId) -> Bool {
        completions.remove(id) != nil
    }

    /// Drops a waiting block or callback (nothing when it already ran).
    func cancel(_ id: AsyncTransactionId) {
        begins.removeAll { $0.id == id }
        completions.remove(id)
    }
}
