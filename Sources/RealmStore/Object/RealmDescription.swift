import Foundation

/// A value Realm describes to a limited depth: objects and collections, whose elements may be
/// objects that lead back to them.
protocol DepthDescribable {
    /// The description, with nested objects and collections `depth - 1` levels deep at most.
    func _rlmDescription(depth: Int) -> String
}

/// Realm's descriptions of objects and collections: nested objects indented by a tab per level,
/// to 5 levels (then `<Maximum depth exceeded>`, so that an object graph with a cycle prints),
/// collections with their address and at most 100 elements.
///
/// For example:
///
///     Dog {
///         name = Rex;
///         owners = List<Person> <0x5612c0a0> (
///             [0] Person {
///                 name = Ann;
///             }
///         );
///     }
enum RealmDescription {
    static let maxDepth = 5
    static let maxElements = 100
    static let exceeded = "<Maximum depth exceeded>"
    /// The bytes of a data value shown before its length.
    static let shownBytes = 24

    /// A property value or collection element, `depth` levels left.
    static func of(_ value: Any?, depth: Int, null: String = "(null)") -> String {
        switch value {
        case nil: null
        case let nested as any DepthDescribable: nested._rlmDescription(depth: depth)
        case let collection as any RealmCollection: collection._rlmDescription(depth: depth)
        case let data as Data: "<" + data.prefix(shownBytes).map { String(format: "%02x", $0) }.joined() + " — \(data.count) total bytes>"
        case let value?: String(describing: value)
        }
    }

    /// `Class {\n\tname = value;\n}` of `values` (property name and value, in order).
    static func object(_ className: String, _ values: [(String, Any?)], depth: Int) -> String {
        guard depth > 0 else { return exceeded }
        let lines = values.map { name, value in
            "\t\(name) = \(indented(of(value, depth: depth - 1)));\n"
        }
        return "\(className) {\n" + lines.joined() + "}"
    }

    /// `List<int> <0x…> (\n\t[0] 1,\n\t[1] 2\n)`: `typeName` is the collection's type with its
    /// element type.
    static func collection(_ typeName: String, _ identity: AnyObject, _ elements: [Any?], depth: Int) -> String {
        guard depth > 0 else { return exceeded }
        let shown = elements.prefix(maxElements).enumerated().map { index, element in
            "\t[\(index)] " + indented(of(element, depth: depth - 1, null: "<null>"))
        }
        return "\(typeName) \(address(of: identity)) (\n" + shown.joined(separator: ",\n") + skipped(elements.count) + "\n)"
    }

    /// `Map<string, int> <0x…> (\n[a]: 1,\n[b]: 2\n)`.
    static func map(_ typeName: String, _ identity: AnyObject, _ entries: [(String, Any?)], depth: Int) -> String {
        guard depth > 0 else { return exceeded }
        let shown = entries.prefix(maxElements).map { key, value in
            indented("[\(key)]: " + of(value, depth: depth - 1, null: "<null>"))
        }
        return "\(typeName) \(address(of: identity)) (\n" + shown.joined(separator: ",\n") + skipped(entries.count) + "\n)"
    }

    private static func skipped(_ count: Int) -> String {
        count > maxElements ? "\n\t... \(count - maxElements) objects skipped." : ""
    }

    private static func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n\t")
    }

    private static func address(of object: AnyObject) -> String {
        "<0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16) + ">"
    }
}
