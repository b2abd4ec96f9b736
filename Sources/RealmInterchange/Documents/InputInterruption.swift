import Foundation

/// A request, from another thread, to stop reading input: `realm-import` sets it when SIGINT
/// or SIGTERM arrives, and a `DocumentSource` read through a `DocumentPrefetcher` then
/// throws an error of kind `.interrupted` at the next document, waking a caller that waits
/// for one. The importer rolls its transaction back on that error like on any other.
///
/// For example:
///
///     let interruption = InputInterruption()
///     source.interruption = interruption
///     // on another thread, when the user presses ^C:
///     interruption.interrupt(signal: SIGINT)
// @unchecked: every mutable field is read and written under `lock`.
public final class InputInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32 = 0
    /// What to call on interruption, by registration (the waiting prefetchers).
    private var wakers: [Int: () -> Void] = [:]
    private var nextWaker = 0

    public init() {}

    /// The signal that interrupted reading; nil while reading may go on.
    public var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received == 0 ? nil : received
    }

    /// Records `signal` and wakes every reader waiting for input. Returns false (changing
    /// nothing) when reading was already interrupted.
    @discardableResult
    public func interrupt(signal: Int32) -> Bool {
        lock.lock()
        guard received == 0 else {
            lock.unlock()
            return false
        }
        received = signal
        let wake = Array(wakers.values)
        lock.unlock()
        for waker in wake { waker() }
        return true
    }

    /// Calls `wake` (on the interrupting thread) when reading is interrupted, or at once when
    /// it already is; returns the registration for `remove(_:)`.
    func onInterrupt(_ wake: @escaping () -> Void) -> Int {
        lock.lock()
        let interrupted = received != 0
        let id = nextWaker
        nextWaker += 1
        if !interrupted { wakers[id] = wake }
        lock.unlock()
        if interrupted { wake() }
        return id
    }

    func remove(_ registration: Int) {
        lock.lock()
        wakers[registration] = nil
        lock.unlock()
    }
}
