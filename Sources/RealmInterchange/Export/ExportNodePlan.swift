import RealmEngine
import RealmSchema

/// An export reader's node (`ExportNode`) prepared once per class written, so that writing an
/// object copies no enum payloads, retains nothing per field and looks nothing up by name:
/// each field is a plain `Step` (what to read, from which columns, its key's bytes in one
/// shared buffer), and nested nodes and collections sit in arrays the steps index.
///
/// For example:
///
///     let plan = ExportNodePlan(try store.exportReader("Person") { _, _ in true }, plans: plans)
///     plan.steps[0].kind    // .column: Person's `_id`
final class ExportNodePlan {
    /// How a field is read (`ExportField`'s cases, without their payloads).
    enum Kind: UInt8 {
        case skipped, column, mixed, primaryKeyLink, embedded, embeddedList, collection, perObject
    }

    /// One field of the node's objects.
    struct Step {
        let kind: Kind
        /// How the column read is written (the key column's for a link to a primary key).
        let columnKind: ExportColumnKind
        /// The value (or link) column.
        let column: Int32
        /// The linked primary key's column (`.primaryKeyLink`).
        let keyColumn: Int32
        /// The index into `children` (`.embedded`, `.embeddedList`) or `collections`.
        let child: Int
        /// The key's quoted text in `keyBytes`.
        let keyStart: Int
        let keyEnd: Int
    }

    let node: ExportNode
    let rows: ExportRows
    /// The class's plan (property names and types, for errors and less common values).
    let classPlan: ExportClassPlan
    let steps: [Step]
    /// Every field's quoted key, one after the other.
    let keyBytes: [UInt8]
    let children: [ExportNodePlan]
    let collections: [ExportCollectionPlan]

    /// - Throws: for a class the store names that the schema does not know.
    init(_ node: ExportNode, plans: [String: ExportClassPlan]) throws {
        guard let classPlan = plans[node.className] else {
            throw ExportError(ExportMessages.unknownStoredClass(node.className))
        }
        self.node = node
        self.rows = node.rows
        self.classPlan = classPlan
        var steps: [Step] = []
        var keyBytes: [UInt8] = []
        var children: [ExportNodePlan] = []
        var collections: [ExportCollectionPlan] = []
        for (index, field) in node.fields.enumerated() {
            let keyStart = keyBytes.count
            if index < classPlan.keys.count { keyBytes += classPlan.keys[index] }
            func step(_ kind: Kind, _ columnKind: ExportColumnKind = .other, column: Int32 = -1, keyColumn: Int32 = -1,
                      child: Int = -1) -> Step {
                Step(kind: kind, columnKind: columnKind, column: column, keyColumn: keyColumn, child: child,
                     keyStart: keyStart, keyEnd: keyBytes.count)
            }
            switch field {
            case .skipped:
                steps.append(step(.skipped))
            case .value(let column, let base):
                steps.append(step(.column, ExportColumnKind(base), column: column))
            case .mixed(let column):
                steps.append(step(.mixed, column: column))
            case .primaryKeyLink(let link, let key, _, let keyBase):
                steps.append(step(.primaryKeyLink, ExportColumnKind(keyBase), column: link, keyColumn: key))
            case .embedded(let child):
                children.append(try ExportNodePlan(child, plans: plans))
                steps.append(step(.embedded, child: children.count - 1))
            case .embeddedList(let child):
                children.append(try ExportNodePlan(child, plans: plans))
                steps.append(step(.embeddedList, child: children.count - 1))
            case .collection(let collection):
                collections.append(ExportCollectionPlan(collection))
                steps.append(step(.collection, child: collections.count - 1))
            case .perObject:
                steps.append(step(.perObject))
            }
        }
        self.steps = steps
        self.keyBytes = keyBytes
        self.children = children
        self.collections = collections
    }

    /// The base type a `.column` or `.primaryKeyLink` step's column is decoded as when its
    /// kind is `.other` or its bytes are not the common form.
    func decodedBase(at index: Int) -> BaseType {
        switch node.fields[index] {
        case .value(_, let base): base
        case .primaryKeyLink(_, _, _, let keyBase): keyBase
        default: classPlan.types[index].base
        }
    }
}

/// A collection cursor (`ExportCollection`) with how its values are written.
final class ExportCollectionPlan {
    let collection: ExportCollection
    let valueKind: ExportColumnKind
    let targetKeyKind: ExportColumnKind

    init(_ collection: ExportCollection) {
        self.collection = collection
        valueKind = ExportColumnKind(collection.base)
        targetKeyKind = collection.targetKeyBase.map(ExportColumnKind.init) ?? .other
    }
}

/// The base types `ExportRowWriter.writeColumn` may write straight from SQLite's column, as a
/// plain byte (a `BaseType` carries a class name: switching on it copies it); `.other` is decoded.
enum ExportColumnKind: UInt8 {
    case int, bool, double, float, string, data, objectId, date, decimal128, uuid, other

    init(_ base: BaseType) {
        self = switch base {
        case .int: .int
        case .bool: .bool
        case .double: .double
        case .float: .float
        case .string: .string
        case .data: .data
        case .objectId: .objectId
        case .date: .date
        case .decimal128: .decimal128
        case .uuid: .uuid
        default: .other
        }
    }
}
