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
    /// Where the property at the caller's `position` is in a row when the page holds it and
    /// it is of `kind`; the read is noted for the stream's next pages.
    @inline(__always)
    private func column(_ position: Int, _ kind: Column.Kind) -> Column? {
        let column = columns[position]
        guard column.kind == kind, column.offset >= 0 else { return nil }
        use?.flags[Int(column.stored)] = true
        return column
    }

    /// The cell of the property at the caller's `position` in the row at `slot` of a copied page.
    @inline(__always)
    private func cell(_ slot: Int, _ column: Column) -> Cell {
        cells[slot * width + Int(column.offset)]
    }

    /// A string property's value.
    @inline(__always)
    package func text(_ slot: Int, at position: Int) -> String? {
        guard let column = column(position, .string) else { return nil }
        if let liveHandle { return liveHandle._withUnsafeGuaranteedRef { $0.text(slot, column.offset) } }
        let cell = cell(slot, column)
        guard cell.type == SQLITE_TEXT else { return nil }
        return arena.string(at: Int(cell.value), count: Int(cell.count))
    }

    /// An integer property's value.
    @inline(__always)
    package func integer(_ slot: Int, at position: Int) -> Int64? {
        guard let column = column(position, .int) else { return nil }
        if let liveHandle { return liveHandle._withUnsafeGuaranteedRef { $0.integer(slot, column.offset) } }
        let cell = cell(slot, column)
        return cell.type == SQLITE_INTEGER ? cell.value : nil
    }

    /// A double property's value.
    @inline(__always)
    package func double(_ slot: Int, at position: Int) -> Double? {
        guard let column = column(position, .double) else { return nil }
        if let liveHandle { return liveHandle._withUnsafeGuaranteedRef { $0.double(slot, column.offset) } }
        let cell = cell(slot, column)
        return cell.type == SQLITE_FLOAT ? Double(bitPattern: UInt64(bitPattern: cell.value)) : nil
    }

    /// A bool property's value.
    @inline(__always)
    package func bool(_ slot: Int, at position: Int) -> Bool? {
        guard let column = column(position, .bool) else { return nil }
        if let liveHandle { return liveHandle._withUnsafeGuaranteedRef { $0.integer(slot, column.offset) }.map { $0 != 0 } }
        let cell = cell(slot, column)
        return cell.type == SQLITE_INTEGER ? cell.value != 0 : nil
    }
}
