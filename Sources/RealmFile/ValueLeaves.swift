/// What the elements of a leaf are, as a column or collection declares them.
enum ElementKind: Sendable, Equatable {
    case int, bool, string, binary, timestamp, float, double, decimal, objectId, uuid, mixed, typedLink
    /// Object keys of the named target table.
    case link(String)
}

/// Decodes a leaf of scalar values (a cluster column leaf or a B+tree leaf of a collection) into
/// values (docs/realm-file.md, section 8).
extension NodeReader {
    /// The values of leaf `node`. `nullable` says whether null markers mean null; `linksPlusOne`
    /// whether link keys are stored plus one with 0 for null (single-link columns) or raw
    /// (collections of links).
    func leafValues(_ node: Node, kind: ElementKind, nullable: Bool,
                    linksPlusOne: Bool = false) throws(RealmFileError) -> [RealmValue] {
        guard node.count <= Self.maxLeafElements else {
            throw RealmFileError(.badNode, RealmFileMessages.tooManyElements(node.count), offset: node.ref)
        }
        switch kind {
        case .int:
            return try ints(node, nullable: nullable).map { $0.map(RealmValue.int) ?? .null }
        case .bool:
            let values = try plainInts(node)
            var result: [RealmValue] = []
            result.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                switch value {
                case 0: result.append(.bool(false))
                case 1: result.append(.bool(true))
                case 3 where nullable: result.append(.null)
                default:
                    throw RealmFileError(.badValue, RealmFileMessages.badBool(value), offset: node.slotOffset(index))
                }
            }
            return result
        case .float:
            return try fixedWidth(node, width: 4).map { raw in
                let bits = UInt32(truncatingIfNeeded: raw)
                return nullable && bits == 0x7fc0_00aa ? .null : .float(Float(bitPattern: bits))
            }
        case .double:
            return try fixedWidth(node, width: 8).map { raw in
                nullable && raw == 0x7ff8_0000_0000_00aa ? .null : .double(Double(bitPattern: raw))
            }
        case .string:
            let raw = try stringLeaf(node)
            var result: [RealmValue] = []
            result.reserveCapacity(raw.count)
            for bytes in raw {
                guard let bytes else { result.append(.null); continue }
                result.append(.string(try text(bytes, offset: node.ref)))
            }
            return result
        case .binary:
            return try binaryLeaf(node).map { $0.map(RealmValue.data) ?? .null }
        case .timestamp:
            return try timestamps(node)
        case .decimal:
            return try decimals(node, nullable: nullable)
        case .objectId:
            return try fixedBytes(node, size: 12, nullable: nullable).map { $0.map(RealmValue.objectId) ?? .null }
        case .uuid:
            return try fixedBytes(node, size: 16, nullable: nullable).map { $0.map(RealmValue.uuid) ?? .null }
        case .link(let table):
            return try plainInts(node).map { stored in
                if linksPlusOne {
                    return stored == 0 ? .null : .link(RealmLink(tableName: table, objectKey: stored &- 1))
                }
                return .link(RealmLink(tableName: table, objectKey: stored))
            }
        case .mixed:
            return try mixedLeaf(node)
        case .typedLink:
            throw RealmFileError(.unsupported, RealmFileMessages.typedLinkColumn, offset: node.ref)
        }
    }

    /// The elements of an integer node without refs.
    func plainInts(_ node: Node) throws(RealmFileError) -> [Int64] {
        guard node.widthType == .bits, !node.hasRefs else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedIntegerNode, offset: node.ref)
        }
        guard node.count <= Self.maxLeafElements else {
            throw RealmFileError(.badNode, RealmFileMessages.tooManyElements(node.count), offset: node.ref)
        }
        return node.ints()
    }

    /// Integers, with Realm's nullable layout when `nullable`: element 0 is the value that means
    /// null, the values follow it.
    func ints(_ node: Node, nullable: Bool) throws(RealmFileError) -> [Int64?] {
        let all = try plainInts(node)
        guard nullable else { return all }
        guard let marker = all.first else {
            throw RealmFileError(.badNode, RealmFileMessages.nullableIntWithoutMarker, offset: node.ref)
        }
        return all.dropFirst().map { $0 == marker ? nil : $0 }
    }

    /// The raw little-endian values of a node of `width`-byte elements (floats, doubles).
    private func fixedWidth(_ node: Node, width: Int) throws(RealmFileError) -> [UInt64] {
        guard node.widthType == .multiply, !node.hasRefs, node.width == width || node.count == 0 else {
            throw RealmFileError(.badNode, RealmFileMessages.badElementWidth(node.width, expected: width), offset: node.ref)
        }
        return (0..<node.count).map { node.bytes.unsignedLE(node.payload &+ $0 &* width, length: width) }
    }

    /// Timestamps: [seconds (nullable integers), nanoseconds (integers)]; null seconds mean null.
    private func timestamps(_ node: Node) throws(RealmFileError) -> [RealmValue] {
        guard node.hasRefs, node.count >= 2 else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("timestamp leaf", slots: node.count, minimum: 2),
                                 offset: node.ref)
        }
        let seconds = try ints(intNode(node.int(0), from: node.slotOffset(0)), nullable: true)
        let nanos = try plainInts(intNode(node.int(1), from: node.slotOffset(1)))
        guard seconds.count == nanos.count else {
            throw RealmFileError(.badValue, RealmFileMessages.countMismatch("nanoseconds", nanos.count, seconds.count),
                                 offset: node.ref)
        }
        return zip(seconds, nanos).map { second, nano in
            second.map { RealmValue.timestamp(seconds: $0, nanoseconds: Int32(truncatingIfNeeded: nano)) } ?? .null
        }
    }

    /// Decimals of 0, 4, 8 or 16 bytes each; width 0 means all null, or all zero with the context flag.
    private func decimals(_ node: Node, nullable: Bool) throws(RealmFileError) -> [RealmValue] {
        guard node.widthType == .multiply, !node.hasRefs, [0, 4, 8, 16].contains(node.width) else {
            throw RealmFileError(.badNode, RealmFileMessages.badElementWidth(node.width, expected: 16), offset: node.ref)
        }
        var result: [RealmValue] = []
        result.reserveCapacity(node.count)
        for index in 0..<node.count {
            let at = node.payload &+ index &* node.width
            switch node.width {
            case 0:
                result.append(node.context ? .decimal128(RealmDecimal128(low: 0, high: 0x3040_0000_0000_0000)) : .null)
            case 4:
                let raw = UInt32(truncatingIfNeeded: node.bytes.unsignedLE(at, length: 4))
                result.append(raw == 0x7c00_00aa ? .null : .decimal128(RealmDecimal128(bid32: raw)))
            case 8:
                let raw = node.bytes.u64(at)
                result.append(raw == 0x7c00_0000_0000_00aa ? .null : .decimal128(RealmDecimal128(bid64: raw)))
            default:
                let value = RealmDecimal128(low: node.bytes.u64(at), high: node.bytes.u64(at &+ 8))
                result.append(value == .null ? .null : .decimal128(value))
            }
        }
        return result
    }

    /// ObjectIds or UUIDs: blocks of one null-bit byte followed by 8 values of `size` bytes.
    private func fixedBytes(_ node: Node, size: Int, nullable: Bool) throws(RealmFileError) -> [[UInt8]?] {
        guard node.widthType == .multiply, !node.hasRefs, node.width == 1 || node.count == 0 else {
            throw RealmFileError(.badNode, RealmFileMessages.badElementWidth(node.width, expected: 1), offset: node.ref)
        }
        let blockSize = size &* 8 &+ 1
        let blocks = (node.count &+ blockSize &- 1) / blockSize
        let dataBytes = node.count &- blocks
        guard dataBytes % size == 0 else {
            throw RealmFileError(.badNode, RealmFileMessages.badFixedBytesSize(node.count), offset: node.ref)
        }
        var result: [[UInt8]?] = []
        result.reserveCapacity(dataBytes / size)
        for index in 0..<(dataBytes / size) {
            let base = (index / 8) &* blockSize
            let slot = index % 8
            let isNull = (node.bytes.byte(node.payload &+ base) >> UInt8(slot)) & 1 == 1
            if isNull && nullable {
                result.append(nil)
            } else {
                result.append(node.payloadBytes(from: base &+ 1 &+ slot &* size, length: size))
            }
        }
        return result
    }
}
