import CSQLite

/// Typed readers of a page's values, for the typed API's hot path (iterating a lazy
/// collection and reading a property of each object): a value decoded straight from the
/// page's cells into the Swift type asked for, with no `StoreValue` made and no lock taken (a
/// page is immutable). Each answers nil where it cannot (the page did not copy the column, the
/// property is of another type, the stored value is not of its SQLite type): the caller then
/// reads through `Store.singleValue(in:slot:at:)`, which decodes, or reports, as every read does.
///
/// For example:
///
///     let name = page.text(3, at: 1) ?? fallback()   // the name of the page's fourth row
extension RowPage {
    /// The cell of the property at the caller's `position` in the row at `slot` when the page
    /// copied it and the property is of `kind`; the read is noted for the stream's next pages.
    @inline(__always)
    private func cell(_ slot: Int, _ position: Int, _ kind: Column.Kind) -> Cell? {
        let column = columns[position]
        guard column.kind == kind, column.offset >= 0 else { return nil }
        use?.flags[Int(column.stored)] = true
        return cells[slot * width + Int(column.offset)]
    }

    /// A string property's value.
    @inline(__always)
    package func text(_ slot: Int, at position: Int) -> String? {
        guard let cell = cell(slot, position, .string), cell.type == SQLITE_TEXT else { return nil }
        return arena.string(at: Int(cell.value), count: Int(cell.count))
    }

    /// An integer property's value.
    @inline(__always)
    package func integer(_ slot: Int, at position: Int) -> Int64? {
        guard let cell = cell(slot, position, .int), cell.type == SQLITE_INTEGER else { return nil }
        return cell.value
    }

    /// A double property's value.
    @inline(__always)
    package func double(_ slot: Int, at position: Int) -> Double? {
        guard let cell = cell(slot, position, .double), cell.type == SQLITE_FLOAT else { return nil }
        return Double(bitPattern: UInt64(bitPattern: cell.value))
    }

    /// A bool property's value.
    @inline(__always)
    package func bool(_ slot: Int, at position: Int) -> Bool? {
        guard let cell = cell(slot, position, .bool), cell.type == SQLITE_INTEGER else { return nil }
        return cell.value != 0
    }
}
