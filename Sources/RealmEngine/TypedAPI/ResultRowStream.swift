// Row streams: `ResultRowStream`, one statement over lazy results' rows, stepped a page at a time for iteration.

import CSQLite

/// Lazy results read for iteration by one statement over their rows (`_key` and the
/// single-valued columns), stepped a `RowPage` at a time.
///
/// The store's pinned read transaction is the snapshot the statement reads, so it needs no
/// snapshot of keys. Before the store lets go of that transaction (a write, `refresh()`, a
/// checkpoint, moving off a shared connection) it detaches every open stream: the stream
/// reads the keys it has not returned yet, still at the old version, and stops; its user goes
/// on with those keys (`remainingKeys`), as Realm's enumerators detach when their Realm
/// changes.
///
/// The first page copies every column. Later pages copy only the columns of the properties
/// read from the stream's pages so far (all of them when none was read yet), and results in
/// key order go on with a statement selecting just those columns, from the last key read. A
/// stream may instead be stepped a row at a time and read in place (`step()`, `livePage`),
/// switching to pages whenever its user wants.
///
/// For example:
///
///     if let stream = try store.rowStream(dogs, names: ["name"]) {
///         while case let page = try stream.next(256), page.count > 0 { print(page.keys) }
///     }
package final class ResultRowStream {
    let store: Store
    private let query: ResultsQuery
    let info: ClassInfo
    let positions: [Int?]
    let use: ColumnUse
    /// Whether the results are in key order (every object of the class, unsorted, no limit).
    private let keyOrdered: Bool
    @exclusivity(unchecked) var statement: Statement?
    /// The row columns the statement's columns go to (nil: every column, in row order), and
    /// the columns copied (nil: all the statement has).
    private(set) var selected: [Int32]?
    private var plan: [(statement: Int32, row: Int32)]?
    /// Rows read so far, by pages or steps. (The fields stepping reads take no runtime
    /// exclusivity checks: a stream is used by one cursor.)
    @exclusivity(unchecked) var rowsRead = 0
    @exclusivity(unchecked) var lastKey: Int64 = 0
    /// The page reading the statement's current row in place, once stepped (`step()`).
    @exclusivity(unchecked) package internal(set) var livePage: RowPage?
    /// The live page's row while the statement is open, reached without reference counting
    /// (`livePage` holds it).
    @exclusivity(unchecked) var liveHandle: Unmanaged<LiveRow>?
    /// Told before the store moves the statement off its current row (`detach`), so that the
    /// objects reading it in place can copy it first.
    package var leaving: (() -> Void)?
    /// The keys not yet returned when the store detached the stream; nil before.
    package private(set) var remainingKeys: [Int64]?

    fileprivate init(store: Store, query: ResultsQuery, info: ClassInfo, positions: [Int?], statement: Statement) {
        self.store = store
        self.query = query
        self.info = info
        self.positions = positions
        self.use = ColumnUse(count: info.properties.count)
        if case .all = query.base {
            keyOrdered = query.sort.isEmpty && query.distinct.isEmpty && query.limit == nil
        } else {
            keyOrdered = false
        }
        self.statement = statement
    }

    deinit {
        if let statement { store.serialized { statement.reset() } }
    }

    /// The next rows, at most `count` (a page of none when the results are done or the stream
    /// was detached: then see `remainingKeys`).
    package func next(_ count: Int) throws -> RowPage {
        noteLiveKey()
        if rowsRead > 0 { try narrow() }
        var rows = RowPage.Rows(info: info, positions: positions, capacity: count, plan: plan)
        guard let statement else { return RowPage(rows) }
        do {
            if try !rows.fill(from: statement, count: count) { finish() }
        } catch {
            finish()
            throw error
        }
        rowsRead += rows.keys.count
        if let last = rows.keys.last { lastKey = last }
        return RowPage(rows, use: use)
    }

    /// Copies only the columns of the properties read so far (when any was); results in key
    /// order go on with a statement selecting just those columns when it would select fewer.
    func narrow() throws {
        let read = use.positions
        guard !read.isEmpty, statement != nil else { return }
        var wanted: [Int32] = []
        for position in read where info.properties[position].isSingle {
            let column = info.rowColumns[position]
            wanted += info.properties[position].isMixed ? [column, column + 1] : [column]
        }
        wanted.sort()
        if keyOrdered, selected != wanted {
            var names: [Int32: String] = [:]
            for position in info.singlePositions {
                let property = info.properties[position], column = info.rowColumns[position]
                names[column] = "t0." + property.column
                if property.isMixed { names[column + 1] = "t0." + property.typeColumn }
            }
            let columns = wanted.map { names[$0]! }
            let compile = { try QueryCompiler(store: self.store, arguments: []).compile(self.query, .rows(columns, afterKey: true))?.0 }
            guard let compiled = try compile() else { return }
            let next = try store.queryStatement(compiled.sql, cached: false)
            for (index, value) in compiled.bindings.enumerated() { next.bind(Int32(index + 1), value) }
            next.bind(Int32(compiled.bindings.count), lastKey)
            statement?.reset()
            statement = next
            selected = wanted
        }
        if let selected {
            plan = wanted.compactMap { column in selected.firstIndex(of: column).map { (Int32($0 + 1), column) } }
        } else {
            plan = wanted.map { ($0, $0) }
        }
    }

    /// Reads the keys of the rows not returned yet, then stops.
    fileprivate func detach() throws {
        guard let statement else { return }
        if livePage?.live?.row ?? -1 >= 0 { leaving?() }
        var keys: [Int64] = []
        defer { finish() }
        while try statement.step() { keys.append(statement.int64(0)) }
        remainingKeys = keys
    }

    func finish() {
        livePage?.live?.row = -1
        liveHandle = nil
        statement?.reset()
        statement = nil
    }

    fileprivate var isOpen: Bool { statement != nil }
}

