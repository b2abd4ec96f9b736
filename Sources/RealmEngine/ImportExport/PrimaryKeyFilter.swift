/// The primary keys of the objects a class has gained in the current import, as a Bloom
/// filter: "no" means the key is certainly not in the class, so the import skips the SQL
/// lookup before inserting a new object; "maybe" means look it up. The filter is only made for
/// a class that was empty when the import's transaction began, so every object it can hold
/// went through `insert(_:)`.
///
/// The filter is split into blocks of one cache line (eight 64-bit words): a key sets one bit
/// in each word of one block, so a probe touches one line of memory per layer.
///
/// Memory is bounded: the filter starts small and adds larger layers as keys arrive, up to
/// `maximumBits` in all; past that its answers are more often "maybe", which costs lookups,
/// never correctness. Keys of objects rolled back to a savepoint stay in it (a "maybe" that
/// the lookup then answers).
///
/// For example:
///
///     let filter = PrimaryKeyFilter()
///     filter.insert(.int(7))
///     filter.mayContain(.int(7))     // true
package final class PrimaryKeyFilter {
    /// Bits of the first layer; each new layer is four times the previous one.
    static let firstLayerBits = 1 << 16
    /// Bits of all layers together, at most (16 MiB): six layers, 5.6 million keys in all.
    static let maximumBits = 1 << 27
    /// Keys per layer before the next one starts: 16 bits a key, under 0.1% false "maybe"s per
    /// layer (an absent key is probed in every layer, so their rates add up).
    private static let bitsPerKey = 16
    /// Words of a block (one 64-byte cache line); a key sets one bit in each.
    private static let blockWords = 8
    /// Odd multipliers that pick a key's bit in each word of its block from 32 bits of its hash.
    private static let salts: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x47B6_137B, 0x4497_4D91, 0x8824_AD5B, 0xA2B7_289D, 0x7054_95C7, 0x2DF1_424B, 0x9EFC_4947, 0x5C6B_FB31)

    /// One layer: `blocks` blocks of `blockWords` words, 64-byte aligned.
    private struct Layer {
        let words: UnsafeMutablePointer<UInt64>
        /// Blocks minus one (their count is a power of two).
        let blockMask: UInt64
        var bits: Int { Int(blockMask + 1) * PrimaryKeyFilter.blockWords * 64 }
    }

    private var layers: [Layer] = []
    private var keysInLastLayer = 0
    private(set) var totalBits = 0

    deinit {
        for layer in layers { UnsafeMutableRawPointer(layer.words).deallocate() }
    }

    /// Records that an object with primary key `key` now exists.
    func insert(_ key: StoreValue) {
        if let last = layers.last {
            if keysInLastLayer * Self.bitsPerKey >= last.bits && totalBits + last.bits * 4 <= Self.maximumBits {
                addLayer(bits: last.bits * 4)
            }
        } else {
            addLayer(bits: Self.firstLayerBits)
        }
        let hash = Self.hash(key)
        let block = layers[layers.count - 1].words + Int((hash >> 32) & layers[layers.count - 1].blockMask) * Self.blockWords
        let low = UInt32(truncatingIfNeeded: hash)
        Self.forEachBit(low) { word, bit in block[word] |= bit }
        keysInLastLayer += 1
    }

    /// False when no object with primary key `key` was inserted; true when one may have been.
    func mayContain(_ key: StoreValue) -> Bool {
        let hash = Self.hash(key)
        let low = UInt32(truncatingIfNeeded: hash)
        for layer in layers {
            let block = layer.words + Int((hash >> 32) & layer.blockMask) * Self.blockWords
            var all = true
            Self.forEachBit(low) { word, bit in all = all && block[word] & bit != 0 }
            if all { return true }
        }
        return false
    }

    private func addLayer(bits: Int) {
        let words = bits / 64
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * 8, alignment: Self.blockWords * 8)
        let pointer = raw.initializeMemory(as: UInt64.self, repeating: 0, count: words)
        layers.append(Layer(words: pointer, blockMask: UInt64(words / Self.blockWords - 1)))
        totalBits += bits
        keysInLastLayer = 0
    }

    /// Calls `body` with each word of a block and the bit of it that belongs to `low`.
    @inline(__always)
    private static func forEachBit(_ low: UInt32, _ body: (Int, UInt64) -> Void) {
        body(0, 1 << UInt64((low &* salts.0) >> 26))
        body(1, 1 << UInt64((low &* salts.1) >> 26))
        body(2, 1 << UInt64((low &* salts.2) >> 26))
        body(3, 1 << UInt64((low &* salts.3) >> 26))
        body(4, 1 << UInt64((low &* salts.4) >> 26))
        body(5, 1 << UInt64((low &* salts.5) >> 26))
        body(6, 1 << UInt64((low &* salts.6) >> 26))
        body(7, 1 << UInt64((low &* salts.7) >> 26))
    }

    /// A 64-bit hash of `key`: its upper half picks the block, its lower half the bits. Integer,
    /// ObjectId and UUID keys (fixed-size bytes) are mixed directly, cheaper than `Hasher`.
    /// The importer's records of repeated objects hash their keys with it too.
    package static func hash(_ key: StoreValue) -> UInt64 {
        switch key {
        case .int(let value):
            return mix(UInt64(bitPattern: value))
        case .uuid(let value):
            return withUnsafeBytes(of: value.uuid) { bytes in
                mix(bytes.loadUnaligned(as: UInt64.self) ^ mix(bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
        case .objectId(let value):
            return value.withUnsafeBytes { bytes in
                mix(bytes.loadUnaligned(as: UInt64.self) ^ mix(UInt64(bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))))
            }
        default:
            return UInt64(bitPattern: Int64(key.hashValue))
        }
    }

    /// SplitMix64's finalizer: every bit of `value` affects every bit of the result.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
