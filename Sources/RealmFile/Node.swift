/// One node ("array") of the file: its 8-byte header decoded, its payload known to lie inside the
/// file (docs/realm-file.md, section 2). Element reads never leave the payload.
struct Node {
    /// How the width of a node's elements is counted (header bits 3–4).
    enum WidthType: Int {
        /// Elements of 0, 1, 2, 4 bits (unsigned, packed from the low bit) or 8…64 bits (signed).
        case bits = 0
        /// Elements of `width` bytes each (strings, floats, fixed-size values).
        case multiply = 1
        /// One byte per element, whatever the width (blobs).
        case ignore = 2
    }

    /// The node's ref: its byte offset in the file.
    let ref: Int
    /// The flags byte (inner B+tree node 0x80, has refs 0x40, context 0x20, width type, width code).
    let flags: UInt8
    /// The element count (big-endian 24 bits in the header).
    let count: Int
    /// How `width` counts.
    let widthType: WidthType
    /// Bits per element (`bits`) or bytes per element (`multiply`): 0, 1, 2, 4, 8, 16, 32 or 64.
    let width: Int
    /// The payload's byte count, without the padding to 8 bytes.
    let payloadSize: Int
    let bytes: FileBytes

    /// The offset of the first payload byte.
    var payload: Int { ref &+ 8 }
    /// Whether this is an inner node of a B+tree.
    var isInner: Bool { flags & 0x80 != 0 }
    /// Whether the elements are refs or tagged integers.
    var hasRefs: Bool { flags & 0x40 != 0 }
    /// The context flag, whose meaning depends on the node's role.
    var context: Bool { flags & 0x20 != 0 }

    /// Decodes the header at `ref` (already checked to be aligned and followed by 8 bytes in the
    /// file) and checks that the payload fits before `end`.
    init(ref: Int, bytes: FileBytes, end: Int) throws(RealmFileError) {
        self.ref = ref
        self.bytes = bytes
        flags = bytes.byte(ref &+ 4)
        count = Int(bytes.byte(ref &+ 5)) << 16 | Int(bytes.byte(ref &+ 6)) << 8 | Int(bytes.byte(ref &+ 7))
        guard let type = WidthType(rawValue: Int((flags >> 3) & 3)) else {
            throw RealmFileError(.badNode, RealmFileMessages.badWidthType(flags), offset: ref &+ 4)
        }
        widthType = type
        width = (1 << Int(flags & 7)) >> 1
        switch type {
        case .bits: payloadSize = (count &* width &+ 7) / 8
        case .multiply: payloadSize = count &* width
        case .ignore: payloadSize = count
        }
        guard payloadSize <= end &- (ref &+ 8) else {
            throw RealmFileError(.truncated, RealmFileMessages.nodeRunsPastEnd(ref: ref, bytes: payloadSize, end: end),
                                 offset: ref)
        }
    }

    /// Element `index` of an integer node, signed as Realm reads it (0…4-bit widths unsigned).
    /// `index` must be below `count`.
    func int(_ index: Int) -> Int64 {
        switch width {
        case 0:
            return 0
        case 1, 2, 4:
            let bit = index &* width
            let byte = bytes.byte(payload &+ bit / 8)
            return Int64((byte >> UInt8(bit % 8)) & UInt8((1 << width) - 1))
        default:
            let size = width / 8
            let raw = bytes.unsignedLE(payload &+ index &* size, length: size)
            let shift = UInt64(64 - width)
            return Int64(bitPattern: raw << shift) >> Int64(shift)
        }
    }

    /// Element `index` read as unsigned (for ArrayUnsigned key and offset arrays).
    func unsigned(_ index: Int) -> UInt64 {
        switch width {
        case 0: return 0
        case 1, 2, 4: return UInt64(bitPattern: int(index))
        default: return bytes.unsignedLE(payload &+ index &* (width / 8), length: width / 8)
        }
    }

    /// Every element as integers.
    func ints() -> [Int64] {
        (0..<count).map { int($0) }
    }

    /// The `length` payload bytes from `offset` (relative to the payload), or empty if outside it.
    func payloadBytes(from offset: Int, length: Int) -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= payloadSize, length <= payloadSize &- offset else { return [] }
        return bytes.slice(payload &+ offset, length: length)
    }
}
