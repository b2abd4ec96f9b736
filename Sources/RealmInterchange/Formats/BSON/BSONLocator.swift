/// Finds an element inside a BSON document's bytes by field path, for diagnostics: the
/// importer's problems are found on the tree, and placed in the input afterwards, on the error
/// path only (as `JSONLocator` does for JSON text).
///
/// For example:
///
///     BSONLocator.offset(of: ["dogs", 0, "age"], in: bytes)   // the "age" element's type byte
enum BSONLocator {
    /// The offset in `bytes` (one document) of the deepest element on `path`: the element the
    /// path names, or the last one it reaches (a path may go on inside an Extended JSON
    /// wrapper the document does not have). Nil when not even the first step is found.
    static func offset(of path: JSONPath, in bytes: [UInt8]) -> Int? {
        element(on: path, in: bytes)?.offset
    }

    /// An element of a document: where it starts (its type byte), its type, where its value
    /// starts, and how many steps of the path given to `element(on:in:)` lead to it.
    struct Element {
        var offset: Int
        var type: UInt8
        var value: Int
        var depth: Int
    }

    /// The deepest element on `path` in `bytes` (one document), as `offset(of:in:)` finds it;
    /// the steps after `depth` are inside an Extended JSON wrapper the document does not have
    /// (`$binary`, `subType`).
    static func element(on path: JSONPath, in bytes: [UInt8]) -> Element? {
        var documentStart = 0
        var found: Element?
        for (depth, component) in path.components.enumerated() {
            guard let (element, value, type) = find(component, inDocumentAt: documentStart, of: bytes) else { break }
            found = Element(offset: element, type: type, value: value, depth: depth + 1)
            guard type == 0x03 || type == 0x04 else { break }
            documentStart = value
        }
        return found
    }

    /// The element named `component` in the document at `start`: its offset, its value's
    /// offset and its type.
    private static func find(_ component: JSONPath.Component, inDocumentAt start: Int,
                             of bytes: [UInt8]) -> (Int, Int, UInt8)? {
        guard start + 5 <= bytes.count else { return nil }
        let end = min(bytes.count, start + int32(bytes, start))
        let wanted = Array(component.objectKey.utf8)
        var position = start + 4
        while position < end, bytes[position] != 0 {
            let type = bytes[position]
            guard let nul = bytes[(position + 1)..<end].firstIndex(of: 0) else { return nil }
            let value = nul + 1
            if bytes[(position + 1)..<nul].elementsEqual(wanted) { return (position, value, type) }
            guard let size = size(of: type, at: value, in: bytes), size >= 0 else { return nil }
            position = value + size
        }
        return nil
    }

    /// The length of a value of `type` at `offset`; nil for a type the reader rejects anyway.
    private static func size(of type: UInt8, at offset: Int, in bytes: [UInt8]) -> Int? {
        switch type {
        case 0x01, 0x09, 0x12: return 8
        case 0x02: return offset + 4 <= bytes.count ? 4 + int32(bytes, offset) : nil
        case 0x03, 0x04: return offset + 4 <= bytes.count ? int32(bytes, offset) : nil
        case 0x05: return offset + 4 <= bytes.count ? 5 + int32(bytes, offset) : nil
        case 0x07: return 12
        case 0x08: return 1
        case 0x0A: return 0
        case 0x10: return 4
        case 0x13: return 16
        default: return nil
        }
    }

    private static func int32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }))
    }
}
