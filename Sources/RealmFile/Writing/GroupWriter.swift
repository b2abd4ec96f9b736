/// Writes a whole file table by table (docs/realm-file.md, "Writing"): the header, the
/// `metadata` table first, then each class's table as `TableWriter` streams it (in any order,
/// each once), then the group's table names and tables, its top array and the footer.
struct GroupWriter {
    static let headerSize = 24
    static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8
    static let fileFormat: UInt8 = 24
    static let nullTableKey: Int64 = 0x7FFF_FFFF, nullColumnKey = Int64.max
    static let storageVersion: Int64 = 1

    let plans: [TablePlan]
    let layout: [[BacklinkPlan]]
    let tables: TableKeys
    var writer: NodeWriter
    private let metadataTop: Int64
    /// Each class's table top once written.
    private(set) var tops: [Int64?]

    /// Writes the header and the `metadata` table (holding `schemaVersion`), in memory or into
    /// `output`.
    init(plans: [TablePlan], layout: [[BacklinkPlan]], schemaVersion: UInt64, output: FileOutput?) throws(RealmFileError) {
        self.plans = plans
        self.layout = layout
        var keys: [String: Int64] = ["metadata": 0]
        for plan in plans { keys[plan.tableName] = plan.tableKey }
        tables = TableKeys(keys: keys)
        tops = Array(repeating: nil, count: plans.count)
        writer = NodeWriter(headerSize: Self.headerSize, output: output)
        let spec = try Self.spec(types: [0], names: ["version"], attributes: [0], keys: [0], into: &writer)
        let column = try writer.ints([Int64(bitPattern: schemaVersion)])
        let cluster = try writer.refs([NodeWriter.tagged(1), column])
        metadataTop = try Self.tableTop(spec: spec, cluster: cluster, tableKey: 0, indexes: [0],
                                        opposite: [(Self.nullTableKey, Self.nullColumnKey)], nextKey: 1, primaryKey: 0, flags: 0,
                                        into: &writer)
    }

    /// A writer for the table of plan `index`.
    func table(_ index: Int) -> TableWriter {
        TableWriter(plans: plans, planIndex: index, layout: layout, tables: tables)
    }

    /// Finishes `table` and records its top.
    mutating func finish(_ table: inout TableWriter) throws(RealmFileError) {
        tops[table.planIndex] = try table.finish(into: &writer)
    }

    /// Writes the tables not written yet (empty), the group and the footer, then the header.
    mutating func finish() throws(RealmFileError) {
        for index in plans.indices where tops[index] == nil {
            var empty = self.table(index)
            try finish(&empty)
        }
        var names: [[UInt8]?] = [Array("metadata".utf8)]
        var tableRefs: [Int64] = [metadataTop]
        for index in plans.indices {
            names.append(Array(plans[index].tableName.utf8))
            tableRefs.append(tops[index]!)
        }
        let namesRef = try writer.shortStrings(names)
        let tablesRef = try writer.refs(tableRefs)
        let topRef = writer.nextRef
        var width = NodeWriter.bitWidth([namesRef, tablesRef])
        var logicalSize: Int64 = 0
        while true {
            logicalSize = topRef + 8 + Int64((3 * width / 8 + 7) / 8 * 8)
            let needed = NodeWriter.bitWidth([namesRef, tablesRef, NodeWriter.tagged(logicalSize)], minimum: width)
            if needed == width { break }
            width = needed
        }
        let top = [namesRef, tablesRef, NodeWriter.tagged(logicalSize)]
        _ = try writer.node(flags: NodeWriter.Flag.hasRefs | NodeWriter.widthCode(width), count: 3,
                            payload: NodeWriter.packed(top, width: width))
        try writer.append(NodeWriter.littleEndian(UInt64(topRef), count: 8) + NodeWriter.littleEndian(Self.footerCookie, count: 8))
        try writer.flush()
        let header: [UInt8] = [UInt8](repeating: 0xff, count: 8) + [UInt8](repeating: 0, count: 8)
            + Array("T-DB".utf8) + [Self.fileFormat, 0, 0, 0]
        try writer.patchHeader(header)
    }

    static func spec(types: [Int64], names: [String], attributes: [Int64], keys: [Int64],
                     into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let typesRef = try writer.ints(types)
        let namesRef = try writer.shortStrings(names.map { Array($0.utf8) })
        let attributesRef = try writer.ints(attributes)
        let keysRef = try writer.ints(keys)
        return try writer.refs([typesRef, namesRef, attributesRef, 0, 0, keysRef])
    }

    static func tableTop(spec: Int64, cluster: Int64, tableKey: Int64, indexes: [Int64],
                         opposite: [(table: Int64, column: Int64)], nextKey: Int64, primaryKey: Int64,
                         flags: Int64, into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let indexRef = try writer.refs(indexes)
        let tablesRef = try writer.ints(opposite.map(\.table))
        let columnsRef = try writer.ints(opposite.map(\.column))
        return try writer.refs([spec, 0, cluster, NodeWriter.tagged(tableKey), indexRef, NodeWriter.tagged(0),
                                NodeWriter.tagged(Self.storageVersion), tablesRef, columnsRef, NodeWriter.tagged(nextKey), 0,
                                primaryKey == 0 ? 0 : NodeWriter.tagged(primaryKey), NodeWriter.tagged(flags), 0])
    }
}

/// The table keys alone, as the leaf writer resolves links in mixed values and dictionaries.
struct TableKeys: TableKeyResolver, Sendable {
    let keys: [String: Int64]

    func tableKey(named name: String) -> Int64? { keys[name] }
}
