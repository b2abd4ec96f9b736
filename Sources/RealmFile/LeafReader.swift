/// A class's values one cluster leaf at a time, for readers that turn many objects into something
/// else quickly (realm-import): no `RealmValue` per value, no `RealmObject` per row. A leaf's
/// scalar columns, and its lists and sets of scalars and links, are checked whole when the leaf
/// is loaded and then read in place from the memory-mapped file (`RealmScalarLeaf`: integers,
/// bits, and strings as the bytes in the file); other columns (mixed values, dictionaries, and any
/// column whose leaf the fast forms do not cover) are decoded as `forEachObject` decodes them, as
/// `RealmValue`s (`RealmLeafColumn.values`). A leaf with a problem is decoded that way too, so
/// that the error, and where it is placed, is the one `forEachObject` gives.
///
/// Objects are read in object-key order (`nextLeaf()`), or found by object key (`object(_:)`)
/// the way realm-core finds them: down the cluster tree by the child offsets, keeping the last
/// few leaves loaded, so reading the targets of links in about the order they were created loads
/// each leaf about once. Reading in order walks the cluster tree as it goes (no list of the
/// leaves is made first, which would touch a page of the file per leaf). Memory holds a leaf or
/// those few, and the path down the tree, whatever the size of the class.
///
/// For example:
///
/// ```swift
/// let reader = try RealmLeafReader(file: file, realmClass: person)
/// while let leaf = try reader.nextLeaf() {
///     for row in 0..<leaf.count { if case .scalar(let names) = leaf.columns[1] { print(names.string(row)) } }
/// }
/// ```
public final class RealmLeafReader {
    /// The class read.
    public let realmClass: RealmClass
    /// The properties read, as positions in `realmClass.properties`; `RealmLeaf.columns` follow
    /// this order.
    public let properties: [Int]
    let file: RealmFile
    let table: TableLayout
    private let columns: [ColumnLayout]
    private let tableNames: [Int64: String]
    /// The reader of reading in order (one job, as `forEachObject`).
    private let reader: NodeReader
    /// Reading in order: the inner nodes on the path to the next leaf, each with its next child
    /// and key offset; nil before the first leaf.
    private var walk: [(node: Node, child: Int, keyBase: Int64)]?
    private var leavesGiven = 0
    private var objectsGiven = 0
    /// The leaves found by key most recently, newest last.
    private var recent: [RealmLeaf] = []
    static let recentLeaves = 8

    /// Reads `properties` (positions in `realmClass.properties`; all of them by default) of the
    /// objects of `realmClass`, a class of `file`.
    public init(file: RealmFile, realmClass: RealmClass, properties: [Int]? = nil) throws(RealmFileError) {
        guard let table = file.group.table(key: realmClass.tableKey) else {
            throw RealmFileError(.badValue, RealmFileMessages.unknownClass(realmClass.name))
        }
        self.file = file
        self.table = table
        self.realmClass = realmClass
        let positions = properties ?? Array(realmClass.properties.indices)
        self.properties = positions
        columns = positions.compactMap { position in
            guard position >= 0, position < realmClass.properties.count else { return nil }
            let key = realmClass.properties[position].columnKey
            return table.columns.first { $0.key == key }
        }
        reader = file.makeReader()
        tableNames = reader.tableNamesByKey
    }

    /// How many leaves `object(_:)` keeps loaded (at most `recentLeaves`).
    var leavesKept: Int { recent.count }

    /// The number of objects of the class, as the root of its cluster tree records it (an
    /// inner node's tagged size, or a leaf's rows).
    public var objectCount: Int {
        get throws(RealmFileError) {
            do throws(RealmFileError) {
                let root = try reader.node(table.clusterRoot, from: table.clusterRootSource)
                guard root.hasRefs, root.widthType == .bits, root.count >= 1 else {
                    throw RealmFileError(.badNode, RealmFileMessages.badShape("cluster", slots: root.count, minimum: 1),
                                         offset: root.ref)
                }
                if root.isInner {
                    guard root.count >= 3 else {
                        throw RealmFileError(.badNode, RealmFileMessages.badShape("inner cluster node", slots: root.count, minimum: 3),
                                             offset: root.ref)
                    }
                    return Int(clamping: try root.tagged(2))
                }
                return try reader.leafKeys(root, keyBase: 0).count
            } catch {
                throw error.locating(className: realmClass.name)
            }
        }
    }

    /// How many leaves, and objects in them, `nextLeaf()` has given.
    public var leavesRead: Int { leavesGiven }
    public var objectsRead: Int { objectsGiven }

    /// The next leaf in object-key order, or nil after the last.
    public func nextLeaf() throws(RealmFileError) -> RealmLeaf? {
        do throws(RealmFileError) {
            guard let (node, keyBase) = try nextLeafNode() else { return nil }
            let leaf = try load(node, keyBase: keyBase, reader: reader)
            leavesGiven += 1
            objectsGiven += leaf.count
            return leaf
        } catch {
            throw error.locating(className: realmClass.name)
        }
    }

