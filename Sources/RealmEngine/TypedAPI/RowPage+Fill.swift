import CSQLite

extension RowPage.Rows {
    /// Steps `statement` and copies up to `count` rows, as `append(_:)` copies each, into
    /// the arrays' memory directly (without an array's uniqueness and capacity checks per
    /// value): a stream's page. False when the statement has no more rows.
    ///
    /// For example:
    ///
    ///     var rows = RowPage.Rows(info: info, positions: positions, capacity: 256, plan: plan)
    ///     let more = try rows.fill(from: statement, count: 256)
    mutating func fill(from statement: Statement, count: Int) throws -> Bool {
        let (start, width, plan, arena, handle) = (keys.count, self.width, self.plan, self.arena, statement.handle)
        keys.append(contentsOf: repeatElement(0, count: count))
        cells.append(contentsOf: repeatElement(RowPage.Cell(type: SQLITE_NULL, count: 0, value: 0), count: count * width))
        var filled = 0, more = true
        defer {
            // Rows not read (the statement ended, or failed) leave no placeholders.
            keys.removeLast(count - filled)
            cells.removeLast((count - filled) * width)
        }
        try keys.withUnsafeMutableBufferPointer { keys in
            try cells.withUnsafeMutableBufferPointer { cells in
                while filled < count {
                    guard try statement.step() else {
                        more = false
                        break
                    }
                    let key = sqlite3_column_int64(handle, 0)
                    keys[start + filled] = key
                    var cell = (start + filled) * width
                    cells[cell] = RowPage.Cell(type: SQLITE_INTEGER, count: 0, value: key)
                    if let plan {
                        for (column, _) in plan {
                            cell += 1
                            cells[cell] = Self.copy(handle, column, into: arena)
                        }
                    } else {
                        for column in 1..<Int32(width) {
                            cell += 1
                            cells[cell] = Self.copy(handle, column, into: arena)
                        }
                    }
                    filled += 1
                }
            }
        }
        return more
    }
}
