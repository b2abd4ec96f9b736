/// Search indexes as realm-core builds them (docs/realm-file.md, "Writing"): a tree keyed by
/// 4-byte slices of each value's index bytes, built here in one pass over the sorted entries.
///
/// A node (has-refs, context flag) holds an array of 32-bit keys in slot 0 and one entry per key:
/// a tagged object key when one object has that key, a sorted list of object keys when several
/// objects share one value, or a sub-index for the next four bytes when their values differ.
/// Nodes hold at most 1000 keys; beyond that, inner nodes (the inner flag) key each child by its
/// last key.
enum SearchIndexWriter {
    /// One indexed value: its index bytes (nil for null) and the object that holds it.
    struct Entry {
        var data: [UInt8]?
        var objectKey: Int64
    }

    /// Realm stops descending after this many bytes and keeps longer common prefixes in one list.
    static let maxOffset = 200
    static let nodeSize = 1000

    /// The index bytes of `value` (int and bool: 8 bytes little-endian; date: seconds then
    /// nanoseconds; string: UTF-8; objectId, uuid: raw bytes), or nil for null.
    static func indexData(_ value: RealmValue) throws(RealmFileError) -> [UInt8]? {
        switch value {
        case .null: return nil
        case .int(let int): return NodeWriter.littleEndian(UInt64(bitPattern: int), count: 8)
        case .bool(let bool): return NodeWriter.littleEndian(bool ? 1 : 0, count: 8)
        case .string(let string): return Array(string.utf8)
        case .timestamp(let seconds, let nanoseconds):
            return NodeWriter.littleEndian(UInt64(bitPattern: seconds), count: 8)
                + NodeWriter.littleEndian(UInt64(UInt32(bitPattern: nanoseconds)), count: 4)
        case .objectId(let bytes), .uuid(let bytes): return bytes
        default:
            throw RealmFileError(.unsupported, RealmWriterMessages.unindexableValue(value))
        }
    }

    /// The 4-byte key of `data` at `offset`: null is 0; a value reads as if followed by `X`, and
    /// past its end as 0; the first byte is the most significant, and the key is signed.
    static func key(_ data: [UInt8]?, offset: Int) -> Int64 {
        guard let data, offset <= data.count else { return 0 }
        var slice = Array(data[offset..<min(offset + 4, data.count)])
        if slice.count < 4 { slice.append(0x58) }
        var key: UInt32 = 0
        for (index, byte) in slice.prefix(4).enumerated() { key |= UInt32(byte) << UInt32(24 - 8 * index) }
        // Realm keeps keys as signed 32-bit integers and orders them so.
        return Int64(Int32(bitPattern: key))
    }

    /// Writes the index of `entries` and returns its root. A full-text index (`fullWord`) keeps
    /// whole words, since there is no column value to compare with: each word's path of keys goes
    /// on to its last four bytes, where its object (or its sorted list of objects) is.
    static func write(_ entries: [Entry], fullWord: Bool = false,
                      into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let sorted = entries.sorted { lhs, rhs in
            Self.less(lhs.data, rhs.data) || (lhs.data == rhs.data && lhs.objectKey < rhs.objectKey)
        }
        return try node(sorted, offset: 0, fullWord: fullWord, into: &writer)
    }

    /// The entries of a full-text index over `values` (strings or null) of the objects `keys`:
    /// one per distinct word of each string (`FullTextTokens`).
    static func fullTextEntries(_ values: some Sequence<(key: Int64, value: RealmValue)>) -> [Entry] {
        var entries: [Entry] = []
        for (key, value) in values {
            guard case .string(let text) = value else { continue }
            for word in FullTextTokens.words(text) { entries.append(Entry(data: word, objectKey: key)) }
        }
        return entries
    }

    /// Null first, then bytes compared unsigned, a prefix before its extensions.
    static func less(_ lhs: [UInt8]?, _ rhs: [UInt8]?) -> Bool {
        guard let lhs else { return rhs != nil }
        guard let rhs else { return false }
        return lhs.lexicographicallyPrecedes(rhs)
    }

    /// The node for `entries` (sorted by value, then object key) keyed at `offset`.
    private static func node(_ entries: [Entry], offset: Int, fullWord: Bool,
                             into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        var groups: [(key: Int64, entries: [Entry])] = []
        for entry in entries {
            let key = key(entry.data, offset: offset)
            if let last = groups.last, last.key == key {
                groups[groups.count - 1].entries.append(entry)
            } else {
                groups.append((key, [entry]))
            }
        }
        groups.sort { $0.key < $1.key }
        var slots: [(key: Int64, slot: Int64)] = []
        for group in groups {
            let first = group.entries[0]
            if fullWord {
                // Entries that end within these four bytes are one word (the key holds the rest).
                if group.entries.allSatisfy({ ($0.data?.count ?? 0) <= offset + 4 }) {
                    slots.append((group.key, group.entries.count == 1 ? NodeWriter.tagged(first.objectKey)
                        : try writer.intBPTree(group.entries.map(\.objectKey))))
                } else {
                    slots.append((group.key, try node(group.entries, offset: offset + 4, fullWord: true, into: &writer)))
                }
            } else if group.entries.count == 1 {
                slots.append((group.key, NodeWriter.tagged(first.objectKey)))
            } else if group.entries.allSatisfy({ $0.data == first.data }) || offset + 4 > maxOffset {
                slots.append((group.key, try writer.intBPTree(group.entries.map(\.objectKey))))
            } else {
                slots.append((group.key, try node(group.entries, offset: offset + 4, fullWord: false, into: &writer)))
            }
        }
        var leaves: [(lastKey: Int64, ref: Int64)] = []
        var start = 0
        while start < slots.count || start == 0 {
            let chunk = slots[start..<min(start + nodeSize, slots.count)]
            let keys = try writer.ints(chunk.map(\.key), minimumWidth: 32)
            let ref = try writer.refs([keys] + chunk.map(\.slot), flags: NodeWriter.Flag.context)
            leaves.append((chunk.last?.key ?? 0, ref))
            start += nodeSize
        }
        while leaves.count > 1 {
            var parents: [(lastKey: Int64, ref: Int64)] = []
            var index = 0
            while index < leaves.count {
                let chunk = leaves[index..<min(index + nodeSize, leaves.count)]
                let keys = try writer.ints(chunk.map(\.lastKey), minimumWidth: 32)
                let ref = try writer.refs([keys] + chunk.map(\.ref), flags: NodeWriter.Flag.context | NodeWriter.Flag.inner)
                parents.append((chunk.last?.lastKey ?? 0, ref))
                index += nodeSize
            }
            leaves = parents
        }
        return leaves[0].ref
    }
}
