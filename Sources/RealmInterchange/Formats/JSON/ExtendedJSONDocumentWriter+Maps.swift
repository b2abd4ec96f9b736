import RealmEngine
import RealmSchema

/// A Map of strings (the common case) written from its cursor without a `String` or a
/// `StoreValue` per entry: keys percent-decoded and values copied as bytes into one reused
/// buffer, the entries ordered as `exportOrder(ofDictionary:isMixed:)` orders them (decoded
/// keys in byte order, keywords last), then written. Other maps take `takeEntries`.
///
/// For example:
///
///     // attributes: {"mail%2Edigest": "d", "a": "x"} in the store
///     try writer.writeStringMap(plan, base: .string, owner: key)    // {"a":"x","mail.digest":"d"}
extension ExtendedJSONDocumentWriter {
    func writeStringMap(_ plan: ExportCollectionPlan, base: BaseType, owner: Int64) throws {
        let scratch = mapScratch
        scratch.clear()
        let collection = plan.collection
        let rows = collection.rows
        guard let keyColumn = collection.keyColumn else { return }
        while try rows.isOwned(by: owner) {
            let keyStart = scratch.bytes.count
            rows.withText(keyColumn) { MapKeyCoding.decode(utf8: $0, into: &scratch.bytes) }
            let keyEnd = scratch.bytes.count
            let isKeyword = scratch.bytes[keyStart..<keyEnd].first == UInt8(ascii: "$")
                && ExportReference.isKeyword(String(decoding: scratch.bytes[keyStart..<keyEnd], as: UTF8.self))
            var value = ExportMapScratch.textValue
            switch rows.type(collection.valueColumn) {
            case 3: rows.withText(collection.valueColumn) { scratch.bytes.append(contentsOf: $0) }
            case 5: value = ExportMapScratch.nullValue
            default:
                // Decoded (and reported) as `takeEntries` would.
                scratch.others.append(try rows.element(collection.valueColumn, tag: collection.tagColumn))
                value = scratch.others.count - 1
            }
            scratch.entries.append(ExportMapScratch.Entry(keyStart: keyStart, keyEnd: keyEnd, valueEnd: scratch.bytes.count,
                                                          value: value, isKeyword: isKeyword))
            try rows.step()
        }
        scratch.sort()
        try writer.beginObject()
        try scratch.bytes.withUnsafeBufferPointer { bytes in
            for entry in scratch.entries {
                try writer.key(utf8: UnsafeBufferPointer(rebasing: bytes[entry.keyStart..<entry.keyEnd]))
                switch entry.value {
                case ExportMapScratch.textValue: try writer.string(utf8: UnsafeBufferPointer(rebasing: bytes[entry.keyEnd..<entry.valueEnd]))
                case ExportMapScratch.nullValue: try writer.null()
                default: try writeElement(scratch.others[entry.value], base)
                }
            }
        }
        try writer.endObject()
    }
}

/// The entries of one map being written (`writeStringMap`), reused from map to map.
final class ExportMapScratch {
    /// One entry: its decoded key in `bytes[keyStart..<keyEnd]`, then its text value up to
    /// `valueEnd`, or null, or `others[value]`.
    struct Entry {
        let keyStart: Int
        let keyEnd: Int
        let valueEnd: Int
        let value: Int
        let isKeyword: Bool
    }

    static let textValue = -1
    static let nullValue = -2

    // One exporter's thread uses it: no runtime exclusivity checks.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) var others: [StoreValue] = []

    func clear() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }

    /// Keys in byte order, keywords last (insertion sort: maps are small, and mostly in order already).
    func sort() {
        bytes.withUnsafeBufferPointer { bytes in
            func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
                if lhs.isKeyword != rhs.isKeyword { return rhs.isKeyword }
                return bytes[lhs.keyStart..<lhs.keyEnd].lexicographicallyPrecedes(bytes[rhs.keyStart..<rhs.keyEnd])
            }
            var index = 1
            while index < entries.count {
                let entry = entries[index]
                var slot = index
                while slot > 0 && precedes(entry, entries[slot - 1]) {
                    entries[slot] = entries[slot - 1]
                    slot -= 1
                }
                entries[slot] = entry
                index += 1
            }
        }
    }
}
