import Foundation
import RealmEngine

/// The links SQLite must sort before it gives the first (`Store.linksByTargetAreSorted`: links
/// into embedded classes), read ahead for `realm-export --type realm` on a second thread through
/// a connection of its own, so that the exporter's thread never waits for a sort: the thread
/// starts every sort at once, in the order the exporter will need them, while the exporter
/// writes the classes before them, then keeps a few chunks of each one's pairs ready.
///
/// The second connection (`Store(path:readOnly:)`) is only used when it reads the version the
/// exporter's read transaction reads (the file's version counter, taken in that transaction
/// before the thread starts); otherwise (another commit came between, the file cannot be opened
/// again) `stream(_:)` says so and the exporter reads those links itself, as it does every
/// other link. Memory stays bounded: at most `chunks` chunks of `chunkSize` pairs per link
/// property, and that connection's page cache and sorts (`pageCacheKibibytes` each).
///
/// For example:
///
///     let ahead = LinkReadAhead(path: store.path, version: store.version,
///                               sources: [.init(className: "Person", property: "address")])
///     defer { ahead.stop() }
///     if let links = ahead.stream(ahead.sources[0]) { while let (address, person) = try links.next() { … } }
///
/// `@unchecked Sendable`: the threads share `queues`, `finished`, `failure`, `isAvailable` and
/// `isStopped` only under `condition`.
final class LinkReadAhead: @unchecked Sendable {
    /// A link property whose links are read ahead.
    struct Source: Sendable, Hashable {
        var className: String
        var property: String
    }

    /// Pairs per chunk handed over (tests make it small).
    static let chunkSize = 4_096
    /// Chunks ready at most per link property.
    static let chunks = 4
    /// The second connection's page cache, in KiB: it passes once over the origin tables, and
    /// SQLite's sorts keep about this much of their links in memory each (the rest goes to
    /// temporary files), so a small cache keeps its memory flat.
    static let pageCacheKibibytes = 2_048

    let sources: [Source]
    private let chunkSize: Int
    private let path: String
    private let version: UInt64
    /// Runs on the thread before its connection reads (tests commit here).
    private let beforeRead: (@Sendable () -> Void)?
    private let condition = NSCondition()
    /// Per source: the chunks read and not yet taken.
    private var queues: [[[LinkPair]]]
    /// Per source: every pair is in `queues` (or taken).
    private var finished: [Bool]
    private var failure: (any Error)?
    /// Nil until the thread knows whether its connection reads the exporter's version.
    private var isAvailable: Bool?
    private var isStopped = false
    private let exited = DispatchSemaphore(value: 0)

    /// Starts the thread reading `sources` from the store at `path` at `version`.
    init(path: String, version: UInt64, sources: [Source], chunkSize: Int = LinkReadAhead.chunkSize,
         beforeRead: (@Sendable () -> Void)? = nil) {
        self.chunkSize = chunkSize
        self.path = path
        self.beforeRead = beforeRead
        self.version = version
        self.sources = sources
        queues = Array(repeating: [], count: sources.count)
        finished = Array(repeating: false, count: sources.count)
        let thread = Thread { [self] in
            run()
            condition.lock()
            if isAvailable == nil { isAvailable = false }
            condition.broadcast()
            condition.unlock()
            exited.signal()
        }
        thread.name = "realm-export realm links"
        thread.start()
    }

    /// The links of `source` in target order, read ahead; nil when they are not (the second
    /// connection does not read the exporter's version, or `source` is not one of `sources`).
    func stream(_ source: Source) -> LinkStream? {
        guard let index = sources.firstIndex(of: source) else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while isAvailable == nil { condition.wait() }
        return isAvailable == true ? LinkStream(readAhead: self, index: index) : nil
    }

    /// Ends the thread (the links not taken are dropped) and waits for it.
    func stop() {
        condition.lock()
        isStopped = true
        condition.broadcast()
        condition.unlock()
        exited.wait()
    }

    /// The next chunk of the source at `index`: empty after its last pair.
    fileprivate func take(_ index: Int) throws -> [LinkPair] {
        condition.lock()
        defer { condition.unlock() }
        while queues[index].isEmpty && !finished[index] && failure == nil && !isStopped { condition.wait() }
        if let failure { throw failure }
        guard !queues[index].isEmpty else { return [] }
        condition.broadcast()
        return queues[index].removeFirst()
    }

    /// The thread: the same version or nothing; then every sort started in order (the first
    /// chunk of each), then chunks for whichever source has room, earliest first.
    private func run() {
        guard let store = try? Store(path: path, readOnly: true) else { return }
        try? store.setPageCache(kibibytes: Self.pageCacheKibibytes)
        beforeRead?()
        do {
            try store.readTransaction {
                condition.lock()
                isAvailable = store.version == version
                condition.broadcast()
                condition.unlock()
                guard store.version == version else { return }
                var cursors: [StoreLinkCursor] = []
                for (index, source) in sources.enumerated() {
                    cursors.append(try store.linksByTarget(source.className, property: source.property))
                    guard try fill(index, from: cursors[index]) else { return }
                }
                while let index = nextWithRoom() {
                    guard try fill(index, from: cursors[index]) else { return }
                }
            }
        } catch {
            condition.lock()
            if isAvailable == nil { isAvailable = false }
            failure = error
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Reads one chunk of the source at `index` into its queue; false once stopped.
    private func fill(_ index: Int, from cursor: StoreLinkCursor) throws -> Bool {
        var chunk: [LinkPair] = []
        chunk.reserveCapacity(chunkSize)
        while chunk.count < chunkSize, let pair = try cursor.next() { chunk.append(LinkPair(target: pair.target, origin: pair.origin)) }
        condition.lock()
        defer { condition.unlock() }
        if !chunk.isEmpty { queues[index].append(chunk) }
        if chunk.count < chunkSize { finished[index] = true }
        condition.broadcast()
        return !isStopped
    }

    /// The earliest source not finished with room for a chunk, waiting while there is none;
    /// nil when every source is finished or the export stopped.
    private func nextWithRoom() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !isStopped {
            guard finished.contains(false) else { return nil }
            if let index = sources.indices.first(where: { !finished[$0] && queues[$0].count < Self.chunks }) { return index }
            condition.wait()
        }
        return nil
    }
}

/// A link read ahead: the keys (in the store) of its target and its origin.
struct LinkPair: Sendable {
    var target: Int64
    var origin: Int64
}

/// Links in target order, one `(target, origin)` pair of store keys at a time: a statement of the
/// exporter's connection (`StoreLinkCursor`) or links read ahead (`LinkStream`).
protocol LinkPairSource: AnyObject {
    /// The next link in target order, or nil after the last.
    func next() throws -> (target: Int64, origin: Int64)?
}

extension StoreLinkCursor: LinkPairSource {}

/// The links of one source of a `LinkReadAhead`, taken chunk by chunk on the exporter's thread.
final class LinkStream: LinkPairSource {
    private let readAhead: LinkReadAhead
    private let index: Int
    private var chunk: [LinkPair] = []
    private var position = 0
    private var isDone = false

    fileprivate init(readAhead: LinkReadAhead, index: Int) {
        self.readAhead = readAhead
        self.index = index
    }

    /// The next link in target order, or nil after the last.
    func next() throws -> (target: Int64, origin: Int64)? {
        if position == chunk.count {
            guard !isDone else { return nil }
            chunk = try readAhead.take(index)
            position = 0
            if chunk.isEmpty {
                isDone = true
                return nil
            }
        }
        let pair = chunk[position]
        position += 1
        return (pair.target, pair.origin)
    }
}