/// A weak reference to an open stream, for detaching it.
struct WeakRowStream {
    weak var stream: ResultRowStream?
}

extension Store {
    /// A stream over the rows of `query` (`names`: the properties by the caller's positions, as
    /// `storedRow(_:names:)`), or nil when the results must be read through a snapshot of their
    /// keys instead: inside a write transaction (writes in the loop would change what the
    /// statement reads), without a pinned read transaction, or for distinct results.
    package func rowStream(_ query: ResultsQuery, names: [String?]) throws -> ResultRowStream? {
        guard frozen || (pinsVersions && readIsOpen && !inWriteTransaction) else { return nil }
        let info = try classInfo(query.className)
        let columns = info.singlePositions.flatMap { position in
            let property = info.properties[position]
            return property.isMixed ? ["t0.\(property.column)", "t0.\(property.typeColumn)"] : ["t0.\(property.column)"]
        }
        let compile = { try QueryCompiler(store: self, arguments: []).compile(query, .rows(columns, afterKey: false))?.0 }
        guard let compiled = try query.compiled.get("rows", compile) else { return nil }
        var statement = try queryStatement(compiled.sql, cached: true)
        // An open stream of the same results (nested loops) keeps the cached statement.
        if sqlite3_stmt_busy(statement.handle) != 0 { statement = try queryStatement(compiled.sql, cached: false) }
        for (index, value) in compiled.bindings.enumerated() { statement.bind(Int32(index + 1), value) }
        let stream = ResultRowStream(store: self, query: query, info: info, positions: rowPositions(info, names), statement: statement)
        rowStreams.removeAll { $0.stream?.isOpen != true }
        rowStreams.append(WeakRowStream(stream: stream))
        return stream
    }

    /// Detaches every open stream (see `ResultRowStream`): called before the read transaction
    /// they read ends.
    func detachRowStreams() throws {
        let open = rowStreams.compactMap(\.stream)
        rowStreams.removeAll()
        for stream in open { try stream.detach() }
    }
}

extension ClassInfo {
    /// Values per row of `selectRowSQL`: `_key`, then each single-valued column (two for a
    /// mixed one: its value and its type).
    var selectRowWidth: Int {
        singlePositions.reduce(1) { $0 + (properties[$1].isMixed ? 2 : 1) }
    }
}