    /// The next leaf node of the cluster tree and its key offset, walking the tree depth first
    /// with the checks of `NodeReader.forEachClusterLeaf` (shapes, depths, offsets, cycles).
    private func nextLeafNode() throws(RealmFileError) -> (Node, Int64)? {
        var (ref, source, keyBase): (Int64, Int, Int64)
        if var path = walk {
            // Up to the deepest inner node with a child left, then down its next child.
            while let last = path.last, last.child >= last.node.count - 3 { path.removeLast() }
            guard let last = path.last else {
                walk = path
                return nil
            }
            let inner = last.node
            let child = last.child
            path[path.count - 1].child += 1
            let depth = try inner.tagged(1)
            let offsets: Node? = inner.int(0) == 0 ? nil : try reader.intNode(inner.int(0), from: inner.slotOffset(0))
            if let offsets, offsets.count < inner.count - 3 {
                throw RealmFileError(.badNode, RealmFileMessages.countMismatch("child offsets", offsets.count, inner.count - 3),
                                     offset: offsets.ref)
            }
            let offset = offsets.map { Int64(bitPattern: $0.unsigned(child)) } ?? Int64(child) << (8 * depth)
            let (base, overflow) = last.keyBase.addingReportingOverflow(offset)
            guard !overflow else { throw RealmFileError(.badValue, RealmFileMessages.keyOverflow, offset: inner.ref) }
            (ref, source, keyBase) = (inner.int(child + 3), inner.slotOffset(child + 3), base)
            walk = path
        } else {
            (ref, source, keyBase) = (table.clusterRoot, table.clusterRootSource, 0)
            walk = []
        }
        while true {
            let node = try reader.node(ref, from: source)
            guard node.hasRefs, node.widthType == .bits, node.count >= 1 else {
                throw RealmFileError(.badNode, RealmFileMessages.badShape("cluster", slots: node.count, minimum: 1),
                                     offset: node.ref)
            }
            let path = walk ?? []
            guard !path.contains(where: { $0.node.ref == node.ref }) else {
                throw RealmFileError(.cycle, RealmFileMessages.cycle(node.ref), offset: node.ref)
            }
            guard path.count < NodeReader.maxDepth else {
                throw RealmFileError(.tooDeep, RealmFileMessages.tooDeep(NodeReader.maxDepth), offset: node.ref)
            }
            if !node.isInner { return (node, keyBase) }
            guard node.count >= 3 else {
                throw RealmFileError(.badNode, RealmFileMessages.badShape("inner cluster node", slots: node.count, minimum: 3),
                                     offset: node.ref)
            }
            let depth = try node.tagged(1)
            guard depth >= 1, depth <= 6 else {
                throw RealmFileError(.badNode, RealmFileMessages.badTreeDepth(depth), offset: node.slotOffset(1))
            }
            walk?.append((node, 0, keyBase))
            guard node.count > 3 else { return try nextLeafNode() }
            let offsets: Node? = node.int(0) == 0 ? nil : try reader.intNode(node.int(0), from: node.slotOffset(0))
            if let offsets, offsets.count < node.count - 3 {
                throw RealmFileError(.badNode, RealmFileMessages.countMismatch("child offsets", offsets.count, node.count - 3),
                                     offset: offsets.ref)
            }
            let offset = offsets.map { Int64(bitPattern: $0.unsigned(0)) } ?? 0
            let (base, overflow) = keyBase.addingReportingOverflow(offset)
            guard !overflow else { throw RealmFileError(.badValue, RealmFileMessages.keyOverflow, offset: node.ref) }
            if var path = walk {
                path[path.count - 1].child = 1
                walk = path
            }
            (ref, source, keyBase) = (node.int(3), node.slotOffset(3), base)
        }
    }

    /// The object with key `key`: its leaf and row there; nil when the class has no such object.
    public func object(_ key: Int64) throws(RealmFileError) -> (leaf: RealmLeaf, row: Int)? {
        for leaf in recent.reversed() where leaf.count > 0 && leaf.keys[0] <= key && key <= leaf.keys[leaf.count - 1] {
            return leaf.row(of: key).map { (leaf, $0) }
        }
        // A reader for this lookup alone: its node visits are counted for it, not for every
        // lookup of the run.
        let reader = NodeReader(bytes: file.bytes, end: file.header.nodeAreaEnd, formatVersion: file.header.formatVersion)
        reader.tableNamesByKey = tableNames
        do throws(RealmFileError) {
            guard let (node, keyBase) = try findLeaf(key, reader: reader) else { return nil }
            if let leaf = recent.first(where: { $0.ref == node.ref }) {
                return leaf.row(of: key).map { (leaf, $0) }
            }
            let leaf = try load(node, keyBase: keyBase, reader: reader)
            if recent.count >= Self.recentLeaves { recent.removeFirst() }
            recent.append(leaf)
            return leaf.row(of: key).map { (leaf, $0) }
        } catch {
            throw error.locating(className: realmClass.name)
        }
    }

    /// The leaf that holds `key` if any object does, as realm-core looks an object up: in an
    /// inner node, the last child whose offset is not above the key (or the child `key >> (8 ×
    /// depth)` when no offsets are stored).
    private func findLeaf(_ key: Int64, reader: NodeReader) throws(RealmFileError) -> (Node, Int64)? {
        var ref = table.clusterRoot
        var source = table.clusterRootSource
        var keyBase: Int64 = 0
        var path: [Int] = []
        while true {
            let node = try reader.node(ref, from: source)
            guard node.hasRefs, node.widthType == .bits, node.count >= 1 else {
                throw RealmFileError(.badNode, RealmFileMessages.badShape("cluster", slots: node.count, minimum: 1),
                                     offset: node.ref)
            }
            if !node.isInner { return (node, keyBase) }
            guard !path.contains(node.ref) else { throw RealmFileError(.cycle, RealmFileMessages.cycle(node.ref), offset: node.ref) }
            guard path.count < NodeReader.maxDepth else {
                throw RealmFileError(.tooDeep, RealmFileMessages.tooDeep(NodeReader.maxDepth), offset: node.ref)
            }
            path.append(node.ref)
            guard node.count >= 3 else {
                throw RealmFileError(.badNode, RealmFileMessages.badShape("inner cluster node", slots: node.count, minimum: 3),
                                     offset: node.ref)
            }
            let depth = try node.tagged(1)
            guard depth >= 1, depth <= 6 else {
                throw RealmFileError(.badNode, RealmFileMessages.badTreeDepth(depth), offset: node.slotOffset(1))
            }
            let childCount = node.count - 3
            let (relative, below) = key.subtractingReportingOverflow(keyBase)
            guard !below, relative >= 0 else { return nil }
            let child: Int
            let offset: Int64
            if node.int(0) == 0 {
                let index = relative >> (8 * depth)
                guard index < Int64(childCount) else { return nil }
                child = Int(index)
                offset = index << (8 * depth)
            } else {
                let offsets = try reader.intNode(node.int(0), from: node.slotOffset(0))
                guard offsets.count >= childCount else {
                    throw RealmFileError(.badNode, RealmFileMessages.countMismatch("child offsets", offsets.count, childCount),
                                         offset: offsets.ref)
                }
                // The last child whose offset is at most `relative` (offsets ascend).
                var low = 0, high = childCount
                while low < high {
                    let middle = (low + high) / 2
                    if Int64(bitPattern: offsets.unsigned(middle)) <= relative { low = middle + 1 } else { high = middle }
                }
                guard low > 0 else { return nil }
                child = low - 1
                offset = Int64(bitPattern: offsets.unsigned(child))
            }
            let (base, overflow) = keyBase.addingReportingOverflow(offset)
            guard !overflow else { throw RealmFileError(.badValue, RealmFileMessages.keyOverflow, offset: node.ref) }
            keyBase = base
            ref = node.int(child + 3)
            source = node.slotOffset(child + 3)
        }
    }

