internal import CJansson
import Glibc

/// A borrowed view of one value inside a `JSONDocument`: no copy, no allocation.
///
/// A `JSONValue` is only valid while its document is alive; get it from
/// `JSONDocument.withRoot(_:)` and do not let it escape that closure. Strings are read
/// either as Swift `String`s or, without allocating, as their UTF-8 bytes.
///
/// For example:
///
///     try document.withRoot { root in
///         let age = root["age"]?.int64Value
///         for (key, value) in root.fields where key == "name" { print(value.stringValue ?? "") }
///     }
public struct JSONValue {
    /// The jansson value; owned by the document.
    let raw: UnsafeMutablePointer<json_t>

    init(_ raw: UnsafeMutablePointer<json_t>) {
        self.raw = raw
    }

    /// What kind of value this is.
    public var kind: JSONKind {
        switch raw.pointee.type {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER: .integer
        case JSON_REAL: .real
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { raw.pointee.type == JSON_NULL }

    /// The value of `true` or `false`; nil for other kinds.
    public var boolValue: Bool? {
        switch raw.pointee.type {
        case JSON_TRUE: true
        case JSON_FALSE: false
        default: nil
        }
    }

    /// The value of an integer literal; nil for other kinds (reals included).
    public var int64Value: Int64? {
        raw.pointee.type == JSON_INTEGER ? Int64(json_integer_value(raw)) : nil
    }

    /// The value of a real literal; nil for other kinds (integers included).
    public var realValue: Double? {
        raw.pointee.type == JSON_REAL ? json_real_value(raw) : nil
    }

    /// Any number as a Double (integers may round); nil for other kinds.
    public var doubleValue: Double? {
        switch raw.pointee.type {
        case JSON_INTEGER: Double(json_integer_value(raw))
        case JSON_REAL: json_real_value(raw)
        default: nil
        }
    }

    /// The UTF-8 bytes of a string (valid UTF-8, may hold NUL), borrowed from the document.
    public var utf8: UnsafeBufferPointer<UInt8>? {
        guard raw.pointee.type == JSON_STRING, let text = json_string_value(raw) else { return nil }
        let count = json_string_length(raw)
        return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A string as a Swift `String` (allocates); nil for other kinds.
    public var stringValue: String? {
        utf8.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The NUL-terminated text of a string, for C parsers (strtod); nil for other kinds.
    var cString: UnsafePointer<CChar>? {
        raw.pointee.type == JSON_STRING ? json_string_value(raw) : nil
    }

    /// The number of elements of an array or fields of an object; 0 for other kinds.
    public var count: Int {
        switch raw.pointee.type {
        case JSON_ARRAY: json_array_size(raw)
        case JSON_OBJECT: json_object_size(raw)
        default: 0
        }
    }

    /// The element at `index` of an array; nil when out of bounds or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard index >= 0, let element = json_array_get(raw, index) else { return nil }
        return JSONValue(element)
    }

    /// The elements of an array in order (empty for other kinds).
    public var elements: JSONArrayElements { JSONArrayElements(array: self) }

    /// The value as compact JSON text (allocates; for messages).
    public var jsonText: String {
        guard let text = json_dumps(raw, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { return "" }
        defer { JanssonAllocator.free(text) }
        return String(cString: text)
    }
}

/// The elements of a JSON array, as a random-access collection of borrowed values.
public struct JSONArrayElements: RandomAccessCollection {
    let array: JSONValue

    public var startIndex: Int { 0 }
    public var endIndex: Int { array.raw.pointee.type == JSON_ARRAY ? json_array_size(array.raw) : 0 }

    public subscript(position: Int) -> JSONValue {
        JSONValue(json_array_get(array.raw, position)!)
    }
}
