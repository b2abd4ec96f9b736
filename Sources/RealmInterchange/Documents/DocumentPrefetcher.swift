import Foundation

/// Reads the documents of a `DocumentSource` on a thread of its own, ahead of the caller,
/// so that decoding JSON (jansson) overlaps with converting and storing the documents already
/// read: the importer's two halves run on two cores.
///
/// The read-ahead is bounded by `byteLimit` bytes of input held in documents not yet taken
/// (and never less than one document), so memory stays bounded by the largest document, not
/// the input. Documents and errors come out of `next()` in input order, exactly as
/// `source.next()` would return them.
///
/// While a prefetcher runs, only its thread touches `source`'s reading state; the source's
/// buffer is shared with `DocumentSource.bytes(in:)` (used to locate problems) through the
/// source's `readLock`. `stop()`, or dropping the prefetcher, ends the thread.
///
/// When the source has an `interruption` and it is interrupted, `next()` throws an error of
/// kind `.interrupted` (at once, also while waiting for a document), and `stop()` no longer
/// waits for the reading thread, which may be blocked reading a pipe: the source must not be
/// read again.
///
/// For example:
///
///     let reader = DocumentPrefetcher(source)
///     defer { reader.stop() }
///     while let document = try reader.next() { try importDocument(document) }
final class DocumentPrefetcher {
    /// Input bytes of read-ahead documents, by default.
    static let defaultByteLimit = 256 * 1024

    /// What the two threads share; the reading thread holds only this, so that dropping the
    /// prefetcher can stop it.
    private let channel: DocumentChannel
    /// The batch the caller is taking documents from, and the next one to take.
    private var taken: [DocumentChannel.Item] = []
    private var takenIndex = 0
    private let interruption: InputInterruption?
    /// The registration that wakes `next()` on interruption.
    private var interruptionWaker: Int?
    private let sourceName: String

    /// Starts reading `source` on a new thread, which also runs `prepare` on each document (it
    /// must not touch anything the caller's thread uses meanwhile).
    init(_ source: DocumentSource, byteLimit: Int = DocumentPrefetcher.defaultByteLimit,
         prepare: ((JSONDocument) -> Void)? = nil) {
        let channel = DocumentChannel(source: source, byteLimit: max(byteLimit, 1), prepare: prepare)
        self.channel = channel
        interruption = source.interruption
        sourceName = source.name
        interruptionWaker = interruption?.onInterrupt { channel.interrupt() }
        source.readLock = NSLock()
        let thread = Thread {
            channel.readAll()
            channel.readerExited.signal()
        }
        thread.name = "realm-import reader"
        thread.start()
    }

    deinit {
        stop()
    }

    /// The next document or error of the source, in order; nil at the end of the input.
    func next() throws(SourceError) -> JSONDocument? {
        if let interruption, let signal = interruption.signal {
            throw SourceError(.interrupted, .error(JSONMessages.interrupted(sourceName, signal: signal)))
        }
        if takenIndex == taken.count {
            // Handed over, not shared: the reading thread then holds the last reference to each
            // finished document and frees it there, not here (where it would race to).
            let finished = taken
            taken = []
            taken = channel.nextBatch(returning: finished)
            takenIndex = 0
            if taken.isEmpty {
                if let interruption, let signal = interruption.signal {
                    throw SourceError(.interrupted, .error(JSONMessages.interrupted(sourceName, signal: signal)))
                }
                return nil
            }
        }
        let item = taken[takenIndex]
        takenIndex += 1
        switch item {
        case .document(let document): return document
        case .failure(let error): throw error
        }
    }

    /// Input bytes of the documents read ahead and not yet taken by `next()`.
    var readAheadBytes: Int { channel.queuedByteCount }

    /// Stops reading ahead and waits for the reading thread to return; the source is the
    /// caller's again. Safe to call more than once.
    func stop() {
        if let interruptionWaker {
            interruption?.remove(interruptionWaker)
            self.interruptionWaker = nil
        }
        channel.stop(waiting: interruption?.signal == nil)
    }
}

/// The queue between a `DocumentPrefetcher`'s reading thread and its caller, guarded by one
/// condition variable.
// @unchecked: the queue and flags are read and written only under `condition`; the other fields are `let`.
private final class DocumentChannel: @unchecked Sendable {
    /// What the reading thread produced: a document, or an error (in input order).
    enum Item {
        case document(JSONDocument)
        case failure(SourceError)
    }

    let source: DocumentSource
    let byteLimit: Int
    let prepare: ((JSONDocument) -> Void)?
    /// Signalled when the reading thread has returned.
    let readerExited = DispatchSemaphore(value: 0)
    private let condition = NSCondition()
    private var queue: [Item] = []
    private var queuedBytes = 0
    private var isReaderDone = false
    private var isStopped = false
    /// Set on interruption: the caller stops waiting for documents.
    private var isInterrupted = false
    private var isConsumerWaiting = false
    private var isProducerWaiting = false
    /// Batches of documents the caller is done with, for the reading thread to release: jansson
    /// frees memory fastest on the thread that allocated it.
    private var returned: [Item] = []

    init(source: DocumentSource, byteLimit: Int, prepare: ((JSONDocument) -> Void)?) {
        self.source = source
        self.byteLimit = byteLimit
        self.prepare = prepare
    }

    /// Hands `finished` back for release and takes every document read ahead, waiting for one
    /// when there is none yet; empty at the end of the input.
    func nextBatch(returning finished: consuming [Item]) -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !isReaderDone && !isStopped && !isInterrupted {
            isConsumerWaiting = true
            condition.wait()
            isConsumerWaiting = false
        }
        if returned.isEmpty {
            returned = finished
        } else {
            returned.append(contentsOf: finished)
        }
        let batch = queue
        queue = []
        queuedBytes = 0
        if isProducerWaiting { condition.signal() }
        return batch
    }

    var queuedByteCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queuedBytes
    }

    /// Wakes the caller waiting for a document (see `InputInterruption`).
    func interrupt() {
        condition.lock()
        isInterrupted = true
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the reading thread and, when `waiting`, waits for it (once), then gives the source
    /// back; without waiting the thread ends on its own once its read returns.
    func stop(waiting: Bool) {
        condition.lock()
        let wasStopped = isStopped
        isStopped = true
        condition.broadcast()
        condition.unlock()
        guard !wasStopped, waiting else { return }
        readerExited.wait()
        source.readLock = nil
    }

    /// The reading thread: decodes documents until the end of the input or `stop()`.
    func readAll() {
        while true {
            let item: Item?
            source.readLock?.lock()
            do {
                item = try source.next().map(Item.document)
            } catch {
                item = .failure(error)
            }
            source.readLock?.unlock()
            if let prepare, case .document(let document)? = item { prepare(document) }
            condition.lock()
            var done = returned
            returned = []
            defer {
                condition.unlock()
                done.removeAll()
            }
            guard let item else {
                isReaderDone = true
                if isConsumerWaiting { condition.signal() }
                return
            }
            while queuedBytes >= byteLimit && !isStopped {
                isProducerWaiting = true
                condition.wait()
                isProducerWaiting = false
                if !returned.isEmpty {
                    done.append(contentsOf: returned)
                    returned = []
                }
            }
            if isStopped { return }
            queue.append(item)
            if case .document(let document) = item { queuedBytes += document.byteCount }
            if isConsumerWaiting { condition.signal() }
        }
    }
}