    /// Loads cluster leaf `node`: its keys, and each column read in place when it can be, else decoded.
    private func load(_ node: Node, keyBase: Int64, reader: NodeReader) throws(RealmFileError) -> RealmLeaf {
        let keys = try reader.leafKeys(node, keyBase: keyBase)
        var loaded: [RealmLeafColumn] = []
        loaded.reserveCapacity(columns.count)
        for column in columns {
            if let fast = try? fastColumn(column, in: node, rows: keys.count, reader: reader) {
                loaded.append(fast)
                continue
            }
            do throws(RealmFileError) {
                loaded.append(.values(try reader.values(of: column, in: node, keys: keys, group: file.group)))
            } catch {
                throw error.locating(property: column.name)
            }
        }
        return RealmLeaf(ref: node.ref, keys: keys, columns: loaded)
    }

    /// The column read in place; throws (any error: the caller decodes the column the general way,
    /// which gives the error that counts) for a column or leaf the fast forms do not cover.
    private func fastColumn(_ column: ColumnLayout, in leaf: Node, rows: Int,
                            reader: NodeReader) throws(RealmFileError) -> RealmLeafColumn {
        guard column.type != .typedLink else { throw RealmFileError(.unsupported, "") }
        let (ref, source) = try reader.columnLeafRef(leaf, column: column)
        let node = try reader.node(ref, from: source)
        let kind = try reader.elementKind(of: column, group: file.group, at: node.ref)
        if column.isCollection {
            guard node.widthType == .bits, node.count <= NodeReader.maxLeafElements, node.count == rows else {
                throw RealmFileError(.badNode, "")
            }
            if column.isDictionary {
                return .dictionary(try dictionaries(node, rows: rows, keyType: column.dictionaryKeyType, reader: reader))
            }
            var segments: [RealmScalarLeaf] = []
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(rows)
            for row in 0..<rows {
                let start = segments.count
                let collectionRef = node.int(row)
                if collectionRef != 0 {
                    try RealmScalarLeaf.segments(collectionRef, from: node.slotOffset(row), kind: kind,
                                                 nullable: column.isNullable, reader: reader, into: &segments)
                }
                ranges.append(start..<segments.count)
            }
            return .collection(RealmCollectionLeaf(segments: segments, ranges: ranges))
        }
        let isLink = column.type == .link
        let scalar = try RealmScalarLeaf(node, kind: kind, nullable: column.isNullable || isLink, linksPlusOne: isLink,
                                         reader: reader)
        guard scalar.count == rows else { throw RealmFileError(.badValue, "") }
        return .scalar(scalar)
    }

    /// The dictionaries of a column leaf of refs (format 23 on: [keys B+tree of strings, values
    /// B+tree of mixed values], as `NodeReader.dictionary` reads them).
    private func dictionaries(_ node: Node, rows: Int, keyType: Int, reader: NodeReader) throws(RealmFileError) -> RealmDictionaryLeaf {
        guard keyType == 2, file.header.formatVersion >= 23 else { throw RealmFileError(.unsupported, "") }
        var keys: [RealmScalarLeaf] = []
        var values: [RealmScalarLeaf] = []
        var ranges: [(keys: Range<Int>, values: Range<Int>)] = []
        ranges.reserveCapacity(rows)
        for row in 0..<rows {
            let (keyStart, valueStart) = (keys.count, values.count)
            let ref = node.int(row)
            if ref != 0 {
                let top = try reader.refsNode(ref, from: node.slotOffset(row), minimum: 2, role: "dictionary")
                try reader.descend(into: top.ref) { () throws(RealmFileError) in
                    try RealmScalarLeaf.segments(top.int(0), from: top.slotOffset(0), kind: .string, nullable: false,
                                                 reader: reader, into: &keys)
                    try RealmScalarLeaf.segments(top.int(1), from: top.slotOffset(1), kind: .mixed, nullable: false,
                                                 reader: reader, into: &values)
                }
                var keyCount = 0
                for leaf in keys[keyStart...] {
                    for index in 0..<leaf.count where leaf.isNull(index) { throw RealmFileError(.badValue, "") }
                    keyCount += leaf.count
                }
                guard keyCount == values[valueStart...].reduce(0, { $0 + $1.count }) else { throw RealmFileError(.badValue, "") }
            }
            ranges.append((keyStart..<keys.count, valueStart..<values.count))
        }
        return RealmDictionaryLeaf(keys: keys, values: values, ranges: ranges)
    }
}

