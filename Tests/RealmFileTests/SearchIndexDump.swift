@testable import RealmFile

/// A search index read back from a file as what a lookup sees: every path of 4-byte keys from the
/// root to an object key or a list of object keys, in key order, whatever the node splits. Two
/// indexes with the same dump find the same objects for every value.
enum SearchIndexDump {
    /// The dump of the index over property `property` of table `tableName`, or nil without one.
    static func dump(_ file: RealmFile, table tableName: String, property: String) throws -> [String]? {
        guard let table = file.group.tables.first(where: { $0.name == tableName }),
              let column = table.columns.first(where: { $0.name == property }) else { return nil }
        let reader = file.makeReader()
        let top = try reader.node(Int64(table.ref), from: 0)
        guard top.count > 4, top.isRef(4) else { return nil }
        let indexes = try reader.node(top.int(4), from: top.slotOffset(4))
        let leaf = Int(column.key & 0xffff)
        guard leaf < indexes.count, indexes.isRef(leaf) else { return nil }
        var lines: [String] = []
        try walk(reader, indexes.int(leaf), path: [], into: &lines)
        return lines
    }

    /// Whether `flags` marks a node of the index (a list of object keys has no context flag).
    private static func walk(_ reader: NodeReader, _ ref: Int64, path: [String], into lines: inout [String]) throws {
        let node = try reader.node(ref, from: 0)
        let keys = try reader.node(node.int(0), from: node.slotOffset(0))
        for index in 0..<keys.count {
            let slot = node.int(index + 1)
            if node.isInner {
                // An inner node keys each child by its last key: the child's keys are the path.
                try walk(reader, slot, path: path, into: &lines)
                continue
            }
            let step = path + [keyText(keys.int(index))]
            if slot & 1 == 1 {
                lines.append("\(step.joined(separator: " ")) -> \(slot >> 1)")
            } else {
                let child = try reader.node(slot, from: node.slotOffset(index + 1))
                if child.context {
                    try walk(reader, slot, path: step, into: &lines)
                } else {
                    lines.append("\(step.joined(separator: " ")) -> \(try listKeys(reader, child))")
                }
            }
        }
    }

    /// The object keys of a list (an integer B+tree).
    private static func listKeys(_ reader: NodeReader, _ node: Node) throws -> [Int64] {
        guard node.isInner else { return node.ints() }
        var keys: [Int64] = []
        for index in 1..<(node.count - 1) {
            keys += try listKeys(reader, reader.node(node.int(index), from: node.slotOffset(index)))
        }
        return keys
    }

    /// A key as its four bytes (printable ones as characters), most significant first.
    private static func keyText(_ key: Int64) -> String {
        let raw = UInt32(truncatingIfNeeded: key)
        return (0..<4).map { index in
            let byte = UInt8(truncatingIfNeeded: raw >> UInt32(24 - 8 * index))
            return byte >= 0x21 && byte < 0x7f ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        }.joined()
    }
}
