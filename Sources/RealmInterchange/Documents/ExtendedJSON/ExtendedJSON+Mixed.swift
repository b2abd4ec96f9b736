import RealmEngine
import RealmSchema

/// `mixed` and dispatch by property type.
extension ExtendedJSON {
    /// How deep mixed lists and dictionaries may nest (Realm core's `s_max_level`).
    public static let maxNestingLevel = 100

    /// A mixed (`AnyRealmValue`) value: null, bool, integer literal → int, other numbers →
    /// double, string, any Extended JSON wrapper → its type (`$binary` of subtype 00 or 02 →
    /// data, 04 → uuid, others refused), array → list, other object → dictionary (keys handled
    /// per `mapKeys`).
    public static func mixed(_ value: JSONValue, mapKeys: MapKeyPolicy = .encode) throws(ExtendedJSONError) -> StoreValue {
        try mixed(value, mapKeys: mapKeys, level: 0)
    }

    private static func mixed(_ value: JSONValue, mapKeys: MapKeyPolicy, level: Int) throws(ExtendedJSONError) -> StoreValue {
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.boolValue!)
        case .integer: return .int(value.int64Value!)
        case .real: return .double(value.realValue!)
        case .string: return .string(value.stringValue!)
        case .array:
            guard level < maxNestingLevel else { throw ExtendedJSONError(.maxNestingLevel) }
            var list: [StoreValue] = []
            list.reserveCapacity(value.count)
            for (index, element) in value.elements.enumerated() {
                do {
                    list.append(try mixed(element, mapKeys: mapKeys, level: level + 1))
                } catch {
                    throw error.inside(.index(index))
                }
            }
            return .list(list)
        case .object:
            switch ExtendedJSONWrapper.match(value) {
            case .wrapper(let wrapper, let inner)?:
                return try wrapped(value, wrapper, inner)
            case .unsupported(let keyword)?:
                throw .invalid(value, reason: JSONMessages.unsupportedType(keyword))
            case nil:
                guard level < maxNestingLevel else { throw ExtendedJSONError(.maxNestingLevel) }
                var dictionary: [String: StoreValue] = [:]
                dictionary.reserveCapacity(value.count)
                for (key, element) in value.fields {
                    let stored: String
                    do {
                        stored = try MapKeyCoding.storedKey(key.utf8, policy: mapKeys)
                    } catch {
                        throw ExtendedJSONError(.invalidKey(error.message), path: [.key(key.string)])
                    }
                    do {
                        dictionary[stored] = try mixed(element, mapKeys: mapKeys, level: level + 1)
                    } catch {
                        throw error.inside(.key(key.string))
                    }
                }
                return .dictionary(dictionary)
            }
        }
    }

    /// The typed value of a wrapper inside a mixed value.
    private static func wrapped(_ value: JSONValue, _ wrapper: ExtendedJSONWrapper, _ inner: JSONValue) throws(ExtendedJSONError) -> StoreValue {
        switch wrapper {
        case .numberInt, .numberLong: return .int(try wrappedInteger(value, wrapper, inner))
        case .numberDouble: return .double(try double(value))
        case .numberDecimal: return .decimal128(try decimal128(value))
        case .date: return .date(try date(value))
        case .objectId: return .objectId(try objectId(value))
        case .uuid: return .uuid(try uuid(value))
        case .binary:
            let (bytes, subType) = try binary(value, inner)
            if BinarySubtype.isGeneric(subType) { return .data(bytes) }
            if subType == 4 { return .uuid(try binaryUUID(value, inner)) }
            throw subTypeError(inner, reason: JSONMessages.mixedSubType(subType),
                               hint: subType == 3 ? JSONMessages.legacyUUIDSubType : JSONMessages.genericSubTypeHint)
        }
    }

    /// The value of a single (non-collection) property of base type `base`; links are the
    /// importer's business and must not come here.
    public static func value(_ value: JSONValue, as base: BaseType, mapKeys: MapKeyPolicy = .encode) throws(ExtendedJSONError) -> StoreValue {
        switch base {
        case .bool: .bool(try bool(value))
        case .int(let width): .int(try int(value, width: width))
        case .float: .float(try float(value))
        case .double: .double(try double(value))
        case .string: .string(try string(value))
        case .data: .data(try data(value))
        case .date: .date(try date(value))
        case .decimal128: .decimal128(try decimal128(value))
        case .objectId: .objectId(try objectId(value))
        case .uuid: .uuid(try uuid(value))
        case .mixed: try mixed(value, mapKeys: mapKeys)
        case .object, .linkingObjects: preconditionFailure("links are decoded by the importer, not as values")
        }
    }
}