/// One cluster leaf of a class: the object keys and the columns asked for (`RealmLeafReader`).
public final class RealmLeaf {
    /// The ref of the cluster leaf.
    public let ref: Int
    /// The object keys, ascending.
    public let keys: [Int64]
    /// The columns, in the order of `RealmLeafReader.properties`.
    public let columns: [RealmLeafColumn]
    /// Whether `keys` are consecutive (then `row(of:)` needs no search).
    private let isConsecutive: Bool

    init(ref: Int, keys: [Int64], columns: [RealmLeafColumn]) {
        self.ref = ref
        self.keys = keys
        self.columns = columns
        isConsecutive = keys.isEmpty || keys[keys.count - 1] &- keys[0] == Int64(keys.count - 1)
    }

    /// The number of objects (rows).
    public var count: Int { keys.count }

    /// The row of the object with key `key`, if it is in this leaf.
    public func row(of key: Int64) -> Int? {
        guard let first = keys.first, key >= first, key <= keys[keys.count - 1] else { return nil }
        if isConsecutive { return Int(key &- first) }
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }
}

/// The values of one column in one cluster leaf.
public enum RealmLeafColumn {
    /// A scalar or single-link column, read in place: one element per row.
    case scalar(RealmScalarLeaf)
    /// A list or set of scalars or links, read in place.
    case collection(RealmCollectionLeaf)
    /// A dictionary (string keys) of mixed values, read in place.
    case dictionary(RealmDictionaryLeaf)
    /// Any other column (leaves the fast forms do not cover: mixed values holding links or
    /// collections, format 22's dictionaries, enumerated strings, …), decoded as
    /// `RealmFile.forEachObject` decodes it: one value per row.
    case values([RealmValue])
}

/// The dictionaries of one column in one cluster leaf: each row's keys (strings) and values
/// (mixed), in the leaves of their two B+trees.
public final class RealmDictionaryLeaf {
    let keys: [RealmScalarLeaf]
    let values: [RealmScalarLeaf]
    let ranges: [(keys: Range<Int>, values: Range<Int>)]

    init(keys: [RealmScalarLeaf], values: [RealmScalarLeaf], ranges: [(keys: Range<Int>, values: Range<Int>)]) {
        self.keys = keys
        self.values = values
        self.ranges = ranges
    }

    /// Calls `body` with each entry of row `row`, in stored (key) order: the key's bytes (valid
    /// UTF-8) and the value (element `index` of leaf `leaf`).
    public func forEachEntry<E: Error>(of row: Int,
                                       _ body: (UnsafeRawBufferPointer, RealmScalarLeaf, Int) throws(E) -> Void) throws(E) {
        let (keyRange, valueRange) = ranges[row]
        var valueLeaf = valueRange.lowerBound
        var valueIndex = 0
        for keyLeaf in keyRange {
            let leaf = keys[keyLeaf]
            for index in 0..<leaf.count {
                // The counts were checked equal when the leaf was loaded.
                while valueIndex >= values[valueLeaf].count {
                    valueLeaf += 1
                    valueIndex = 0
                }
                try body(leaf.stringBytes(index), values[valueLeaf], valueIndex)
                valueIndex += 1
            }
        }
    }
}

/// The lists (or sets) of one column in one cluster leaf: each row's elements, in one or more
/// leaves of its B+tree.
public final class RealmCollectionLeaf {
    let segments: [RealmScalarLeaf]
    let ranges: [Range<Int>]

    init(segments: [RealmScalarLeaf], ranges: [Range<Int>]) {
        self.segments = segments
        self.ranges = ranges
    }

    /// The leaves holding the elements of row `row`, in order.
    public func leaves(of row: Int) -> ArraySlice<RealmScalarLeaf> {
        segments[ranges[row]]
    }

    /// The number of elements of row `row`.
    public func count(of row: Int) -> Int {
        segments[ranges[row]].reduce(0) { $0 + $1.count }
    }
}

/// A leaf of scalar values (a column leaf, or a leaf of a list's B+tree), checked when loaded and
/// read in place: every element is valid (strings are valid UTF-8, bools 0 or 1, …), so the
/// accessors only read. Each accessor is for the `kind` it names; `row` must be below `count`.
public final class RealmScalarLeaf {
    /// What the elements are.
    public enum Kind: Sendable, Equatable {
        case int, bool, float, double, string, binary, timestamp, decimal, objectId, uuid
        /// Object keys of the named target table.
        case link(String)
        /// Mixed values of the scalar types (a leaf that holds a link or a nested collection is
        /// left to the general decoder).
        case mixed
    }

    /// A mixed element's type, payload and bytes, checked when the leaf was loaded.
    struct MixedEntry {
        /// The stored type (`MixedLeaf.swift`), -1 for null.
        var type: Int8
        var first: Int64
        var second: Int64
        var span: Span
    }

    /// A string's or binary's bytes in the file; `count` −1 for null.
    struct Span {
        var start: Int
        var count: Int
    }

    public let kind: Kind
    /// The number of elements.
    public let count: Int
    /// The file's bytes (kept alive by `owner`), the values' payload (of a timestamp leaf, the
    /// seconds) and, for timestamps, the nanoseconds' payload.
    private let file: UnsafeRawPointer
    private let owner: FileBytes
    private let cells: Cells
    private let nanoCells: Cells
    /// The context flag of the values' node (decimals of width 0).
    private let context: Bool
    let nullable: Bool
    let linksPlusOne: Bool
    /// Optional ints (and timestamps' seconds): the value that means null, before the values.
    let nullMarker: Int64
    /// Strings and binaries.
    let spans: [Span]
    /// Mixed values.
    let mixed: [MixedEntry]

