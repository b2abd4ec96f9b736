#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends Realm nodes ("arrays") to a file image and hands back their refs (docs/realm-file.md,
/// "Writing"). Every node is an 8-byte header (`AAAA`, flags, a 24-bit big-endian element count)
/// and a payload padded with zero bytes to a multiple of 8, so the same calls always give the
/// same bytes.
///
/// The image goes either to memory (`bytes` holds all of it) or to a `FileOutput`: then only the
/// bytes not yet written are buffered, and every megabyte is written out as it fills, so what
/// stays in memory is the buffer, not the file. A ref is a node's offset in the file either way.
struct NodeWriter {
    /// The bytes not yet written out (in memory: the whole file so far, header first).
    private(set) var buffer: [UInt8]
    /// How many bytes were written out before `buffer`.
    private(set) var flushedCount: Int64 = 0
    /// Where full buffers go; nil keeps everything in memory.
    let output: FileOutput?

    /// Header flag bits (byte 4 of a node header).
    enum Flag {
        static let inner: UInt8 = 0x80, hasRefs: UInt8 = 0x40, context: UInt8 = 0x20
    }

    /// The most elements one node header can count.
    static let maxCount = 0xFF_FFFF
    /// Buffered bytes that make a write to the file.
    static let flushSize = 1 << 20

    /// A writer whose first node will follow a `headerSize`-byte file header (zeros for now),
    /// in memory or into `output`.
    init(headerSize: Int, output: FileOutput? = nil) {
        self.output = output
        buffer = [UInt8](repeating: 0, count: headerSize)
        buffer.reserveCapacity(output == nil ? 1 << 16 : Self.flushSize + (1 << 16))
    }

    /// The whole file, in memory (only without a `FileOutput`).
    var bytes: [UInt8] {
        precondition(output == nil, "NodeWriter.bytes of a writer that writes to a file")
        return buffer
    }

    /// The ref the next node will get.
    var nextRef: Int64 { flushedCount + Int64(buffer.count) }

    /// Overwrites the file header (the first bytes), in memory or in the file.
    mutating func patchHeader(_ value: [UInt8]) throws(RealmFileError) {
        if let output, flushedCount > 0 {
            try output.write(value, at: 0)
        } else {
            buffer.replaceSubrange(0..<value.count, with: value)
        }
    }

    /// Appends raw bytes (the streaming footer).
    mutating func append(_ value: [UInt8]) throws(RealmFileError) {
        buffer += value
        try flushIfFull()
    }

