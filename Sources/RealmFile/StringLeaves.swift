/// String and binary leaves: short strings, small blobs ("medium" strings), big blobs, enumerated
/// strings, and the blobs they point at (docs/realm-file.md, section 6). Elements come back as raw
/// bytes (nil = null); callers decide whether they are text.
extension NodeReader {
    /// The elements of a short-string node (fixed slots of `width` bytes; the last byte of a slot
    /// says how much of it is unused, or equals `width` for null). A width of 0 means all null.
    func shortStrings(_ node: Node) throws(RealmFileError) -> [[UInt8]?] {
        guard node.widthType == .multiply, !node.hasRefs else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedShortStrings, offset: node.ref)
        }
        let width = node.width
        guard width > 0 else { return Array(repeating: nil, count: node.count) }
        var result: [[UInt8]?] = []
        result.reserveCapacity(node.count)
        for index in 0..<node.count {
            let start = index &* width
            let last = Int(node.bytes.byte(node.payload &+ start &+ width &- 1))
            if last == width {
                result.append(nil)
                continue
            }
            guard last < width else {
                throw RealmFileError(.badValue, RealmFileMessages.badShortString,
                                     offset: node.payload &+ start &+ width &- 1)
            }
            result.append(node.payloadBytes(from: start, length: width &- 1 &- last))
        }
        return result
    }

    /// The elements of a string leaf of any kind; `enumKeys` are the column's enumerated values
    /// (only needed for an enumerated-string leaf).
    func stringLeaf(_ node: Node, enumKeys: [[UInt8]?]? = nil) throws(RealmFileError) -> [[UInt8]?] {
        switch (node.hasRefs, node.widthType) {
        case (false, .multiply):
            return try shortStrings(node)
        case (false, .bits):
            guard let keys = enumKeys else {
                throw RealmFileError(.unsupported, RealmFileMessages.enumWithoutKeys, offset: node.ref)
            }
            var result: [[UInt8]?] = []
            for index in 0..<node.count {
                let value = node.int(index)
                guard value >= 0, value < keys.count else {
                    throw RealmFileError(.badValue, RealmFileMessages.enumIndexOutside(value, keys.count), offset: node.ref)
                }
                result.append(keys[Int(value)])
            }
            return result
        case (true, .bits):
            return node.context ? try bigBlobs(node, trailingZero: true) : try smallBlobs(node, trailingZero: true)
        default:
            throw RealmFileError(.badNode, RealmFileMessages.expectedStringLeaf, offset: node.ref)
        }
    }

    /// The elements of a binary leaf (small blobs, or big blobs when the context flag is set).
    func binaryLeaf(_ node: Node) throws(RealmFileError) -> [[UInt8]?] {
        guard node.hasRefs, node.widthType == .bits else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedBinaryLeaf, offset: node.ref)
        }
        return node.context ? try bigBlobs(node, trailingZero: false) : try smallBlobs(node, trailingZero: false)
    }

    /// Small blobs: [end offsets, one blob of all bytes, null flags]. Strings keep a trailing 0 byte
    /// that the offsets count.
    private func smallBlobs(_ node: Node, trailingZero: Bool) throws(RealmFileError) -> [[UInt8]?] {
        guard node.count >= 2 else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape("small-blob leaf", slots: node.count, minimum: 2),
                                 offset: node.ref)
        }
        let offsets = try intNode(node.int(0), from: node.slotOffset(0))
        let blob = try self.node(node.int(1), from: node.slotOffset(1))
        guard !blob.hasRefs, blob.widthType == .ignore else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedBlob, offset: blob.ref)
        }
        var nulls: Node?
        if node.count >= 3, node.isRef(2) {
            let flags = try intNode(node.int(2), from: node.slotOffset(2))
            guard flags.count == offsets.count else {
                throw RealmFileError(.badValue, RealmFileMessages.countMismatch("null flags", flags.count, offsets.count),
                                     offset: flags.ref)
            }
            nulls = flags
        }
        var result: [[UInt8]?] = []
        result.reserveCapacity(offsets.count)
        var begin: Int64 = 0
        for index in 0..<offsets.count {
            let endOffset = offsets.int(index)
            guard begin >= 0, endOffset >= begin, endOffset <= Int64(blob.payloadSize) else {
                throw RealmFileError(.badValue, RealmFileMessages.blobOffsetOutside(endOffset, blob.payloadSize),
                                     offset: offsets.ref)
            }
            defer { begin = endOffset }
            if let nulls, nulls.int(index) != 0 {
                result.append(nil)
                continue
            }
            var length = Int(endOffset &- begin)
            if trailingZero {
                guard length >= 1 else {
                    throw RealmFileError(.badValue, RealmFileMessages.stringWithoutTerminator, offset: blob.ref)
                }
                length &-= 1
            }
            result.append(blob.payloadBytes(from: Int(begin), length: length))
        }
        return result
    }

    /// Big blobs: each element 0 (null) or a ref to a blob of its own.
    private func bigBlobs(_ node: Node, trailingZero: Bool) throws(RealmFileError) -> [[UInt8]?] {
        var result: [[UInt8]?] = []
        result.reserveCapacity(node.count)
        for index in 0..<node.count {
            let value = node.int(index)
            if value == 0 {
                result.append(nil)
                continue
            }
            var bytes = try blob(value, from: node.slotOffset(index))
            if trailingZero {
                guard !bytes.isEmpty else {
                    throw RealmFileError(.badValue, RealmFileMessages.stringWithoutTerminator, offset: Int(value))
                }
                bytes.removeLast()
            }
            result.append(bytes)
        }
        return result
    }

    /// The bytes of the blob at `ref`: one byte-per-element node, or a chain (a has-refs node of
    /// blobs) for values too large for one node.
    func blob(_ ref: Int64, from source: Int) throws(RealmFileError) -> [UInt8] {
        let node = try self.node(ref, from: source)
        if !node.hasRefs {
            guard node.widthType == .ignore else {
                throw RealmFileError(.badNode, RealmFileMessages.expectedBlob, offset: node.ref)
            }
            return node.payloadBytes(from: 0, length: node.count)
        }
        return try descend(into: node.ref) { () throws(RealmFileError) -> [UInt8] in
            var bytes: [UInt8] = []
            for index in 0..<node.count where node.isRef(index) {
                bytes += try blob(node.int(index), from: node.slotOffset(index))
            }
            return bytes
        }
    }
}