    /// Checks leaf `node` of `kind` as `NodeReader.leafValues` would decode it.
    init(_ node: Node, kind element: ElementKind, nullable: Bool, linksPlusOne: Bool,
         reader: NodeReader) throws(RealmFileError) {
        guard node.count <= NodeReader.maxLeafElements else { throw RealmFileError(.badNode, "") }
        var values = node
        self.nullable = nullable
        self.linksPlusOne = linksPlusOne
        var count = node.count
        var marker: Int64 = 0
        var nanoseconds: Node?
        var spans: [Span] = []
        var mixed: [MixedEntry] = []
        func plainInts(_ node: Node) throws(RealmFileError) {
            guard node.widthType == .bits, !node.hasRefs, node.count <= NodeReader.maxLeafElements else {
                throw RealmFileError(.badNode, "")
            }
        }
        switch element {
        case .int:
            kind = .int
            try plainInts(node)
            if nullable {
                guard node.count >= 1 else { throw RealmFileError(.badNode, "") }
                marker = node.int(0)
                count -= 1
            }
        case .bool:
            kind = .bool
            try plainInts(node)
            for index in 0..<node.count {
                let value = node.int(index)
                guard value == 0 || value == 1 || (value == 3 && nullable) else { throw RealmFileError(.badValue, "") }
            }
        case .float, .double:
            kind = element == .float ? .float : .double
            let width = element == .float ? 4 : 8
            guard node.widthType == .multiply, !node.hasRefs, node.width == width || node.count == 0 else {
                throw RealmFileError(.badNode, "")
            }
        case .string:
            kind = .string
            spans = try Self.stringSpans(node, reader: reader)
            count = spans.count
        case .binary:
            kind = .binary
            guard node.hasRefs, node.widthType == .bits else { throw RealmFileError(.badNode, "") }
            spans = node.context ? try Self.bigBlobs(node, trailingZero: false, reader: reader)
                : try Self.smallBlobs(node, trailingZero: false, reader: reader)
            count = spans.count
        case .timestamp:
            kind = .timestamp
            guard node.hasRefs, node.count >= 2 else { throw RealmFileError(.badNode, "") }
            let seconds = try reader.intNode(node.int(0), from: node.slotOffset(0))
            let nanos = try reader.intNode(node.int(1), from: node.slotOffset(1))
            try plainInts(seconds)
            try plainInts(nanos)
            guard seconds.count >= 1, seconds.count - 1 == nanos.count else { throw RealmFileError(.badValue, "") }
            marker = seconds.int(0)
            values = seconds
            nanoseconds = nanos
            count = nanos.count
        case .decimal:
            kind = .decimal
            guard node.widthType == .multiply, !node.hasRefs, [0, 4, 8, 16].contains(node.width) else {
                throw RealmFileError(.badNode, "")
            }
        case .objectId, .uuid:
            kind = element == .objectId ? .objectId : .uuid
            let size = element == .objectId ? 12 : 16
            guard node.widthType == .multiply, !node.hasRefs, node.width == 1 || node.count == 0 else {
                throw RealmFileError(.badNode, "")
            }
            let blockSize = size * 8 + 1
            let blocks = (node.count + blockSize - 1) / blockSize
            let dataBytes = node.count - blocks
            guard dataBytes % size == 0 else { throw RealmFileError(.badNode, "") }
            count = dataBytes / size
        case .link(let table):
            kind = .link(table)
            try plainInts(node)
        case .mixed:
            kind = .mixed
            mixed = try Self.mixedEntries(node, reader: reader)
            count = mixed.count
        case .typedLink:
            throw RealmFileError(.unsupported, "")
        }
        owner = values.bytes
        let start = values.bytes.buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
        file = start
        cells = Cells(file: start, node: values)
        nanoCells = nanoseconds.map { Cells(file: start, node: $0) } ?? Cells(base: start, width: 0)
        context = values.context
        self.count = count
        nullMarker = marker
        self.spans = spans
        self.mixed = mixed
    }

    /// A node's payload and element width, read without reference counting (`owner` keeps the
    /// bytes alive).
    struct Cells {
        let base: UnsafeRawPointer
        let width: Int

        init(base: UnsafeRawPointer, width: Int) {
            self.base = base
            self.width = width
        }

        init(file: UnsafeRawPointer, node: Node) {
            base = file + node.payload
            width = node.width
        }

