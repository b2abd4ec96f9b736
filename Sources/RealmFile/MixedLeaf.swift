/// Decodes a leaf of mixed values: [composite, ints, int pairs, strings, refs, keys]
/// (docs/realm-file.md, section 8). Each composite entry is 0 for null, or the data type + 1
/// in bits 0–4, the payload array's index in bits 5–7 and the payload (an inline value or an
/// index into that array) from bit 8 up.
extension NodeReader {
    private enum MixedType: Int64 {
        case int = 0, bool = 1, string = 2, binary = 4, timestamp = 8, float = 9, double = 10, decimal = 11,
             link = 12, objectId = 15, typedLink = 16, uuid = 17, list = 19, set = 20, dictionary = 21
    }

    /// The payload arrays of one mixed leaf, loaded when first needed.
    private struct MixedPayloads {
        var ints: Node?
        var pairs: Node?
        var strings: [[UInt8]?]?
        var refs: Node?
    }

    /// The values of a mixed leaf.
    func mixedLeaf(_ node: Node) throws(RealmFileError) -> [RealmValue] {
        guard node.hasRefs, node.count >= 1, !node.isInner else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("mixed leaf", slots: node.count, minimum: 1),
                                 offset: node.ref)
        }
        let composite = try plainInts(intNode(node.int(0), from: node.slotOffset(0)))
        var payloads = MixedPayloads()
        var result: [RealmValue] = []
        result.reserveCapacity(composite.count)
        for entry in composite {
            result.append(try mixedValue(entry, leaf: node, payloads: &payloads))
        }
        return result
    }

    private func mixedValue(_ entry: Int64, leaf: Node, payloads: inout MixedPayloads) throws(RealmFileError) -> RealmValue {
        if entry == 0 { return .null }
        let payload = entry >> 8
        let inArray = (entry >> 5) & 7
        guard let type = MixedType(rawValue: (entry & 0x1f) - 1) else {
            throw RealmFileError(.badValue, RealmFileMessages.unknownMixedType((entry & 0x1f) - 1), offset: leaf.ref)
        }
        switch type {
        case .int:
            return .int(inArray == 0 ? payload : try payloadInt(payload, leaf: leaf, payloads: &payloads))
        case .bool:
            return .bool(payload != 0)
        case .float:
            let raw = try payloadInt(payload, leaf: leaf, payloads: &payloads)
            return .float(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
        case .double:
            return .double(Double(bitPattern: UInt64(bitPattern: try payloadInt(payload, leaf: leaf, payloads: &payloads))))
        case .link:
            return .link(RealmLink(tableName: "", objectKey: try payloadInt(payload, leaf: leaf, payloads: &payloads)))
        case .string:
            return .string(try text(payloadBytes(payload, leaf: leaf, payloads: &payloads), offset: leaf.ref))
        case .binary:
            return .data(try payloadBytes(payload, leaf: leaf, payloads: &payloads))
        case .objectId, .uuid:
            let bytes = try payloadBytes(payload, leaf: leaf, payloads: &payloads)
            let size = type == .objectId ? 12 : 16
            guard bytes.count >= size else {
                throw RealmFileError(.badValue, RealmFileMessages.shortFixedBytes(bytes.count, size), offset: leaf.ref)
            }
            let value = Array(bytes.prefix(size))
            return type == .objectId ? .objectId(value) : .uuid(value)
        case .timestamp:
            let (seconds, nanos) = try payloadPair(payload, leaf: leaf, payloads: &payloads)
            return .timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanos))
        case .decimal:
            let (low, high) = try payloadPair(payload, leaf: leaf, payloads: &payloads)
            return .decimal128(RealmDecimal128(low: UInt64(bitPattern: low), high: UInt64(bitPattern: high)))
        case .typedLink:
            let (table, key) = try payloadPair(payload, leaf: leaf, payloads: &payloads)
            return .link(RealmLink(tableName: try tableName(key: table, offset: leaf.ref), objectKey: key))
        case .list, .set, .dictionary:
            guard inArray == 4 else {
                throw RealmFileError(.badValue, RealmFileMessages.nestedWithoutRef, offset: leaf.ref)
            }
            if payloads.refs == nil { payloads.refs = try payloadNode(4, of: leaf) }
            guard let refs = payloads.refs, payload >= 0, payload < refs.count else {
                throw RealmFileError(.badValue, RealmFileMessages.mixedPayloadOutside(payload), offset: leaf.ref)
            }
            let ref = refs.int(Int(payload))
            let source = refs.slotOffset(Int(payload))
            switch type {
            case .list: return .list(ref == 0 ? [] : try mixedCollection(ref, from: source))
            case .set: return .set(ref == 0 ? [] : try mixedCollection(ref, from: source))
            default: return .dictionary(ref == 0 ? [] : try dictionary(ref, from: source, keyType: 2))
            }
        }
    }

    /// A list or set of mixed values nested in a mixed value.
    private func mixedCollection(_ ref: Int64, from source: Int) throws(RealmFileError) -> [RealmValue] {
        try bptreeValues(ref, from: source) { (leaf) throws(RealmFileError) -> [RealmValue] in try mixedLeaf(leaf) }
    }

    private func payloadNode(_ slot: Int, of leaf: Node) throws(RealmFileError) -> Node {
        guard slot < leaf.count, leaf.isRef(slot) else {
            throw RealmFileError(.badValue, RealmFileMessages.mixedPayloadMissing(slot), offset: leaf.ref)
        }
        return try node(leaf.int(slot), from: leaf.slotOffset(slot))
    }

    private func payloadInt(_ index: Int64, leaf: Node, payloads: inout MixedPayloads) throws(RealmFileError) -> Int64 {
        if payloads.ints == nil { payloads.ints = try payloadNode(1, of: leaf) }
        guard let ints = payloads.ints, ints.widthType == .bits, index >= 0, index < ints.count else {
            throw RealmFileError(.badValue, RealmFileMessages.mixedPayloadOutside(index), offset: leaf.ref)
        }
        return ints.int(Int(index))
    }

    private func payloadPair(_ index: Int64, leaf: Node,
                             payloads: inout MixedPayloads) throws(RealmFileError) -> (Int64, Int64) {
        if payloads.pairs == nil { payloads.pairs = try payloadNode(2, of: leaf) }
        guard let pairs = payloads.pairs, pairs.widthType == .bits, index >= 0, index < Int64(pairs.count / 2) else {
            throw RealmFileError(.badValue, RealmFileMessages.mixedPayloadOutside(index), offset: leaf.ref)
        }
        return (pairs.int(Int(index) * 2), pairs.int(Int(index) * 2 + 1))
    }

    private func payloadBytes(_ index: Int64, leaf: Node, payloads: inout MixedPayloads) throws(RealmFileError) -> [UInt8] {
        if payloads.strings == nil { payloads.strings = try stringLeaf(payloadNode(3, of: leaf)) }
        guard let strings = payloads.strings, index >= 0, index < strings.count, let bytes = strings[Int(index)] else {
            throw RealmFileError(.badValue, RealmFileMessages.mixedPayloadOutside(index), offset: leaf.ref)
        }
        return bytes
    }

    /// The name of the table with key `key`.
    func tableName(key: Int64, offset: Int) throws(RealmFileError) -> String {
        guard let name = tableNamesByKey[key] else {
            throw RealmFileError(.badValue, RealmFileMessages.unknownTableKey(key), offset: offset)
        }
        return name
    }
}
