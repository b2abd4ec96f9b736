internal import CJansson
import RealmEngine
import RealmFormats

/// The jansson values of the Extended JSON wrappers the strict decoders read, built straight
/// from binary values with no text in between: the one home of these leaves for the readers
/// that make trees from a binary format (BSON's `BSONTreeBuilder`, the Realm file reader's
/// `RealmTreeBuilder`). Text is written into jansson's string from a stack buffer.
///
/// For example:
///
///     ExtendedJSONTree.date(milliseconds: 1500)    // {"$date": {"$numberLong": "1500"}}
enum ExtendedJSONTree {
    /// `{"$oid": "<24 hex digits>"}` for 12 bytes.
    static func objectId(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<json_t> {
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = HexText.write(bytes, into: buffer.baseAddress!)
            return text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        return wrapper("$oid", digits)
    }

    /// `{"$uuid": "<8-4-4-4-12 hex digits>"}` for 16 bytes.
    static func uuid(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<json_t> {
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            let count = HexText.write(bytes, uuidHyphens: true, into: buffer.baseAddress!)
            return text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        return wrapper("$uuid", digits)
    }

    /// `{"$date": {"$numberLong": "<milliseconds>"}}`.
    static func date(milliseconds: Int64) -> UnsafeMutablePointer<json_t> {
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerText.capacity) { buffer in
            let count = IntegerText.write(milliseconds, into: buffer.baseAddress!)
            return text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        return wrapper("$date", wrapper("$numberLong", digits))
    }

    /// `{"$date": "<ISO-8601>"}`, with as many fraction digits as the nanoseconds need.
    static func date(iso: ISO8601Timestamp) -> UnsafeMutablePointer<json_t> {
        let value = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Timestamp.maximumTextCount) { buffer in
            text(UnsafeBufferPointer(start: buffer.baseAddress!, count: iso.write(into: buffer.baseAddress!)))
        }
        return wrapper("$date", value)
    }

    /// `{"$numberDecimal": "…"}` (libbson's text) of a decimal128's two halves.
    static func decimal128(low: UInt64, high: UInt64) -> UnsafeMutablePointer<json_t> {
        wrapper("$numberDecimal", Decimal128(high: high, low: low).withText { text($0) })
    }

    /// `{"$binary": {"base64": …, "subType": "hh"}}` of `payload`.
    static func binary(_ payload: UnsafeRawBufferPointer, subType: UInt8) -> UnsafeMutablePointer<json_t> {
        let base64 = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, Base64.encodedCount(of: payload.count))) { buffer in
            var count = 0
            Base64.encode(payload) { symbol in
                buffer[count] = symbol
                count += 1
            }
            return text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { buffer in
            let count = withUnsafeBytes(of: subType) { HexText.write($0, into: buffer.baseAddress!) }
            return text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        let inner = json_object()!
        json_object_setn_new_nocheck(inner, "base64", 6, base64)
        json_object_setn_new_nocheck(inner, "subType", 7, digits)
        return wrapper("$binary", inner)
    }

    /// A real, or `{"$numberDouble": "NaN"}` (or ±Infinity), which JSON has no literal for.
    static func double(_ value: Double) -> UnsafeMutablePointer<json_t> {
        if value.isFinite { return json_real(value)! }
        let name: StaticString = value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
        return wrapper("$numberDouble", text(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)))
    }

    /// A string value of ASCII bytes (the caller wrote them).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<json_t> {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return json_stringn_nocheck("", 0)! }
        return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            json_stringn_nocheck($0, bytes.count)!
        }
    }

    /// `{keyword: value}`.
    static func wrapper(_ keyword: StaticString, _ value: UnsafeMutablePointer<json_t>) -> UnsafeMutablePointer<json_t> {
        let object = json_object()!
        UnsafeRawPointer(keyword.utf8Start).withMemoryRebound(to: CChar.self, capacity: keyword.utf8CodeUnitCount) {
            _ = json_object_setn_new_nocheck(object, $0, keyword.utf8CodeUnitCount, value)
        }
        return object
    }
}