        /// Element `index` of an integer node, as `Node.int` reads it.
        @inline(__always)
        func integer(_ index: Int) -> Int64 {
            switch width {
            case 0: return 0
            case 1, 2, 4:
                let bit = index &* width
                let byte = base.load(fromByteOffset: bit / 8, as: UInt8.self)
                return Int64((byte >> UInt8(bit % 8)) & UInt8((1 << width) - 1))
            case 8: return Int64(base.load(fromByteOffset: index, as: Int8.self))
            case 16: return Int64(Int16(littleEndian: base.loadUnaligned(fromByteOffset: index &* 2, as: Int16.self)))
            case 32: return Int64(Int32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: Int32.self)))
            default: return Int64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: Int64.self))
            }
        }
    }

    /// Whether element `row` is null.
    public func isNull(_ row: Int) -> Bool {
        precondition(row >= 0 && row < count)
        switch kind {
        case .int: return nullable && cells.integer(row &+ 1) == nullMarker
        case .bool: return cells.integer(row) == 3
        case .float: return nullable && floatBits(row) == 0x7fc0_00aa
        case .double: return nullable && doubleBits(row) == 0x7ff8_0000_0000_00aa
        case .string, .binary: return spans[row].count < 0
        case .timestamp: return cells.integer(row &+ 1) == nullMarker
        case .decimal: return decimal(row) == nil
        case .objectId: return nullable && fixedIsNull(row, size: 12)
        case .uuid: return nullable && fixedIsNull(row, size: 16)
        case .link: return linksPlusOne && cells.integer(row) == 0
        case .mixed: return mixed[row].type < 0
        }
    }

    /// Element `row`, read in place.
    public func element(_ row: Int) -> RealmScalar {
        precondition(row >= 0 && row < count)
        switch kind {
        case .int:
            let value = cells.integer(nullable ? row &+ 1 : row)
            return nullable && value == nullMarker ? .null : .int(value)
        case .bool:
            let value = cells.integer(row)
            return value == 3 ? .null : .bool(value == 1)
        case .float:
            let bits = floatBits(row)
            return nullable && bits == 0x7fc0_00aa ? .null : .float(Float(bitPattern: bits))
        case .double:
            let bits = doubleBits(row)
            return nullable && bits == 0x7ff8_0000_0000_00aa ? .null : .double(Double(bitPattern: bits))
        case .string:
            let span = spans[row]
            return span.count < 0 ? .null : .string(spanBytes(span))
        case .binary:
            let span = spans[row]
            return span.count < 0 ? .null : .binary(spanBytes(span))
        case .timestamp:
            let seconds = cells.integer(row &+ 1)
            guard seconds != nullMarker else { return .null }
            return .timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanoCells.integer(row)))
        case .decimal: return decimal(row).map(RealmScalar.decimal) ?? .null
        case .objectId:
            if nullable && fixedIsNull(row, size: 12) { return .null }
            return .objectId(fixedBytes(row, size: 12))
        case .uuid:
            if nullable && fixedIsNull(row, size: 16) { return .null }
            return .uuid(fixedBytes(row, size: 16))
        case .link(let table):
            let stored = cells.integer(row)
            if linksPlusOne { return stored == 0 ? .null : .link(table: table, key: stored &- 1) }
            return .link(table: table, key: stored)
        case .mixed:
            return mixedElement(mixed[row])
        }
    }

    /// Element `row` as a `RealmValue` (as `forEachObject` gives it).
    public func value(_ row: Int) -> RealmValue {
        element(row).value
    }

    /// The bytes of string element `row` (of a leaf of strings).
    func stringBytes(_ row: Int) -> UnsafeRawBufferPointer {
        spanBytes(spans[row])
    }

    private func fixedIsNull(_ row: Int, size: Int) -> Bool {
        (cells.base.load(fromByteOffset: (row / 8) &* (size &* 8 &+ 1), as: UInt8.self) >> UInt8(row % 8)) & 1 == 1
    }

    private func fixedBytes(_ row: Int, size: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: cells.base + ((row / 8) &* (size &* 8 &+ 1) &+ 1 &+ (row % 8) &* size), count: size)
    }

    private func floatBits(_ row: Int) -> UInt32 {
        UInt32(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 4, as: UInt32.self))
    }

    private func doubleBits(_ row: Int) -> UInt64 {
        UInt64(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 8, as: UInt64.self))
    }

    private func spanBytes(_ span: Span) -> UnsafeRawBufferPointer {
        guard span.count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: file + span.start, count: span.count)
    }

    /// A decimal element (widened to 128 bits), or nil for null.
    private func decimal(_ row: Int) -> RealmDecimal128? {
        switch cells.width {
        case 0:
            return context ? RealmDecimal128(low: 0, high: 0x3040_0000_0000_0000) : nil
        case 4:
            let raw = UInt32(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 4, as: UInt32.self))
            return raw == 0x7c00_00aa ? nil : RealmDecimal128(bid32: raw)
        case 8:
            let raw = UInt64(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 8, as: UInt64.self))
            return raw == 0x7c00_0000_0000_00aa ? nil : RealmDecimal128(bid64: raw)
        default:
            let low = UInt64(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 16, as: UInt64.self))
            let high = UInt64(littleEndian: cells.base.loadUnaligned(fromByteOffset: row &* 16 &+ 8, as: UInt64.self))
            let value = RealmDecimal128(low: low, high: high)
            return value == .null ? nil : value
        }
    }

    private func mixedElement(_ entry: MixedEntry) -> RealmScalar {
        switch entry.type {
        case Self.mixedInt: return .int(entry.first)
        case Self.mixedBool: return .bool(entry.first != 0)
        case Self.mixedFloat: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: entry.first)))
        case Self.mixedDouble: return .double(Double(bitPattern: UInt64(bitPattern: entry.first)))
        case Self.mixedString: return .string(spanBytes(entry.span))
        case Self.mixedBinary: return .binary(spanBytes(entry.span))
        case Self.mixedObjectId: return .objectId(spanBytes(entry.span))
        case Self.mixedUUID: return .uuid(spanBytes(entry.span))
        case Self.mixedTimestamp: return .timestamp(seconds: entry.first, nanoseconds: Int32(truncatingIfNeeded: entry.second))
        case Self.mixedDecimal:
            return .decimal(RealmDecimal128(low: UInt64(bitPattern: entry.first), high: UInt64(bitPattern: entry.second)))
        default: return .null
        }
    }
}

/// One element of a `RealmScalarLeaf`, read in place: strings, binaries, ObjectIds and UUIDs
/// are their bytes in the file (a string's valid UTF-8 without Realm's trailing 0), valid while
/// the `RealmFile` is.
public enum RealmScalar {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(UnsafeRawBufferPointer)
    case binary(UnsafeRawBufferPointer)
    case timestamp(seconds: Int64, nanoseconds: Int32)
    case decimal(RealmDecimal128)
    case objectId(UnsafeRawBufferPointer)
    case uuid(UnsafeRawBufferPointer)
    /// A link to object `key` of table `table`.
    case link(table: String, key: Int64)

