/// The kind of values one leaf holds, for the writer.
enum LeafKind: Sendable, Equatable {
    case int, bool, string, binary, timestamp, float, double, decimal, objectId, uuid, mixed
    /// Links: keys plus one with 0 for null in a single-link column, raw keys in lists and sets.
    case link(plusOne: Bool)
}

/// Resolves table names to table keys (typed links in mixed values and dictionaries).
protocol TableKeyResolver {
    func tableKey(named name: String) -> Int64?
}

/// Column leaves and collection leaves in Realm's layouts (docs/realm-file.md, sections 6–9).
extension NodeWriter {
    /// Realm's null markers for floats, doubles and small decimals.
    static let nullFloat: UInt32 = 0x7fc0_00aa, nullDouble: UInt64 = 0x7ff8_0000_0000_00aa
    static let nullDecimal32: UInt32 = 0x7c00_00aa, nullDecimal64: UInt64 = 0x7c00_0000_0000_00aa
    /// Strings up to this length fit a short-string leaf; up to `mediumStringLimit` a small-blob leaf.
    static let shortStringLimit = 15, mediumStringLimit = 63, smallBinaryLimit = 64
    /// The largest string or binary one blob node holds.
    static let maxBlobSize = 0xFF_FFF0
    /// Elements per B+tree leaf.
    static let bptreeLeafSize = 1000

    /// A leaf of `values`, all of `kind` (null allowed only when `nullable`, except in mixed leaves).
    mutating func leaf(_ values: [RealmValue], kind: LeafKind, nullable: Bool,
                       tables: some TableKeyResolver) throws(RealmFileError) -> Int64 {
        switch kind {
        case .int:
            let ints = try values.map { (value) throws(RealmFileError) -> Int64? in
                if case .int(let int) = value { return int }
                return try Self.null(value, nullable: nullable, expected: "int")
            }
            return nullable ? try nullableInts(ints) : try self.ints(ints.map { $0 ?? 0 })
        case .bool:
            return try ints(values.map { (value) throws(RealmFileError) -> Int64 in
                if case .bool(let bool) = value { return bool ? 1 : 0 }
                _ = try Self.null(value, nullable: nullable, expected: "bool") as Int64?
                return 3
            })
        case .float:
            var words: [UInt64] = []
            words.reserveCapacity(values.count)
            for value in values {
                var bits = Self.nullFloat
                if case .float(let float) = value { bits = float.bitPattern } else {
                    _ = try Self.null(value, nullable: nullable, expected: "float") as Int64?
                }
                words.append(UInt64(bits))
            }
            return try fixedWords(words, elementSize: 4)
        case .double:
            var words: [UInt64] = []
            words.reserveCapacity(values.count)
            for value in values {
                var bits = Self.nullDouble
                if case .double(let double) = value { bits = double.bitPattern } else {
                    _ = try Self.null(value, nullable: nullable, expected: "double") as Int64?
                }
                words.append(bits)
            }
            return try fixedWords(words, elementSize: 8)
        case .string:
            return try strings(values.map { (value) throws(RealmFileError) -> ValueBytes in
                if case .string(let string) = value { return .string(string) }
                _ = try Self.null(value, nullable: nullable, expected: "string") as Int64?
                return .null
            })
        case .binary:
            return try binaries(values.map { (value) throws(RealmFileError) -> ValueBytes in
                if case .data(let data) = value { return .bytes(data) }
                _ = try Self.null(value, nullable: nullable, expected: "data") as Int64?
                return .null
            })
        case .timestamp:
            var seconds: [Int64?] = []
            var nanoseconds: [Int64] = []
            for value in values {
                if case .timestamp(let second, let nano) = value {
                    seconds.append(second)
                    nanoseconds.append(Int64(nano))
                } else {
                    seconds.append(try Self.null(value, nullable: nullable, expected: "date"))
                    nanoseconds.append(0)
                }
            }
            let secondsRef = try nullableInts(seconds)
            let nanosRef = try ints(nanoseconds)
            return try refs([secondsRef, nanosRef])
        case .decimal:
            return try decimals(values.map { (value) throws(RealmFileError) -> RealmDecimal128? in
                if case .decimal128(let decimal) = value { return decimal }
                return try Self.null(value, nullable: nullable, expected: "decimal128")
            })
        case .objectId, .uuid:
            let size = kind == .objectId ? 12 : 16
            return try fixedBytes(values.map { (value) throws(RealmFileError) -> [UInt8]? in
                switch value {
                case .objectId(let bytes) where size == 12 && bytes.count == 12: return bytes
                case .uuid(let bytes) where size == 16 && bytes.count == 16: return bytes
                default: return try Self.null(value, nullable: nullable, expected: size == 12 ? "objectId" : "uuid")
                }
            }, size: size)
        case .link(let plusOne):
            return try ints(values.map { (value) throws(RealmFileError) -> Int64 in
                if case .link(let link) = value {
                    guard link.objectKey >= 0 else {
                        throw RealmFileError(.badValue, RealmWriterMessages.negativeKey(link.objectKey))
                    }
                    return plusOne ? link.objectKey + 1 : link.objectKey
                }
                _ = try Self.null(value, nullable: plusOne, expected: "link") as Int64?
                return 0
            })
        case .mixed:
            return try mixeds(values, tables: tables)
        }
    }

