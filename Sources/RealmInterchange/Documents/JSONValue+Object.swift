internal import CJansson

extension JSONValue {
    /// The value of field `key` of an object; nil when absent or not an object.
    public subscript(key: StaticString) -> JSONValue? {
        guard raw.pointee.type == JSON_OBJECT else { return nil }
        let found = UnsafeRawPointer(key.utf8Start).withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount) {
            json_object_getn(raw, $0, key.utf8CodeUnitCount)
        }
        return found.map(JSONValue.init)
    }

    /// The value of field `key` of an object; nil when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard raw.pointee.type == JSON_OBJECT else { return nil }
        let found = key.withCString { json_object_getn(raw, $0, key.utf8.count) }
        return found.map(JSONValue.init)
    }

    /// The fields of an object in document order (empty for other kinds).
    public var fields: JSONObjectFields { JSONObjectFields(object: self) }

    /// The first field of an object (in document order), if any.
    public var firstField: (key: JSONKey, value: JSONValue)? {
        var iterator = fields.makeIterator()
        return iterator.next()
    }
}

/// The fields of a JSON object in document order (jansson keeps insertion order).
public struct JSONObjectFields: Sequence {
    let object: JSONValue

    public func makeIterator() -> Iterator {
        Iterator(object: object.raw, position: object.raw.pointee.type == JSON_OBJECT ? json_object_iter(object.raw) : nil)
    }

    /// Walks the fields with jansson's object iterator.
    public struct Iterator: IteratorProtocol {
        let object: UnsafeMutablePointer<json_t>
        var position: UnsafeMutableRawPointer?

        public mutating func next() -> (key: JSONKey, value: JSONValue)? {
            guard let current = position, let key = json_object_iter_key(current),
                  let value = json_object_iter_value(current) else { return nil }
            position = json_object_iter_next(object, current)
            return (JSONKey(key, count: json_object_iter_key_len(current)), JSONValue(value))
        }
    }
}
