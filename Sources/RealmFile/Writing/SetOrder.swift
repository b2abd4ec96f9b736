#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order in which realm-core keeps a set's elements (docs/realm-file.md, "Writing"): null
/// first; numbers by value (NaN before every number); strings and binaries by unsigned bytes, a
/// prefix first; dates by seconds then nanoseconds; objectIds and UUIDs by bytes; links by key.
enum SetOrder {
    /// `elements` sorted; throws for a repeated element or an element type whose order is not
    /// reproduced (mixed, decimal128).
    static func sorted(_ elements: [RealmValue], kind: LeafKind) throws(RealmFileError) -> [RealmValue] {
        switch kind {
        case .mixed: throw RealmFileError(.unsupported, RealmWriterMessages.unsortableSet("mixed"))
        case .decimal: throw RealmFileError(.unsupported, RealmWriterMessages.unsortableSet("decimal128"))
        default: break
        }
        let result = elements.sorted(by: less)
        for index in result.indices.dropFirst() where !less(result[index - 1], result[index]) {
            throw RealmFileError(.badValue, RealmWriterMessages.duplicateSetElement(result[index]))
        }
        return result
    }

    static func less(_ lhs: RealmValue, _ rhs: RealmValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return false
        case (.null, _): return true
        case (_, .null): return false
        case (.int(let a), .int(let b)): return a < b
        case (.bool(let a), .bool(let b)): return !a && b
        case (.float(let a), .float(let b)): return a.isNaN ? !b.isNaN : (!b.isNaN && a < b)
        case (.double(let a), .double(let b)): return a.isNaN ? !b.isNaN : (!b.isNaN && a < b)
        case (.string(let a), .string(let b)): return compareUTF8(a, b) < 0
        case (.data(let a), .data(let b)), (.objectId(let a), .objectId(let b)), (.uuid(let a), .uuid(let b)):
            return a.lexicographicallyPrecedes(b)
        case (.timestamp(let s1, let n1), .timestamp(let s2, let n2)): return (s1, n1) < (s2, n2)
        case (.link(let a), .link(let b)): return a.objectKey < b.objectKey
        default: return false
        }
    }

    /// -1, 0 or 1 as `lhs`'s UTF-8 bytes sort before, equal or after `rhs`'s (unsigned bytes, a
    /// prefix first): a memcmp of the strings' own storage when they have it.
    static func compareUTF8(_ lhs: String, _ rhs: String) -> Int {
        let result = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
                let common = min(left.count, right.count)
                if common > 0 {
                    let order = memcmp(left.baseAddress!, right.baseAddress!, common)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
                return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
            }
        }
        if let result, let result { return result }
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }
}
