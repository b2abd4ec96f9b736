import RealmSchema

/// The type tags of mixed values, stored in a mixed column's `"<name>.type"` column, in the
/// `type` column of mixed collections and in `_realm_mixed.type`.
///
/// 0 null, 1 bool, 2 int, 3 float, 4 double, 5 string, 6 data, 7 date, 8 decimal128,
/// 9 objectId, 10 uuid, 11 list (value = node id in `_realm_mixed`), 12 dictionary (value =
/// node id), 100 + class id: a link to an object of that class (value = its `_key`).
enum MixedTag {
    static let null: Int64 = 0
    static let list: Int64 = 11
    static let dictionary: Int64 = 12
    static let linkBase: Int64 = 100

    private static let bases: [BaseType] = [
        .bool, .int(.int), .float, .double, .string, .data, .date, .decimal128, .objectId, .uuid,
    ]

    /// The tag and slot type of a scalar mixed value; nil for null, links and collections.
    static func scalar(_ value: StoreValue) -> (tag: Int64, base: BaseType)? {
        switch value {
        case .bool: (1, .bool)
        case .int: (2, .int(.int))
        case .float: (3, .float)
        case .double: (4, .double)
        case .string: (5, .string)
        case .data: (6, .data)
        case .date: (7, .date)
        case .decimal128: (8, .decimal128)
        case .objectId: (9, .objectId)
        case .uuid: (10, .uuid)
        case .null, .object, .list, .dictionary: nil
        }
    }

    /// The slot type of a scalar tag.
    static func base(of tag: Int64) -> BaseType? {
        (1...10).contains(tag) ? bases[Int(tag) - 1] : nil
    }

    static func isCollection(_ tag: Int64) -> Bool {
        tag == list || tag == dictionary
    }
}