    /// Writes the buffered bytes out (nothing in memory).
    mutating func flush() throws(RealmFileError) {
        guard let output, !buffer.isEmpty else { return }
        var failure: RealmFileError?
        buffer.withUnsafeBytes { raw in
            do throws(RealmFileError) { try output.write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
        flushedCount += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func flushIfFull() throws(RealmFileError) {
        if output != nil, buffer.count >= Self.flushSize { try flush() }
    }

    /// Appends one node: `flags` (with the width type in bits 3–4 and width code in bits 0–2),
    /// `count` elements, then `payload` padded to 8 bytes.
    mutating func node(flags: UInt8, count: Int, payload: [UInt8]) throws(RealmFileError) -> Int64 {
        try node(flags: flags, count: count, payloadSize: payload.count) { target in
            payload.withUnsafeBytes { target.copyMemory(from: $0) }
        }
    }

    /// Appends one node whose payload of `payloadSize` bytes `fill` writes in place (the bytes
    /// start zeroed; padding to 8 bytes stays zero).
    mutating func node(flags: UInt8, count: Int, payloadSize: Int,
                       _ fill: (UnsafeMutableRawBufferPointer) -> Void) throws(RealmFileError) -> Int64 {
        guard count <= Self.maxCount else {
            throw RealmFileError(.unsupported, RealmWriterMessages.nodeTooLarge(count))
        }
        let ref = nextRef
        let start = buffer.count
        let padded = (payloadSize + 7) / 8 * 8
        buffer.append(contentsOf: repeatElement(0, count: 8 + padded))
        buffer.withUnsafeMutableBytes { raw in
            raw[start] = 0x41; raw[start + 1] = 0x41; raw[start + 2] = 0x41; raw[start + 3] = 0x41
            raw[start + 4] = flags
            raw[start + 5] = UInt8(count >> 16 & 0xff); raw[start + 6] = UInt8(count >> 8 & 0xff); raw[start + 7] = UInt8(count & 0xff)
            if payloadSize > 0 {
                fill(UnsafeMutableRawBufferPointer(rebasing: raw[(start + 8)..<(start + 8 + payloadSize)]))
            }
        }
        try flushIfFull()
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
        var payload = [UInt8](repeating: 0, count: payloadSize(count: values.count, width: width))
        payload.withUnsafeMutableBytes { pack(values, width: width, into: $0) }
        return payload
    }

    /// The payload size of `count` values at `width` bits.
    static func payloadSize(count: Int, width: Int) -> Int {
        (count * width + 7) / 8
    }

    /// Packs `values` at `width` bits into `target` (zeroed, `payloadSize` bytes).
    static func pack(_ values: some Collection<Int64>, width: Int, into target: UnsafeMutableRawBufferPointer) {
        switch width {
        case 0:
            return
        case 1, 2, 4:
            let mask = Int64((1 << width) - 1)
            var bit = 0
            for value in values {
                target[bit >> 3] |= UInt8(truncatingIfNeeded: (value & mask) << Int64(bit & 7))
                bit += width
            }
        case 8:
            var offset = 0
            for value in values {
                target[offset] = UInt8(truncatingIfNeeded: value)
                offset += 1
            }
        case 16:
            var offset = 0
            for value in values {
                target.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, toByteOffset: offset, as: UInt16.self)
                offset += 2
            }
        case 32:
            var offset = 0
            for value in values {
                target.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: offset, as: UInt32.self)
                offset += 4
            }
        default:
            var offset = 0
            for value in values {
                target.storeBytes(of: UInt64(bitPattern: value).littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
        }
    }

    /// An integer array at the smallest width (at least `minimumWidth`); `flags` adds has-refs,
    /// inner or context bits.
    mutating func ints(_ values: [Int64], flags: UInt8 = 0, minimumWidth: Int = 0) throws(RealmFileError) -> Int64 {
        let width = Self.bitWidth(values, minimum: minimumWidth)
        return try node(flags: flags | Self.widthCode(width), count: values.count,
                        payloadSize: Self.payloadSize(count: values.count, width: width)) { Self.pack(values, width: width, into: $0) }
    }

    /// A has-refs array: each slot a ref (even), a tagged integer (odd) or 0.
    mutating func refs(_ slots: [Int64], flags: UInt8 = 0) throws(RealmFileError) -> Int64 {
        try ints(slots, flags: flags | Flag.hasRefs)
    }

    /// An unsigned array (widths 8, 16, 32 or 64 only), as cluster keys and child offsets use.
    mutating func unsigned(_ values: [Int64]) throws(RealmFileError) -> Int64 {
        let largest = values.max() ?? 0
        let width = largest <= 0xff ? 8 : largest <= 0xffff ? 16 : largest <= 0xffff_ffff ? 32 : 64
        return try node(flags: Self.widthCode(width), count: values.count,
                        payloadSize: Self.payloadSize(count: values.count, width: width)) { Self.pack(values, width: width, into: $0) }
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
    mutating func shortStrings(_ values: [ValueBytes]) throws(RealmFileError) -> Int64 {
        let longest = values.reduce(0) { max($0, $1.isNull ? 0 : $1.count + 1) }
        var width = 0
        if longest > 0 {
            width = 1
            while width < longest { width *= 2 }
        }
        return try node(flags: 0x08 | Self.widthCode(width), count: values.count, payloadSize: values.count * width) { target in
            guard width > 0 else { return }
            for (index, value) in values.enumerated() {
                let slot = index * width
                if value.isNull {
                    target[slot + width - 1] = UInt8(width)
                } else {
                    value.copy(to: target.baseAddress! + slot)
                    target[slot + width - 1] = UInt8(width - 1 - value.count)
                }
            }
        }
    }

    /// `shortStrings` of byte arrays (nil for null).
    mutating func shortStrings(_ values: [[UInt8]?]) throws(RealmFileError) -> Int64 {
        try shortStrings(values.map { $0.map(ValueBytes.bytes) ?? .null })
    }
}

/// The bytes of a string or binary value, copied straight from the `String` or array into a node.
enum ValueBytes {
    case null
    case string(String)
    case bytes([UInt8])

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// How many bytes (0 for null).
    var count: Int {
        switch self {
        case .null: 0
        case .string(let string): string.utf8.count
        case .bytes(let bytes): bytes.count
        }
    }

    /// Copies the bytes to `target`.
    func copy(to target: UnsafeMutableRawPointer) {
        switch self {
        case .null:
            return
        case .string(let string):
            let copied: Void? = string.utf8.withContiguousStorageIfAvailable { buffer in
                if buffer.count > 0 { target.copyMemory(from: buffer.baseAddress!, byteCount: buffer.count) }
            }
            if copied == nil {
                for (index, byte) in string.utf8.enumerated() { target.storeBytes(of: byte, toByteOffset: index, as: UInt8.self) }
            }
        case .bytes(let bytes):
            bytes.withUnsafeBytes { buffer in
                if buffer.count > 0 { target.copyMemory(from: buffer.baseAddress!, byteCount: buffer.count) }
            }
        }
    }
}
