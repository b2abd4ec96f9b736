#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Search indexes as realm-core builds them (docs/realm-file.md, "Writing"): a tree keyed by
/// 4-byte slices of each value's index bytes, built here in one pass over the sorted entries.
///
/// A node (has-refs, context flag) holds an array of 32-bit keys in slot 0 and one entry per key:
/// a tagged object key when one object has that key, a sorted list of object keys when several
/// objects share one value, or a sub-index for the next four bytes when their values differ.
/// Nodes hold at most 1000 keys; beyond that, inner nodes (the inner flag) key each child by its
/// last key.
enum SearchIndexWriter {
    /// Every indexed value of one column: each value's index bytes in one shared byte array and
    /// one fixed-size item per object, so a class's index takes about 24 bytes per object plus
    /// its values' bytes.
    struct Entries {
        struct Item {
            /// Where the index bytes start in `bytes`.
            var start: Int
            /// Their length; -1 for null.
            var length: Int32
            var objectKey: Int64
        }

        var bytes: [UInt8] = []
        var items: [Item] = []

        var count: Int { items.count }

        /// Adds `value`'s index bytes for the object `objectKey`.
        mutating func append(_ value: RealmValue, objectKey: Int64) throws(RealmFileError) {
            let start = bytes.count
            var length: Int32 = 0
            switch value {
            case .null: length = -1
            case .int(let int): Self.append(UInt64(bitPattern: int), count: 8, to: &bytes)
            case .bool(let bool): Self.append(bool ? 1 : 0, count: 8, to: &bytes)
            case .string(let string): bytes.append(contentsOf: string.utf8)
            case .timestamp(let seconds, let nanoseconds):
                Self.append(UInt64(bitPattern: seconds), count: 8, to: &bytes)
                Self.append(UInt64(UInt32(bitPattern: nanoseconds)), count: 4, to: &bytes)
            case .objectId(let data), .uuid(let data): bytes.append(contentsOf: data)
            default:
                throw RealmFileError(.unsupported, RealmWriterMessages.unindexableValue(value))
            }
            if length == 0 { length = Int32(bytes.count - start) }
            items.append(Item(start: start, length: length, objectKey: objectKey))
        }

        /// Adds one entry per distinct word of `value` (a string; null and other values give
        /// none) for the object `objectKey`: a full-text index's entries (`FullTextTokens`).
        mutating func appendWords(_ value: RealmValue, objectKey: Int64) {
            guard case .string(let text) = value else { return }
            for word in FullTextTokens.words(text) {
                items.append(Item(start: bytes.count, length: Int32(word.count), objectKey: objectKey))
                bytes.append(contentsOf: word)
            }
        }

