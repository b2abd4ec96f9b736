import RealmSchema

/// How the columns of a CSV or TSV input map onto a class (docs/csv.md): each header names a
/// property, a dotted header (`loc.x`) a property of an embedded object; a header that names
/// nothing becomes an unknown key, which the importer warns about (or rejects).
struct CSVColumns {
    /// How a cell becomes JSON.
    enum Encoding {
        /// A scalar of this type, from its text form.
        case scalar(BaseType)
        /// Base64 bytes for a `data` property that keeps this binary subtype (`subtype: 9`).
        case binary(subtype: UInt8)
        /// JSON text, given as is (lists, sets, maps, mixed values, embedded objects, links to
        /// objects without a primary key); the name of what it is, for messages.
        case json(String)
        /// A text for a property the class does not have.
        case unknown
    }

    /// One column.
    struct Column {
        let header: String
        /// The keys leading to its value in the row's object, joined with dots.
        var keyPath = ""
        let encoding: Encoding
        /// What an empty unquoted cell means: nothing (the key is left out: the schema default,
        /// an empty collection, an unknown key) or null.
        let emptyIsMissing: Bool
    }

    /// The object a row becomes: keys in the order of first appearance.
    final class Node {
        var keys: [String] = []
        var children: [String: Child] = [:]
        /// The children in `keys` order, made once the node is complete (one per row otherwise).
        lazy var entries: [(key: String, child: Child)] = keys.map { ($0, children[$0]!) }
    }

    enum Child {
        case column(Int)
        case object(Node)
    }

    let columns: [Column]
    let root: Node

    /// The columns `headers` give for objects of `plan`; `locations` are the header cells'
    /// (line, column), for errors.
    init(headers: [String], plan: ImportClassPlan, locate: (Int) -> SourceError.Locator) throws(SourceError) {
        var columns: [Column] = []
        let root = Node()
        var seen: Set<String> = []
        for (index, header) in headers.enumerated() {
            guard !header.isEmpty else { throw locate(index)(CSVMessages.emptyColumnName(index + 1)) }
            guard seen.insert(header).inserted else { throw locate(index)(CSVMessages.duplicateColumn(header)) }
            var node = root
            var current: ImportClassPlan? = plan
            var parts = header.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var prefix: [String] = []
            var column: Column?
            while column == nil {
                let part = parts.removeFirst()
                guard let owner = current, let position = owner.positions[part] else {
                    // Not a property: the rest of the header is one unknown key.
                    let key = ([part] + parts).joined(separator: ".")
                    column = Column(header: header, encoding: .unknown, emptyIsMissing: true)
                    parts = [key]
                    break
                }
                let property = owner.properties[position]
                let embedded = property.target.flatMap { $0.isEmbedded ? $0 : nil }
                if !parts.isEmpty, property.collection == .single, let embedded {
                    let key = property.key
                    prefix.append(key)
                    switch node.children[key] {
                    case .object(let inner)?:
                        node = inner
                    case .column?:
                        throw locate(index)(CSVMessages.overlappingColumns((prefix).joined(separator: "."), header))
                    case nil:
                        let inner = Node()
                        node.keys.append(key)
                        node.children[key] = .object(inner)
                        node = inner
                    }
                    current = embedded
                    continue
                }
                if !parts.isEmpty {
                    column = Column(header: header, encoding: .unknown, emptyIsMissing: true)
                    parts = [([part] + parts).joined(separator: ".")]
                    break
                }
                parts = [property.key]
                column = Column(header: header, encoding: Self.encoding(of: property),
                                emptyIsMissing: property.collection != .single
                                    || (!property.isOptional && property.schema.defaultValue != nil))
            }
            let key = parts[0]
            if node.children[key] != nil {
                throw locate(index)(CSVMessages.overlappingColumns((prefix + [key]).joined(separator: "."), header))
            }
            node.keys.append(key)
            node.children[key] = .column(columns.count)
            column!.keyPath = (prefix + [key]).joined(separator: ".")
            columns.append(column!)
        }
        self.columns = columns
        self.root = root
    }

    private static func encoding(of property: ImportProperty) -> Encoding {
        switch property.collection {
        case .list: return .json("list")
        case .set: return .json("set")
        case .map: return .json("map")
        case .single: break
        }
        if property.isMixed { return .json("mixed value") }
        if let subtype = property.binarySubtype { return .binary(subtype: subtype) }
        guard let target = property.target else { return .scalar(property.base) }
        if target.isEmbedded { return .json("embedded object") }
        // A link by its target's primary key value.
        return target.primaryKey.map { .scalar($0.base) } ?? .json("link")
    }
}

extension SourceError {
    /// Makes the error for a message at one place.
    typealias Locator = (String) -> SourceError
}
