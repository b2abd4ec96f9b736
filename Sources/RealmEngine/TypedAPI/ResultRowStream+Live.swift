// Row streams stepped a row at a time and read in place (`step()`, `livePage`).

/// Reading a stream's rows in place, one step at a time: instead of copying pages of rows
/// ahead, the statement's current row is read through a live page (`LiveRow`) until the next
/// step, and only the rows of objects that must outlive it are copied (`RowPage.storedRow`).
/// Results in key order still narrow their statement to the columns read, every
/// `narrowingRows` rows; a stream may go on with pages (`next(_:)`) after steps.
///
/// For example:
///
///     while case let (slot, _) = try stream.step(), slot >= 0 {
///         print(stream.livePage!.text(slot, at: 0) ?? "")
///     }
extension ResultRowStream {
    /// Rows between two narrowings of a stepped statement (the first after the first rows):
    /// a new `livePage` may start only at a slot that is a multiple of this.
    package static let narrowingRows = 256

    /// Moves to the next row, read in place through `livePage`: its slot there, or -1 when the
    /// results are done or the stream was detached (then see `remainingKeys`), and whether
    /// `livePage` is a new page. The caller copies the rows it keeps before stepping again.
    /// Takes the connection's lock when frozen stores share it.
    package func step() throws -> (slot: Int, newPage: Bool) {
        var newPage = false
        if rowsRead % Self.narrowingRows == 0 { newPage = try store.serialized { try prepareLiveStatement() } }
        guard let liveHandle else { return (-1, false) }
        return try liveHandle._withUnsafeGuaranteedRef { live in
            live.row = -1
            let more: Bool
            do {
                more = try live.locked { try live.statement.step() }
            } catch {
                store.serialized { finish() }
                throw error
            }
            guard more else {
                store.serialized { finish() }
                return (-1, false)
            }
            live.row = rowsRead
            rowsRead += 1
            return (live.row, newPage)
        }
    }

    /// Before every `narrowingRows` rows: narrows the statement (after the first rows) and
    /// makes a live page for a statement stepped for the first time (true then).
    private func prepareLiveStatement() throws -> Bool {
        if rowsRead > 0 {
            noteLiveKey()
            try narrow()
        }
        guard let statement else { return false }
        guard livePage?.live?.statement !== statement || liveHandle == nil else { return false }
        let page = makeLivePage(statement)
        (livePage, liveHandle) = (page, page.live.map(Unmanaged.passUnretained))
        return true
    }

    /// Notes the key of the row the statement is on when it was stepped to (the row after
    /// which a narrowed statement goes on), and leaves it.
    func noteLiveKey() {
        guard let live = livePage?.live, live.row >= 0 else { return }
        lastKey = live.statement.int64(0)
        live.row = -1
    }

    /// A page reading `statement`'s current row, its columns those the statement selects.
    private func makeLivePage(_ statement: Statement) -> RowPage {
        let plan = selected.map { $0.enumerated().map { (statement: Int32($0.offset + 1), row: $0.element) } }
        let rows = RowPage.Rows(info: info, positions: positions, capacity: 0, plan: plan)
        return RowPage(rows, use: use, live: LiveRow(statement: statement, connection: store.connection, plan: plan))
    }
}