    /// The element as a `RealmValue` (copied out of the file).
    public var value: RealmValue {
        switch self {
        case .null: .null
        case .int(let value): .int(value)
        case .bool(let value): .bool(value)
        case .float(let value): .float(value)
        case .double(let value): .double(value)
        case .string(let bytes): .string(String(decoding: bytes, as: UTF8.self))
        case .binary(let bytes): .data(Array(bytes))
        case .timestamp(let seconds, let nanoseconds): .timestamp(seconds: seconds, nanoseconds: nanoseconds)
        case .decimal(let value): .decimal128(value)
        case .objectId(let bytes): .objectId(Array(bytes))
        case .uuid(let bytes): .uuid(Array(bytes))
        case .link(let table, let key): .link(RealmLink(tableName: table, objectKey: key))
        }
    }
}

extension RealmScalarLeaf {
    /// Appends the leaves of the B+tree at `ref` (a list or set of `kind`), checked as
    /// `NodeReader.bptreeValues` checks them.
    static func segments(_ ref: Int64, from source: Int, kind: ElementKind, nullable: Bool, reader: NodeReader,
                         into segments: inout [RealmScalarLeaf]) throws(RealmFileError) {
        let node = try reader.node(ref, from: source)
        guard node.isInner else {
            try reader.descend(into: node.ref) { () throws(RealmFileError) in
                segments.append(try RealmScalarLeaf(node, kind: kind, nullable: nullable, linksPlusOne: false, reader: reader))
            }
            return
        }
        guard node.hasRefs, node.widthType == .bits, node.count >= 3 else { throw RealmFileError(.badNode, "") }
        try reader.descend(into: node.ref) { () throws(RealmFileError) in
            let first = segments.count
            for child in 1..<(node.count - 1) {
                try Self.segments(node.int(child), from: node.slotOffset(child), kind: kind, nullable: nullable,
                                  reader: reader, into: &segments)
            }
            let total = try node.tagged(node.count - 1)
            guard total == Int64(segments[first...].reduce(0) { $0 + $1.count }) else { throw RealmFileError(.badValue, "") }
        }
    }

    /// The elements of a string leaf (short strings, small blobs or big blobs; not enumerated
    /// strings), each checked to be UTF-8.
    static func stringSpans(_ node: Node, reader: NodeReader) throws(RealmFileError) -> [Span] {
        try spans(ofStringLeaf: node, reader: reader, checkingUTF8: true)
    }

    /// The elements of a string leaf, checked to be UTF-8 when `checkingUTF8`.
    static func spans(ofStringLeaf node: Node, reader: NodeReader, checkingUTF8: Bool) throws(RealmFileError) -> [Span] {
        let spans: [Span]
        switch (node.hasRefs, node.widthType) {
        case (false, .multiply):
            spans = try shortStrings(node)
        case (true, .bits):
            spans = node.context ? try bigBlobs(node, trailingZero: true, reader: reader)
                : try smallBlobs(node, trailingZero: true, reader: reader)
        default:
            throw RealmFileError(.unsupported, "")
        }
        guard checkingUTF8 else { return spans }
        let buffer = node.bytes.buffer
        for span in spans where span.count > 0 {
            guard UTF8Check.isValid(UnsafeRawBufferPointer(rebasing: buffer[span.start..<(span.start + span.count)])) else {
                throw RealmFileError(.badValue, "")
            }
        }
        return spans
    }

    private static func shortStrings(_ node: Node) throws(RealmFileError) -> [Span] {
        let width = node.width
        guard width > 0 else { return Array(repeating: Span(start: 0, count: -1), count: node.count) }
        var spans: [Span] = []
        spans.reserveCapacity(node.count)
        for index in 0..<node.count {
            let start = index &* width
            let last = Int(node.bytes.byte(node.payload &+ start &+ width &- 1))
            if last == width {
                spans.append(Span(start: 0, count: -1))
                continue
            }
            guard last < width else { throw RealmFileError(.badValue, "") }
            spans.append(Span(start: node.payload &+ start, count: width &- 1 &- last))
        }
        return spans
    }

    /// Small blobs: [end offsets, one blob of all bytes, null flags].
    static func smallBlobs(_ node: Node, trailingZero: Bool, reader: NodeReader) throws(RealmFileError) -> [Span] {
        guard node.count >= 2 else { throw RealmFileError(.badNode, "") }
        let offsets = try reader.intNode(node.int(0), from: node.slotOffset(0))
        let blob = try reader.node(node.int(1), from: node.slotOffset(1))
        guard !blob.hasRefs, blob.widthType == .ignore, offsets.count <= NodeReader.maxLeafElements else {
            throw RealmFileError(.badNode, "")
        }
        var nulls: Node?
        if node.count >= 3, node.isRef(2) {
            let flags = try reader.intNode(node.int(2), from: node.slotOffset(2))
            guard flags.count == offsets.count else { throw RealmFileError(.badValue, "") }
            nulls = flags
        }
        var spans: [Span] = []
        spans.reserveCapacity(offsets.count)
        var begin: Int64 = 0
        for index in 0..<offsets.count {
            let end = offsets.int(index)
            guard begin >= 0, end >= begin, end <= Int64(blob.payloadSize) else { throw RealmFileError(.badValue, "") }
            defer { begin = end }
            if let nulls, nulls.int(index) != 0 {
                spans.append(Span(start: 0, count: -1))
                continue
            }
            var length = Int(end &- begin)
            if trailingZero {
                guard length >= 1 else { throw RealmFileError(.badValue, "") }
                length &-= 1
            }
            spans.append(Span(start: blob.payload &+ Int(begin), count: length))
        }
        return spans
    }

