import Foundation
import RealmFile

/// The objects of a Realm file's classes, class by class in object-key order, decoded on a
/// thread of their own (`RealmFile.forEachObject`, one cluster leaf at a time) and handed over
/// through a queue of at most `capacity` objects: memory stays bounded by the queue, not by the
/// size of a class. `cancel()` (or the reader going away) stops the decoding thread at its next
/// object.
///
/// `@unchecked Sendable`: the decoding thread and the reader share the queue and its flags only
/// under `condition`; the file it reads is immutable (`RealmFile` is `Sendable`).
final class RealmObjectStream: @unchecked Sendable {
    /// What the stream gives next.
    enum Item {
        /// An object and its class.
        case object(RealmObject, RealmClass)
        /// The decoder's error; the stream ends with it.
        case failure(RealmFileError)
        /// Every object was given.
        case end
    }

    private struct Cancelled: Error {}

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [Item] = []
    private var head = 0
    private var cancelled = false
    private let capacity: Int

    /// Starts decoding `classes` of `file`.
    init(file: RealmFile, classes: [RealmClass], capacity: Int = 1024) {
        self.capacity = capacity
        let thread = Thread { [self] in produce(file, classes) }
        thread.name = "realm-file-objects"
        thread.start()
    }

    deinit {
        cancel()
    }

    /// The next item, waiting for the decoding thread when the queue is empty.
    func next() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count { condition.wait() }
        let item = queue[head]
        head += 1
        if head >= capacity {
            queue.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// Stops the decoding thread (it ends at its next object).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func produce(_ file: RealmFile, _ classes: [RealmClass]) {
        do {
            for cls in classes {
                try file.forEachObject(in: cls) { object in
                    guard push(.object(object, cls)) else { throw Cancelled() }
                }
            }
            _ = push(.end)
        } catch let error as RealmFileError {
            _ = push(.failure(error))
        } catch {
            // Cancelled: nobody reads on.
        }
    }

    /// Queues `item`, waiting while the queue is full; false once cancelled.
    private func push(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - head >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        queue.append(item)
        condition.broadcast()
        return true
    }
}
