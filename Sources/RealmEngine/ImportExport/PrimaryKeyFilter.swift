/// The primary keys of the objects a class has gained in the current import, as a Bloom
/// filter: "no" means the key is certainly not in the class, so the import skips the SQL
/// lookup before inserting a new object; "maybe" means look it up. The filter is only made for
/// a class that was empty when the import's transaction began, so every object it can hold
/// went through `insert(_:)`.
///
/// Memory is bounded: the filter starts small and adds larger layers as keys arrive, up to
/// `maximumBits` in all; past that its answers are more often "maybe", which costs lookups,
/// never correctness. Keys of objects rolled back to a savepoint stay in it (a "maybe" that
/// the lookup then answers).
final class PrimaryKeyFilter {
    /// Bits of the first layer; each new layer is four times the previous one.
    private static let firstLayerBits = 1 << 16
    /// Bits of all layers together, at most (2 MiB).
    private static let maximumBits = 1 << 24
    /// Keys per layer before the next one starts: about 10 bits a key (1% false "maybe"s).
    private static let bitsPerKey = 10
    /// Bits set per key.
    private static let probes = 7

    private var layers: [[UInt64]] = []
    private var keysInLastLayer = 0
    private var totalBits = 0

    /// Records that an object with primary key `key` now exists.
    func insert(_ key: StoreValue) {
        if layers.isEmpty || (keysInLastLayer * Self.bitsPerKey >= layers[layers.count - 1].count * 64 && canGrow) {
            let bits = layers.isEmpty ? Self.firstLayerBits : layers[layers.count - 1].count * 64 * 4
            layers.append([UInt64](repeating: 0, count: bits / 64))
            totalBits += bits
            keysInLastLayer = 0
        }
        let (first, second) = Self.hashes(key)
        let last = layers.count - 1
        layers[last].withUnsafeMutableBufferPointer { words in
            let mask = UInt64(words.count * 64 - 1)
            for probe in 0..<Self.probes {
                let index = Int((first &+ UInt64(probe) &* second) & mask)
                words[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        keysInLastLayer += 1
    }

    /// False when no object with primary key `key` was inserted; true when one may have been.
    func mayContain(_ key: StoreValue) -> Bool {
        let (first, second) = Self.hashes(key)
        for layer in layers {
            let found = layer.withUnsafeBufferPointer { words in
                let mask = UInt64(words.count * 64 - 1)
                for probe in 0..<Self.probes {
                    let index = Int((first &+ UInt64(probe) &* second) & mask)
                    if words[index >> 6] & (1 << UInt64(index & 63)) == 0 { return false }
                }
                return true
            }
            if found { return true }
        }
        return false
    }

    private var canGrow: Bool {
        totalBits + (layers.last?.count ?? 0) * 64 * 4 <= Self.maximumBits
    }

    /// Two independent hashes of `key` (double hashing derives the others from them).
    private static func hashes(_ key: StoreValue) -> (UInt64, UInt64) {
        let hash = UInt64(bitPattern: Int64(key.hashValue))
        // The two halves of one 64-bit hash; the second is odd, so its multiples reach every bit.
        return (hash, (hash >> 32 | hash << 32) | 1)
    }
}