    /// nil for `.null` when nulls are allowed; otherwise an error naming what was expected.
    static func null<T>(_ value: RealmValue, nullable: Bool, expected: String) throws(RealmFileError) -> T? {
        if value == .null {
            guard nullable else { throw RealmFileError(.badValue, RealmWriterMessages.nullInRequired(expected)) }
            return nil
        }
        throw RealmFileError(.badValue, RealmWriterMessages.wrongValue(expected: expected, found: value))
    }

    static func littleEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }

    /// Nullable integers: element 0 is the value meaning null: the largest value of the narrowest
    /// width that holds the values without colliding with it (at 64 bits, the largest unused value).
    mutating func nullableInts(_ values: [Int64?]) throws(RealmFileError) -> Int64 {
        let present = values.compactMap { $0 }
        var width = Self.bitWidth(present)
        var marker: Int64 = 0
        while true {
            marker = width == 0 ? 0 : width < 8 ? (1 << Int64(width)) - 1 : width == 64 ? Int64.max : (1 << Int64(width - 1)) - 1
            if width == 0, present.isEmpty { break }
            if width == 64 {
                let used = Set(present)
                while used.contains(marker) { marker -= 1 }
                break
            }
            if width > 0, !present.contains(marker) { break }
            width = width == 0 ? 1 : width < 8 ? width * 2 : width * 2
        }
        let all = [marker] + values.map { $0 ?? marker }
        return try node(flags: Self.widthCode(width), count: all.count, payload: Self.packed(all, width: width))
    }

    /// A string leaf: short strings while every string is at most 15 bytes, small blobs (with a
    /// trailing zero) up to 63, big blobs beyond.
    mutating func strings(_ values: [ValueBytes]) throws(RealmFileError) -> Int64 {
        let longest = values.reduce(0) { max($0, $1.count) }
        if longest <= Self.shortStringLimit { return try shortStrings(values) }
        if longest <= Self.mediumStringLimit { return try smallBlobs(values, trailingZero: true) }
        return try bigBlobs(values, trailingZero: true)
    }

    /// A binary leaf: small blobs while every value is at most 64 bytes, big blobs beyond.
    mutating func binaries(_ values: [ValueBytes]) throws(RealmFileError) -> Int64 {
        let longest = values.reduce(0) { max($0, $1.count) }
        if longest <= Self.smallBinaryLimit { return try smallBlobs(values, trailingZero: false) }
        return try bigBlobs(values, trailingZero: false)
    }

    /// Small blobs: [end offsets, all bytes in one blob, null flags].
    mutating func smallBlobs(_ values: [ValueBytes], trailingZero: Bool) throws(RealmFileError) -> Int64 {
        var ends: [Int64] = []
        var nulls: [Int64] = []
        ends.reserveCapacity(values.count)
        nulls.reserveCapacity(values.count)
        var total = 0
        for value in values {
            if !value.isNull { total += value.count + (trailingZero ? 1 : 0) }
            ends.append(Int64(total))
            nulls.append(value.isNull ? 1 : 0)
        }
        let endsRef = try ints(ends)
        let blobRef = try node(flags: 0x10 | 1, count: total, payloadSize: total) { target in
            var offset = 0
            for value in values where !value.isNull {
                value.copy(to: target.baseAddress! + offset)
                offset += value.count + (trailingZero ? 1 : 0)
            }
        }
        let nullsRef = try ints(nulls)
        return try refs([endsRef, blobRef, nullsRef])
    }

    /// Big blobs: a has-refs node (context flag set) of one blob per value, 0 for null.
    mutating func bigBlobs(_ values: [ValueBytes], trailingZero: Bool) throws(RealmFileError) -> Int64 {
        var slots: [Int64] = []
        slots.reserveCapacity(values.count)
        for value in values {
            if value.isNull { slots.append(0); continue }
            let size = value.count + (trailingZero ? 1 : 0)
            guard size <= Self.maxBlobSize else {
                throw RealmFileError(.unsupported, RealmWriterMessages.blobTooLarge(size))
            }
            slots.append(try node(flags: 0x10 | 1, count: size, payloadSize: size) { value.copy(to: $0.baseAddress!) })
        }
        return try refs(slots, flags: Flag.context)
    }

    /// A fixed-width leaf of `elementSize`-byte elements (4 or 8), each the low bytes of a word.
    mutating func fixedWords(_ words: [UInt64], elementSize: Int) throws(RealmFileError) -> Int64 {
        try node(flags: 0x08 | Self.widthCode(elementSize), count: words.count, payloadSize: words.count * elementSize) { target in
            if elementSize == 4 {
                for (index, word) in words.enumerated() {
                    target.storeBytes(of: UInt32(truncatingIfNeeded: word).littleEndian, toByteOffset: index * 4, as: UInt32.self)
                }
            } else {
                for (index, word) in words.enumerated() {
                    target.storeBytes(of: word.littleEndian, toByteOffset: index * 8, as: UInt64.self)
                }
            }
        }
    }

    /// Decimals at the narrowest width realm-core would pick for every value: 4 bytes (BID32) for a
    /// coefficient below 2^23 with an exponent in −90…90, 8 (BID64) below 2^53 and −369…369, else 16.
    mutating func decimals(_ values: [RealmDecimal128?]) throws(RealmFileError) -> Int64 {
        var width = 4
        for value in values {
            if let value { width = max(width, Self.decimalWidth(value)) }
        }
        var words: [UInt64] = []
        words.reserveCapacity(values.count * (width == 16 ? 2 : 1))
        for value in values {
            switch (width, value) {
            case (4, nil): words.append(UInt64(Self.nullDecimal32))
            case (8, nil): words.append(Self.nullDecimal64)
            case (_, nil): words += [RealmDecimal128.null.low, RealmDecimal128.null.high]
            case (4, let value?), (8, let value?):
                let negative: UInt64 = value.high >> 63
                let exponent = Int((value.high >> 49) & 0x3fff) - 6176
                if width == 4 {
                    words.append(negative << 31 | UInt64(exponent + 101) << 23 | value.low)
                } else {
                    words.append(negative << 63 | UInt64(exponent + 398) << 53 | value.low)
                }
            case (_, let value?):
                words += [value.low, value.high]
            }
        }
        if width == 16 {
            return try node(flags: 0x08 | Self.widthCode(16), count: values.count, payloadSize: words.count * 8) { target in
                for (index, word) in words.enumerated() {
                    target.storeBytes(of: word.littleEndian, toByteOffset: index * 8, as: UInt64.self)
                }
            }
        }
        return try fixedWords(words, elementSize: width)
    }

    /// The narrowest width that holds `value` bit-exactly once widened again: finite values in
    /// the plain (not the large-coefficient) layout only.
    static func decimalWidth(_ value: RealmDecimal128) -> Int {
        guard (value.high >> 61) & 3 != 3, value.high & 0x1_ffff_ffff_ffff == 0 else { return 16 }
        let exponent = Int((value.high >> 49) & 0x3fff) - 6176
        if value.low < 1 << 23, exponent > -91, exponent < 91 { return 4 }
        if value.low < 1 << 53, exponent > -370, exponent < 370 { return 8 }
        return 16
    }

    /// ObjectIds or UUIDs: blocks of a null-bit byte for eight values followed by the eight values.
    mutating func fixedBytes(_ values: [[UInt8]?], size: Int) throws(RealmFileError) -> Int64 {
        let total = (values.count + 7) / 8 + values.count * size
        return try node(flags: 0x08 | Self.widthCode(1), count: total, payloadSize: total) { target in
            var offset = 0
            var start = 0
            while start < values.count {
                let end = min(start + 8, values.count)
                var nullBits: UInt8 = 0
                for index in start..<end where values[index] == nil { nullBits |= 1 << UInt8(index - start) }
                target[offset] = nullBits
                offset += 1
                for index in start..<end {
                    if let value = values[index] {
                        value.withUnsafeBytes { target.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: size) }
                    }
                    offset += size
                }
                start = end
            }
        }
    }

    // MARK: - B+trees

    /// A B+tree of `values` (a list, a set, or dictionary keys or values): one leaf when they fit,
    /// else leaves of 1000 under inner nodes in the compact form (elements per child, children,
    /// total).
    mutating func bptree(_ values: [RealmValue], kind: LeafKind, nullable: Bool,
                         tables: some TableKeyResolver) throws(RealmFileError) -> Int64 {
        if values.count <= Self.bptreeLeafSize {
            return try leaf(values, kind: kind, nullable: nullable, tables: tables)
        }
        var children: [Int64] = []
        var start = 0
        while start < values.count {
            let end = min(start + Self.bptreeLeafSize, values.count)
            children.append(try leaf(Array(values[start..<end]), kind: kind, nullable: nullable, tables: tables))
            start = end
        }
        return try bptreeInner(children, perChild: Int64(Self.bptreeLeafSize), total: Int64(values.count))
    }

    /// Inner B+tree nodes over `children` refs, each holding `perChild` elements (the last fewer).
    mutating func bptreeInner(_ children: [Int64], perChild: Int64, total: Int64) throws(RealmFileError) -> Int64 {
        if children.count <= Self.bptreeLeafSize {
            return try refs([Self.tagged(perChild)] + children + [Self.tagged(total)], flags: Flag.inner)
        }
        var parents: [Int64] = []
        var start = 0
        let fanout = Int64(Self.bptreeLeafSize)
        while start < children.count {
            let end = min(start + Self.bptreeLeafSize, children.count)
            let size = min(perChild * fanout, total - Int64(start) * perChild)
            parents.append(try bptreeInner(Array(children[start..<end]), perChild: perChild, total: size))
            start = end
        }
        return try bptreeInner(parents, perChild: perChild * fanout, total: total)
    }

    /// A plain integer B+tree (backlink lists, search-index key lists).
    mutating func intBPTree(_ values: [Int64]) throws(RealmFileError) -> Int64 {
        if values.count <= Self.bptreeLeafSize { return try ints(values) }
        var children: [Int64] = []
        var start = 0
        while start < values.count {
            let end = min(start + Self.bptreeLeafSize, values.count)
            children.append(try ints(Array(values[start..<end])))
            start = end
        }
        return try bptreeInner(children, perChild: Int64(Self.bptreeLeafSize), total: Int64(values.count))
    }

    /// A dictionary: [keys B+tree of strings, values B+tree of mixed], sorted by key bytes.
    mutating func dictionary(_ entries: [RealmDictionaryEntry], tables: some TableKeyResolver) throws(RealmFileError) -> Int64 {
        let inOrder = entries.indices.dropFirst().allSatisfy { SetOrder.compareUTF8(entries[$0 - 1].key, entries[$0].key) < 0 }
        let sorted = inOrder ? entries : entries.sorted { SetOrder.compareUTF8($0.key, $1.key) < 0 }
        for (index, entry) in sorted.enumerated() {
            if index > 0, SetOrder.compareUTF8(sorted[index - 1].key, entry.key) == 0 {
                throw RealmFileError(.badValue, RealmWriterMessages.duplicateDictionaryKey(entry.key))
            }
            // Realm checks the bytes: a leading `$`, a `.` anywhere.
            if entry.key.utf8.first == UInt8(ascii: "$") || entry.key.utf8.contains(UInt8(ascii: ".")) {
                throw RealmFileError(.badValue, RealmWriterMessages.badDictionaryKey(entry.key))
            }
        }
        if sorted.count <= Self.bptreeLeafSize {
            let keys = try strings(sorted.map { .string($0.key) })
            let values = try mixeds(sorted.map(\.value), tables: tables)
            return try refs([keys, values])
        }
        let keys = try bptree(sorted.map { .string($0.key) }, kind: .string, nullable: false, tables: tables)
        let values = try bptree(sorted.map(\.value), kind: .mixed, nullable: true, tables: tables)
        return try refs([keys, values])
    }

    // MARK: - Mixed

    /// A mixed leaf: [composite, ints, int pairs, strings, refs, keys]; unused payload slots 0.
    mutating func mixeds(_ values: [RealmValue], tables: some TableKeyResolver) throws(RealmFileError) -> Int64 {
        var composite: [Int64] = []
        var ints: [Int64] = []
        var pairs: [Int64] = []
        var strings: [ValueBytes] = []
        var nested: [Int64] = []
        var keys: [Int64] = []
        func entry(_ type: Int64, slot: Int64, payload: Int64) -> Int64 {
            payload << 8 | slot << 5 | (type + 1)
        }
        for (index, value) in values.enumerated() {
            switch value {
            case .null:
                composite.append(0)
            case .int(let int):
                if int >= Int64(Int32.min), int <= Int64(Int32.max) {
                    composite.append(entry(0, slot: 0, payload: int))
                } else {
                    composite.append(entry(0, slot: 1, payload: Int64(ints.count)))
                    ints.append(int)
                }
            case .bool(let bool):
                composite.append(entry(1, slot: 0, payload: bool ? 1 : 0))
            case .float(let float):
                composite.append(entry(9, slot: 1, payload: Int64(ints.count)))
                ints.append(Int64(Int32(bitPattern: float.bitPattern)))
            case .double(let double):
                composite.append(entry(10, slot: 1, payload: Int64(ints.count)))
                ints.append(Int64(bitPattern: double.bitPattern))
            case .string(let string):
                composite.append(entry(2, slot: 3, payload: Int64(strings.count)))
                strings.append(.string(string))
            case .data(let data):
                composite.append(entry(4, slot: 3, payload: Int64(strings.count)))
                strings.append(.bytes(data))
            case .objectId(let bytes), .uuid(let bytes):
                let isId: Bool = if case .objectId = value { true } else { false }
                guard bytes.count == (isId ? 12 : 16) else {
                    throw RealmFileError(.badValue, RealmWriterMessages.wrongValue(expected: isId ? "objectId" : "uuid", found: value))
                }
                composite.append(entry(isId ? 15 : 17, slot: 3, payload: Int64(strings.count)))
                strings.append(.bytes(bytes))
            case .timestamp(let seconds, let nanoseconds):
                composite.append(entry(8, slot: 2, payload: Int64(pairs.count / 2)))
                pairs += [seconds, Int64(nanoseconds)]
            case .decimal128(let decimal):
                composite.append(entry(11, slot: 2, payload: Int64(pairs.count / 2)))
                pairs += [Int64(bitPattern: decimal.low), Int64(bitPattern: decimal.high)]
            case .link(let link):
                guard let table = tables.tableKey(named: link.tableName) else {
                    throw RealmFileError(.badValue, RealmWriterMessages.unknownLinkTarget(link.tableName))
                }
                composite.append(entry(16, slot: 2, payload: Int64(pairs.count / 2)))
                pairs += [table, link.objectKey]
            case .list(let elements), .set(let elements):
                if case .set = value {
                    throw RealmFileError(.unsupported, RealmWriterMessages.nestedSet)
                }
                composite.append(entry(19, slot: 4, payload: Int64(nested.count)))
                nested.append(elements.isEmpty ? 0 : try bptree(elements, kind: .mixed, nullable: true, tables: tables))
                keys.append(contentsOf: [Int64](repeating: 0, count: index + 1 - keys.count))
                keys[index] = Int64(index + 1)
            case .dictionary(let entries):
                composite.append(entry(21, slot: 4, payload: Int64(nested.count)))
                nested.append(entries.isEmpty ? 0 : try dictionary(entries, tables: tables))
                keys.append(contentsOf: [Int64](repeating: 0, count: index + 1 - keys.count))
                keys[index] = Int64(index + 1)
            }
        }
        let compositeRef = try self.ints(composite)
        let intsRef = ints.isEmpty ? 0 : try self.ints(ints)
        let pairsRef = pairs.isEmpty ? 0 : try self.ints(pairs)
        let stringsRef = strings.isEmpty ? 0 : try self.strings(strings)
        let nestedRef = nested.isEmpty ? 0 : try refs(nested)
        let keysRef = keys.isEmpty ? 0 : try self.ints(keys)
        return try refs([compositeRef, intsRef, pairsRef, stringsRef, nestedRef, keysRef])
    }
}