    /// Big blobs: each element 0 (null) or a ref to a blob of its own (a chain of blobs is left
    /// to the general decoder).
    static func bigBlobs(_ node: Node, trailingZero: Bool, reader: NodeReader) throws(RealmFileError) -> [Span] {
        var spans: [Span] = []
        spans.reserveCapacity(node.count)
        for index in 0..<node.count {
            let value = node.int(index)
            if value == 0 {
                spans.append(Span(start: 0, count: -1))
                continue
            }
            let blob = try reader.node(value, from: node.slotOffset(index))
            guard !blob.hasRefs, blob.widthType == .ignore else { throw RealmFileError(.unsupported, "") }
            var length = blob.count
            if trailingZero {
                guard length >= 1 else { throw RealmFileError(.badValue, "") }
                length -= 1
            }
            spans.append(Span(start: blob.payload, count: length))
        }
        return spans
    }
}

extension RealmScalarLeaf {
    // The stored types of mixed values read in place (`MixedLeaf.swift`).
    static let mixedInt: Int8 = 0, mixedBool: Int8 = 1, mixedString: Int8 = 2, mixedBinary: Int8 = 4,
               mixedTimestamp: Int8 = 8, mixedFloat: Int8 = 9, mixedDouble: Int8 = 10, mixedDecimal: Int8 = 11,
               mixedObjectId: Int8 = 15, mixedUUID: Int8 = 17

    /// The entries of a mixed leaf, checked as `NodeReader.mixedLeaf` decodes them; throws for a
    /// link, a typed link or a nested collection (left to the general decoder) and any problem.
    static func mixedEntries(_ node: Node, reader: NodeReader) throws(RealmFileError) -> [MixedEntry] {
        guard node.hasRefs, node.count >= 1, !node.isInner else { throw RealmFileError(.badNode, "") }
        let composite = try reader.intNode(node.int(0), from: node.slotOffset(0))
        guard !composite.hasRefs, composite.count <= NodeReader.maxLeafElements else { throw RealmFileError(.badNode, "") }
        var ints: Node?, pairs: Node?, strings: [Span]?
        func payloadNode(_ slot: Int) throws(RealmFileError) -> Node {
            guard slot < node.count, node.isRef(slot) else { throw RealmFileError(.badValue, "") }
            return try reader.node(node.int(slot), from: node.slotOffset(slot))
        }
        func payloadInt(_ index: Int64) throws(RealmFileError) -> Int64 {
            if ints == nil { ints = try payloadNode(1) }
            guard let ints, ints.widthType == .bits, index >= 0, index < ints.count else { throw RealmFileError(.badValue, "") }
            return ints.int(Int(index))
        }
        func payloadPair(_ index: Int64) throws(RealmFileError) -> (Int64, Int64) {
            if pairs == nil { pairs = try payloadNode(2) }
            guard let pairs, pairs.widthType == .bits, index >= 0, index < Int64(pairs.count / 2) else {
                throw RealmFileError(.badValue, "")
            }
            return (pairs.int(Int(index) * 2), pairs.int(Int(index) * 2 + 1))
        }
        func payloadSpan(_ index: Int64, text: Bool) throws(RealmFileError) -> Span {
            if strings == nil { strings = try spans(ofStringLeaf: payloadNode(3), reader: reader, checkingUTF8: false) }
            guard let strings, index >= 0, index < strings.count, strings[Int(index)].count >= 0 else {
                throw RealmFileError(.badValue, "")
            }
            let span = strings[Int(index)]
            if text, span.count > 0 {
                guard UTF8Check.isValid(UnsafeRawBufferPointer(rebasing: node.bytes.buffer[span.start..<(span.start + span.count)])) else {
                    throw RealmFileError(.badValue, "")
                }
            }
            return span
        }
        let none = Span(start: 0, count: -1)
        var entries: [MixedEntry] = []
        entries.reserveCapacity(composite.count)
        for index in 0..<composite.count {
            let entry = composite.int(index)
            if entry == 0 {
                entries.append(MixedEntry(type: -1, first: 0, second: 0, span: none))
                continue
            }
            let payload = entry >> 8
            let inArray = (entry >> 5) & 7
            let type = (entry & 0x1f) - 1
            switch type {
            case Int64(mixedInt):
                entries.append(MixedEntry(type: mixedInt, first: inArray == 0 ? payload : try payloadInt(payload), second: 0, span: none))
            case Int64(mixedBool):
                entries.append(MixedEntry(type: mixedBool, first: payload != 0 ? 1 : 0, second: 0, span: none))
            case Int64(mixedFloat), Int64(mixedDouble):
                entries.append(MixedEntry(type: Int8(type), first: try payloadInt(payload), second: 0, span: none))
            case Int64(mixedString), Int64(mixedBinary):
                entries.append(MixedEntry(type: Int8(type), first: 0, second: 0,
                                          span: try payloadSpan(payload, text: type == Int64(mixedString))))
            case Int64(mixedObjectId), Int64(mixedUUID):
                var span = try payloadSpan(payload, text: false)
                let size = type == Int64(mixedObjectId) ? 12 : 16
                guard span.count >= size else { throw RealmFileError(.badValue, "") }
                span.count = size
                entries.append(MixedEntry(type: Int8(type), first: 0, second: 0, span: span))
            case Int64(mixedTimestamp), Int64(mixedDecimal):
                let (first, second) = try payloadPair(payload)
                entries.append(MixedEntry(type: Int8(type), first: first, second: second, span: none))
            default:
                // Links, typed links, nested collections, unknown types.
                throw RealmFileError(.unsupported, "")
            }
        }
        return entries
    }
}

/// UTF-8 validation without making a `String`: what `String(validating:as:)` accepts (no
/// overlong forms, surrogates or code points above U+10FFFF).
enum UTF8Check {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight ASCII bytes at a time.
            if index &+ 8 <= count,
               bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index &+= 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index &+ length <= count else { return false }
            let second = bytes[index &+ 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<length {
                guard bytes[index &+ offset] & 0xC0 == 0x80 else { return false }
            }
            index &+= length
        }
        return true
    }
}
