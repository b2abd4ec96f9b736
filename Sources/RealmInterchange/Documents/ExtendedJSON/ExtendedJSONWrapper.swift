/// The Extended JSON v2 wrappers the importer understands: an object whose single key is the
/// keyword, e.g. `{"$oid": "…"}`.
enum ExtendedJSONWrapper: CaseIterable {
    case numberInt, numberLong, numberDouble, numberDecimal, date, objectId, uuid, binary

    var keyword: StaticString {
        switch self {
        case .numberInt: "$numberInt"
        case .numberLong: "$numberLong"
        case .numberDouble: "$numberDouble"
        case .numberDecimal: "$numberDecimal"
        case .date: "$date"
        case .objectId: "$oid"
        case .uuid: "$uuid"
        case .binary: "$binary"
        }
    }

    /// The keyword as a path step, for errors inside the wrapper.
    var pathComponent: JSONPath.Component { .key(keyword.description) }

    /// Extended JSON types this project cannot store; an object starting with one is an error
    /// rather than a dictionary.
    static let unsupportedKeywords: [StaticString] = [
        "$regularExpression", "$timestamp", "$minKey", "$maxKey", "$symbol", "$code", "$scope",
        "$dbPointer", "$undefined", "$regex", "$type",
    ]

    /// What an object starting with a `$` key is.
    enum Match {
        case wrapper(ExtendedJSONWrapper, JSONValue)
        case unsupported(String)
    }

    /// The wrapper `value` is (its first key is a keyword); nil for anything else, including
    /// objects with other `$` keys, which are plain dictionaries.
    static func match(_ value: JSONValue) -> Match? {
        guard value.kind == .object, let (key, inner) = value.firstField, key.firstByte == UInt8(ascii: "$") else {
            return nil
        }
        for wrapper in allCases where key.equals(wrapper.keyword) {
            return .wrapper(wrapper, inner)
        }
        for keyword in unsupportedKeywords where key.equals(keyword) {
            return .unsupported(keyword.description)
        }
        return nil
    }

    /// The type word a wrapper denotes in messages (`of type 'date'`).
    func typeName(inner: JSONValue) -> String {
        switch self {
        case .numberInt, .numberLong: "int"
        case .numberDouble: "double"
        case .numberDecimal: "decimal128"
        case .date: "date"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .binary: inner["subType"]?.utf8.map { $0.elementsEqual("04".utf8) } == true ? "uuid" : "data"
        }
    }
}
