import Foundation
import RealmEngine
import RealmFile
import RealmSchema

/// The two threads of `realm-export --type realm`: the exporter's thread reads the store's
/// objects and their backlinks; a second thread encodes them into Realm nodes and writes the file
/// (`RealmFileStreamWriter`). Converting the values (`RealmFileValueConverter`) is done by
/// whichever thread has time for it: the reader converts a batch itself when the queue is all
/// but full (`backlog`: it would soon wait for room), and otherwise sends it as read for the
/// writer to convert, so that neither thread idles while the other is busy. They meet in a
/// queue of at most `capacity` batches of objects, so memory stays bounded: when the writer falls
/// behind, the reader waits, and the other way round. Either way the same objects reach the
/// writer in the same order: the file's bytes do not depend on who converted what.
///
/// The writer is only touched by the second thread until `finish()` or `cancel()` returns. The
/// first error the second thread meets (`ExportError` for a value, `RealmFileError` from the
/// writer) stops it; `send` then returns false and `finish()` throws that error.
///
/// For example:
///
///     let pipeline = RealmFileWritePipeline(writer: writer, converter: converter)
///     pipeline.send(.begin(dog)); pipeline.send(.rows(first: 0, batch)); pipeline.send(.end)
///     try pipeline.finish()
///
/// `@unchecked Sendable`: the threads share `queue`, `failure` and `isClosed` only under
/// `condition`; the writer is the second thread's alone while it runs.
final class RealmFileWritePipeline: @unchecked Sendable {
    /// One object as read: its values in property order and its backlinks (Realm keys).
    struct Row {
        var values: [StoreValue]
        var backlinks: [[Int64]]
    }

    enum Command {
        /// The next class (its objects follow, keyed 0, 1, 2, …).
        case begin(ModelSchema)
        /// Objects as read, keyed `first`, `first + 1`, …: the writer's thread converts them.
        case rows(first: Int64, [Row])
        /// Objects converted by the reader.
        case objects([RealmObject])
        case end
    }

    /// Objects per batch sent.
    static let batchSize = 512
    /// Batches waiting at most.
    static let capacity = 8

    private let writer: RealmFileStreamWriter
    private let converter: RealmFileValueConverter
    private let condition = NSCondition()
    private var queue: [Command] = []
    private var isClosed = false
    private var failure: (any Error)?
    private let exited = DispatchSemaphore(value: 0)

    /// The class being written and its properties' shapes (second thread only).
    private var model: ModelSchema?
    private var shapes: [RealmFileValueConverter.Shape] = []

    init(writer: RealmFileStreamWriter, converter: RealmFileValueConverter) {
        self.writer = writer
        self.converter = converter
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

    /// How many batches wait for the writer: when the queue is all but full, the reader has time
    /// to convert.
    var backlog: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count
    }

    /// Waits until every command is written; throws the second thread's first error.
    func finish() throws {
        close()
        if let failure { throw failure }
    }

    /// Stops the writer (commands still queued are dropped) and waits for it.
    func cancel() {
        condition.lock()
        queue = []
        if failure == nil { failure = CancellationError() }
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
                try execute(command)
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

    private func execute(_ command: Command) throws {
        switch command {
        case .begin(let model):
            self.model = model
            shapes = converter.shapes(of: model)
            try writer.beginClass(model.name)
        case .rows(let first, let rows):
            guard let model else { return }
            let shapes = self.shapes
            var key = first
            for row in rows {
                try writer.add(try converter.object(key, of: model, shapes: shapes, values: row.values, backlinks: row.backlinks))
                key += 1
            }
        case .objects(let objects):
            for object in objects { try writer.add(object) }
        case .end:
            try writer.endClass()
        }
    }
}
