import Foundation
import RealmFile

/// The two threads of `realm-export --type realm`: the exporter's thread reads the store and
/// converts its objects; a second thread encodes them into Realm nodes and writes the file
/// (`RealmFileStreamWriter`). They meet in a queue of at most `capacity` batches of objects, so
/// memory stays bounded: when the writer falls behind, the reader waits, and the other way round.
///
/// The writer is only touched by the second thread until `finish()` or `cancel()` returns. The
/// first error the writer throws stops it; `send` then returns false and `finish()` throws that
/// error.
///
/// For example:
///
///     let pipeline = RealmFileWritePipeline(writer: writer)
///     pipeline.send(.begin("Dog")); pipeline.send(.objects(batch)); pipeline.send(.end)
///     try pipeline.finish()
///
/// `@unchecked Sendable`: the threads share `queue`, `failure` and `isClosed` only under
/// `condition`; the writer is the second thread's alone while it runs.
final class RealmFileWritePipeline: @unchecked Sendable {
    enum Command {
        case begin(String)
        case objects([RealmObject])
        case end
    }

    /// Objects per batch sent.
    static let batchSize = 512
    /// Batches waiting at most.
    static let capacity = 8

    private let writer: RealmFileStreamWriter
    private let condition = NSCondition()
    private var queue: [Command] = []
    private var isClosed = false
    private var failure: RealmFileError?
    private let exited = DispatchSemaphore(value: 0)

    init(writer: RealmFileStreamWriter) {
        self.writer = writer
        let thread = Thread { [self] in
            run()
            exited.signal()
        }
        thread.name = "realm-export realm writer"
        thread.start()
    }

    /// Queues `command`, waiting while the queue is full; false once the writer has failed.
    @discardableResult
    func send(_ command: Command) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.capacity && failure == nil { condition.wait() }
        guard failure == nil else { return false }
        queue.append(command)
        condition.broadcast()
        return true
    }

    /// Waits until every command is written; throws the writer's first error.
    func finish() throws(RealmFileError) {
        close()
        if let failure { throw failure }
    }

    /// Stops the writer (commands still queued are dropped) and waits for it.
    func cancel() {
        condition.lock()
        queue = []
        if failure == nil { failure = RealmFileError(.badValue, "cancelled") }
        condition.broadcast()
        condition.unlock()
        close()
    }

    private func close() {
        condition.lock()
        let wasClosed = isClosed
        isClosed = true
        condition.broadcast()
        condition.unlock()
        if !wasClosed { exited.wait() }
    }

    /// The second thread: commands in order until the queue is closed and empty, or an error.
    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !isClosed { condition.wait() }
            if queue.isEmpty || failure != nil {
                condition.unlock()
                return
            }
            let command = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            do {
                switch command {
                case .begin(let name): try writer.beginClass(name)
                case .objects(let objects): for object in objects { try writer.add(object) }
                case .end: try writer.endClass()
                }
            } catch {
                condition.lock()
                if failure == nil { failure = error }
                queue = []
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }
}