        private static func append(_ value: UInt64, count: Int, to bytes: inout [UInt8]) {
            for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8))) }
        }

        /// The index bytes of `item` (nil for null).
        func data(_ item: Item) -> ArraySlice<UInt8>? {
            item.length < 0 ? nil : bytes[item.start..<(item.start + Int(item.length))]
        }

        /// Sorts the items by value (null first, then bytes compared unsigned, a prefix before its
        /// extensions), then object key.
        mutating func sort() {
            bytes.withUnsafeBufferPointer { arena in
                items.sort { lhs, rhs in
                    let order = Self.compare(lhs, rhs, arena)
                    return order < 0 || (order == 0 && lhs.objectKey < rhs.objectKey)
                }
            }
        }

        /// -1, 0 or 1 as `lhs`'s value sorts before, with or after `rhs`'s.
        static func compare(_ lhs: Item, _ rhs: Item, _ arena: UnsafeBufferPointer<UInt8>) -> Int {
            if lhs.length < 0 || rhs.length < 0 {
                return lhs.length < 0 ? (rhs.length < 0 ? 0 : -1) : 1
            }
            let common = Int(min(lhs.length, rhs.length))
            if common > 0 {
                // Eight bytes at a time as big-endian words (what a byte-wise comparison orders),
                // the rest through memcmp.
                let base = UnsafeRawPointer(arena.baseAddress!)
                var offset = 0
                while offset + 8 <= common {
                    let left = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: lhs.start + offset, as: UInt64.self))
                    let right = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: rhs.start + offset, as: UInt64.self))
                    if left != right { return left < right ? -1 : 1 }
                    offset += 8
                }
                if offset < common {
                    let order = memcmp(base + lhs.start + offset, base + rhs.start + offset, common - offset)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
            }
            return lhs.length == rhs.length ? 0 : lhs.length < rhs.length ? -1 : 1
        }

        /// In sorted entries, the second of the first two that hold the same value.
        func firstDuplicate() -> (data: [UInt8]?, objectKey: Int64)? {
            bytes.withUnsafeBufferPointer { arena in
                for index in items.indices.dropFirst() where Self.compare(items[index - 1], items[index], arena) == 0 {
                    return (data(items[index]).map(Array.init), items[index].objectKey)
                }
                return nil
            }
        }

        /// The 4-byte key of `item` at `offset` (see `SearchIndexWriter.key`).
        func key(_ item: Item, offset: Int) -> Int64 {
            guard item.length >= 0, offset <= Int(item.length) else { return 0 }
            var key: UInt32 = 0
            let available = min(4, Int(item.length) - offset)
            for index in 0..<available { key |= UInt32(bytes[item.start + offset + index]) << UInt32(24 - 8 * index) }
            if available < 4 { key |= UInt32(0x58) << UInt32(24 - 8 * available) }
            // Realm keeps keys as signed 32-bit integers and orders them so.
            return Int64(Int32(bitPattern: key))
        }
    }

    /// Realm stops descending after this many bytes and keeps longer common prefixes in one list.
    static let maxOffset = 200
    static let nodeSize = 1000

    /// The index bytes of `value` (int and bool: 8 bytes little-endian; date: seconds then
    /// nanoseconds; string: UTF-8; objectId, uuid: raw bytes), or nil for null.
    static func indexData(_ value: RealmValue) throws(RealmFileError) -> [UInt8]? {
        var entries = Entries()
        try entries.append(value, objectKey: 0)
        return entries.data(entries.items[0]).map(Array.init)
    }

    /// The 4-byte key of `data` at `offset`: null is 0; a value reads as if followed by `X`, and
    /// past its end as 0; the first byte is the most significant, and the key is signed.
    static func key(_ data: [UInt8]?, offset: Int) -> Int64 {
        var entries = Entries()
        entries.bytes = data ?? []
        return entries.key(Entries.Item(start: 0, length: data.map { Int32($0.count) } ?? -1, objectKey: 0), offset: offset)
    }

    /// Writes the index of `entries` (sorted with `Entries.sort()`) and returns its root. A
    /// full-text index (`fullWord`) keeps whole words, since there is no column value to compare
    /// with: each word's path of keys goes on to its last four bytes, where its object (or its
    /// sorted list of objects) is.
    static func write(_ entries: Entries, fullWord: Bool = false, into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        try node(entries, entries.items.indices, offset: 0, fullWord: fullWord, into: &writer)
    }

    /// Null first, then bytes compared unsigned, a prefix before its extensions.
    static func less(_ lhs: [UInt8]?, _ rhs: [UInt8]?) -> Bool {
        guard let lhs else { return rhs != nil }
        guard let rhs else { return false }
        return lhs.lexicographicallyPrecedes(rhs)
    }

    /// The node for the entries in `range` (sorted by value, then object key) keyed at `offset`.
    private static func node(_ entries: Entries, _ range: Range<Int>, offset: Int, fullWord: Bool,
                             into writer: inout NodeWriter) throws(RealmFileError) -> Int64 {
        let items = entries.items
        // Runs of consecutive entries with the same key, ordered by key (runs with equal keys
        // keep their order).
        var groups: [(key: Int64, range: Range<Int>)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let key = entries.key(items[index], offset: offset)
            var end = index + 1
            while end < range.upperBound, entries.key(items[end], offset: offset) == key { end += 1 }
            groups.append((key, index..<end))
            index = end
        }
        groups.sort { ($0.key, $0.range.lowerBound) < ($1.key, $1.range.lowerBound) }
        var slots: [(key: Int64, slot: Int64)] = []
        slots.reserveCapacity(groups.count)
        for group in groups {
            let first = items[group.range.lowerBound]
            if fullWord {
                // Entries that end within these four bytes are one word (the key holds the rest).
                if group.range.allSatisfy({ Int(items[$0].length) <= offset + 4 }) {
                    slots.append((group.key, group.range.count == 1 ? NodeWriter.tagged(first.objectKey)
                        : try writer.intBPTree(group.range.map { items[$0].objectKey })))
                } else {
                    slots.append((group.key, try node(entries, group.range, offset: offset + 4, fullWord: true, into: &writer)))
                }
            } else if group.range.count == 1 {
                slots.append((group.key, NodeWriter.tagged(first.objectKey)))
            } else if offset + 4 > maxOffset || allEqual(entries, group.range) {
                slots.append((group.key, try writer.intBPTree(group.range.map { items[$0].objectKey })))
            } else {
                slots.append((group.key, try node(entries, group.range, offset: offset + 4, fullWord: false, into: &writer)))
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

    /// Whether every entry in `range` holds the same value.
    private static func allEqual(_ entries: Entries, _ range: Range<Int>) -> Bool {
        entries.bytes.withUnsafeBufferPointer { arena in
            let first = entries.items[range.lowerBound]
            return range.dropFirst().allSatisfy { Entries.compare(first, entries.items[$0], arena) == 0 }
        }
    }
}
