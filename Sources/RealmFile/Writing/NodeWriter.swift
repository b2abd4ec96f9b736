/// Appends Realm nodes ("arrays") to an in-memory file image and hands back their refs
/// (docs/realm-file.md, "Writing"). Every node is an 8-byte header (`AAAA`, flags, a 24-bit
/// big-endian element count) and a payload padded with zero bytes to a multiple of 8, so the same
/// calls always give the same bytes.
struct NodeWriter {
    /// The file so far: the 24-byte header comes first, nodes follow it.
    private(set) var bytes: [UInt8]

    /// Header flag bits (byte 4 of a node header).
    enum Flag {
        static let inner: UInt8 = 0x80, hasRefs: UInt8 = 0x40, context: UInt8 = 0x20
    }

    /// The most elements one node header can count.
    static let maxCount = 0xFF_FFFF

    /// A writer whose first node will follow a `headerSize`-byte file header (zeros for now).
    init(headerSize: Int) {
        bytes = [UInt8](repeating: 0, count: headerSize)
        bytes.reserveCapacity(1 << 16)
    }

    /// The ref the next node will get.
    var nextRef: Int64 { Int64(bytes.count) }

    /// Overwrites bytes already written (the file header).
    mutating func patch(_ value: [UInt8], at offset: Int) {
        bytes.replaceSubrange(offset..<(offset + value.count), with: value)
    }

    /// Appends raw bytes (the streaming footer).
    mutating func append(_ value: [UInt8]) {
        bytes += value
    }

    /// Appends one node: `flags` (with the width type in bits 3–4 and width code in bits 0–2),
    /// `count` elements, then `payload` padded to 8 bytes.
    mutating func node(flags: UInt8, count: Int, payload: [UInt8]) throws(RealmFileError) -> Int64 {
        guard count <= Self.maxCount else {
            throw RealmFileError(.unsupported, RealmWriterMessages.nodeTooLarge(count))
        }
        let ref = nextRef
        bytes += [0x41, 0x41, 0x41, 0x41, flags, UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff), UInt8(count & 0xff)]
        bytes += payload
        let padding = (8 - payload.count % 8) % 8
        bytes += [UInt8](repeating: 0, count: padding)
        return ref
    }

    // MARK: - Integer arrays

    /// The smallest bit width (0, 1, 2, 4, 8, 16, 32, 64) holding every value: 0–4 unsigned, 8–64 signed.
    static func bitWidth(_ values: [Int64], minimum: Int = 0) -> Int {
        var width = minimum
        for value in values where width < 64 {
            width = max(width, bitWidth(of: value))
        }
        return width
    }

    static func bitWidth(of value: Int64) -> Int {
        switch value {
        case 0: 0
        case 1: 1
        case 2...3: 2
        case 4...15: 4
        case -0x80...0x7f: 8
        case -0x8000...0x7fff: 16
        case -0x8000_0000...0x7fff_ffff: 32
        default: 64
        }
    }

    /// The width code of a bit width: width = (1 << code) >> 1.
    static func widthCode(_ width: Int) -> UInt8 {
        switch width {
        case 0: 0
        case 1: 1
        case 2: 2
        case 4: 3
        case 8: 4
        case 16: 5
        case 32: 6
        default: 7
        }
    }

    /// The payload of `values` packed at `width` bits (LSB-first below 8 bits, little-endian above).
    static func packed(_ values: [Int64], width: Int) -> [UInt8] {
        if width == 0 { return [] }
        if width < 8 {
            var payload = [UInt8](repeating: 0, count: (values.count * width + 7) / 8)
            let mask = Int64((1 << width) - 1)
            for (index, value) in values.enumerated() {
                let bit = index * width
                payload[bit / 8] |= UInt8(truncatingIfNeeded: (value & mask) << Int64(bit % 8))
            }
            return payload
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * width / 8)
        for value in values {
            var raw = UInt64(bitPattern: value)
            for _ in 0..<(width / 8) {
                payload.append(UInt8(truncatingIfNeeded: raw))
                raw >>= 8
            }
        }
        return payload
    }

    /// An integer array at the smallest width (at least `minimumWidth`); `flags` adds has-refs,
    /// inner or context bits.
    mutating func ints(_ values: [Int64], flags: UInt8 = 0, minimumWidth: Int = 0) throws(RealmFileError) -> Int64 {
        let width = Self.bitWidth(values, minimum: minimumWidth)
        return try node(flags: flags | Self.widthCode(width), count: values.count, payload: Self.packed(values, width: width))
    }

    /// A has-refs array: each slot a ref (even), a tagged integer (odd) or 0.
    mutating func refs(_ slots: [Int64], flags: UInt8 = 0) throws(RealmFileError) -> Int64 {
        try ints(slots, flags: flags | Flag.hasRefs)
    }

    /// An unsigned array (widths 8, 16, 32 or 64 only), as cluster keys and child offsets use.
    mutating func unsigned(_ values: [Int64]) throws(RealmFileError) -> Int64 {
        let largest = values.max() ?? 0
        let width = largest <= 0xff ? 8 : largest <= 0xffff ? 16 : largest <= 0xffff_ffff ? 32 : 64
        return try node(flags: Self.widthCode(width), count: values.count, payload: Self.packed(values, width: width))
    }

    /// `value` tagged for a has-refs slot: (value << 1) | 1.
    static func tagged(_ value: Int64) -> Int64 {
        value &<< 1 | 1
    }

    // MARK: - Bytes

    /// An array of `count` elements of `elementSize` bytes each (width type "multiply").
    mutating func fixedWidth(_ payload: [UInt8], elementSize: Int, count: Int, flags: UInt8 = 0) throws(RealmFileError) -> Int64 {
        let code = Self.widthCode(elementSize)
        return try node(flags: flags | 0x08 | code, count: count, payload: payload)
    }

    /// A blob: bytes stored one per element (width type "ignore").
    mutating func blob(_ payload: [UInt8]) throws(RealmFileError) -> Int64 {
        try node(flags: 0x10 | 1, count: payload.count, payload: payload)
    }

    /// A short-string array: each element in a slot of the smallest power-of-two width (up to 64)
    /// above its length, zero padded, the slot's last byte holding the padding length, or the slot
    /// width for null. Width 0 when every element is null.
    mutating func shortStrings(_ values: [[UInt8]?]) throws(RealmFileError) -> Int64 {
        let longest = values.map { $0.map { $0.count + 1 } ?? 0 }.max() ?? 0
        var width = 0
        if longest > 0 {
            width = 1
            while width < longest { width *= 2 }
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * width)
        if width > 0 {
            for value in values {
                if let value {
                    payload += value
                    payload += [UInt8](repeating: 0, count: width - 1 - value.count)
                    payload.append(UInt8(width - 1 - value.count))
                } else {
                    payload += [UInt8](repeating: 0, count: width - 1)
                    payload.append(UInt8(width))
                }
            }
        }
        return try fixedWidth(payload, elementSize: width, count: values.count)
    }
}
