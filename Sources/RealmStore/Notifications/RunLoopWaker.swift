import Foundation
import Synchronization

/// Runs blocks at the next turn of one thread's run loop, scheduled from any thread (what
/// autorefresh, notifications and asynchronous writes of a live Realm wait for).
///
/// One per thread, made by the first Realm opened there and kept while the thread lives: a
/// single repeating timer, added to the thread's run loop once, that waits for the distant
/// future until `schedule` sets its fire date to now. Setting a timer's fire date from another
/// thread wakes a sleeping run loop. A timer is never made per block: swift-corelibs-foundation
/// never frees a `Timer` (its run-loop timer holds the `Timer` without a release callback), so
/// a timer per block would cost about 330 bytes a commit for the life of the process.
///
///     let waker = RunLoopWaker.current         // on the Realm's thread
///     DispatchQueue.global().async {
///         waker.schedule { print("on the Realm's thread") }
///     }
///     RunLoop.current.run(until: Date().addingTimeInterval(0.1))
// @unchecked: `blocks` is a Mutex; `timer` (not Sendable) is only given a new fire date from other threads, which Foundation allows.
package final class RunLoopWaker: @unchecked Sendable {
    private let timer: Timer
    private let blocks = Mutex<[@Sendable () -> Void]>([])
    /// Timers made by wakers in this process (one per thread that opened a live Realm).
    package static let timersMade = Atomic<Int>(0)

    /// Holds the waker weakly for the timer's block (the timer itself is never freed).
    // @unchecked: `waker` is set once before the timer can fire and only read afterwards (weak references are atomic).
    private final class WeakWaker: @unchecked Sendable {
        weak var waker: RunLoopWaker?
    }

    private static let key = "io.realm-tools.RunLoopWaker"

    /// The calling thread's waker, made (with its timer) the first time.
    package static var current: RunLoopWaker {
        let thread = Thread.current
        if let waker = thread.threadDictionary[key] as? RunLoopWaker { return waker }
        let waker = RunLoopWaker(runLoop: RunLoop.current)
        thread.threadDictionary[key] = waker
        return waker
    }

    private init(runLoop: RunLoop) {
        let weak = WeakWaker()
        timer = Timer(fire: .distantFuture, interval: Self.interval, repeats: true) { _ in weak.waker?.drain() }
        weak.waker = self
        RunLoopWaker.timersMade.add(1, ordering: .relaxed)
        runLoop.add(timer, forMode: .default)
    }

    /// The timer's interval: after firing, it waits this long unless `schedule` sets it sooner.
    private static let interval: TimeInterval = 365 * 24 * 3600

    deinit {
        timer.invalidate()
    }

    /// Runs `body` on the waker's thread at the next turn of its run loop (in order with the
    /// other blocks); nothing runs once the thread has ended.
    package func schedule(_ body: @escaping @Sendable () -> Void) {
        let first = blocks.withLock { blocks in
            blocks.append(body)
            return blocks.count == 1
        }
        if first { timer.fireDate = Date() }
    }

    /// The blocks waiting for the next turn.
    package var pendingCount: Int { blocks.withLock { $0.count } }

    /// Runs the blocks scheduled so far; those they schedule wait for the next turn.
    private func drain() {
        let due = blocks.withLock { blocks in
            defer { blocks = [] }
            return blocks
        }
        for body in due { body() }
    }
}
