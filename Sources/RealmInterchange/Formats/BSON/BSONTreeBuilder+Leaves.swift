internal import CJansson
import RealmEngine
import RealmFormats

/// The leaves of a BSON tree that JSON has no literal for, as the Extended JSON wrappers the
/// strict decoders read, their text written straight from the bytes into jansson's string
/// (no `String` or array in between).
///
/// For example, the 8 bytes of date 0x09 holding 1500 become:
///
///     {"$date": {"$numberLong": "1500"}}
extension BSONTreeBuilder {
    /// `{"$oid": "<24 hex digits>"}` for the 12 bytes at `offset`.
    func objectId(at offset: Int) -> UnsafeMutablePointer<json_t> {
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = HexText.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 12)]), into: buffer.baseAddress!)
            return Self.text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        return Self.wrapper("$oid", digits)
    }

    /// `{"$date": {"$numberLong": "<milliseconds>"}}` for the int64 at `offset`.
    func date(at offset: Int) -> UnsafeMutablePointer<json_t> {
        let milliseconds = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerText.capacity) { buffer in
            let count = IntegerText.write(int64(at: offset), into: buffer.baseAddress!)
            return Self.text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        return Self.wrapper("$date", Self.wrapper("$numberLong", milliseconds))
    }

    /// `{"$numberDecimal": "…"}` (libbson's text) for the 16 bytes at `offset`: the low half,
    /// then the high half, each little-endian.
    func decimal128(at offset: Int) -> UnsafeMutablePointer<json_t> {
        let low = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        return Self.wrapper("$numberDecimal", Decimal128(high: high, low: low).withText { Self.text($0) })
    }

    /// `{"$binary": {"base64": …, "subType": "hh"}}`; subtype 2 (old binary) without its inner
    /// length, as Extended JSON carries it.
    func binary(at position: Int, valueStart: Int, length: Int) throws(Failure) -> UnsafeMutablePointer<json_t> {
        let subType = bytes[valueStart + 4]
        var payload = (valueStart + 5)..<(valueStart + 5 + length)
        if subType == 2 {
            guard length >= 4, int32(at: payload.lowerBound) == length - 4 else {
                throw failure(BSONMessages.wrongLength("binary of subtype 2", length), at: position)
            }
            payload = (payload.lowerBound + 4)..<payload.upperBound
        }
        let source = UnsafeRawBufferPointer(rebasing: bytes[payload])
        let base64 = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Base64.encodedCount(of: source.count)) { buffer in
            var count = 0
            Base64.encode(source) { symbol in
                buffer[count] = symbol
                count += 1
            }
            return Self.text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        let digits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { buffer in
            let count = withUnsafeBytes(of: subType) { HexText.write($0, into: buffer.baseAddress!) }
            return Self.text(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
        let inner = json_object()!
        json_object_setn_new_nocheck(inner, "base64", 6, base64)
        json_object_setn_new_nocheck(inner, "subType", 7, digits)
        return Self.wrapper("$binary", inner)
    }

    /// A real, or `{"$numberDouble": "NaN"}` (or ±Infinity), which JSON has no literal for.
    static func double(_ value: Double) -> UnsafeMutablePointer<json_t> {
        if value.isFinite { return json_real(value)! }
        let name: StaticString = value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
        return wrapper("$numberDouble", text(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)))
    }

    /// A string value of ASCII bytes (the caller wrote them).
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<json_t> {
        UnsafeRawPointer(bytes.baseAddress!).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            json_stringn_nocheck($0, bytes.count)!
        }
    }

    /// `{keyword: value}`.
    private static func wrapper(_ keyword: StaticString, _ value: UnsafeMutablePointer<json_t>) -> UnsafeMutablePointer<json_t> {
        let object = json_object()!
        UnsafeRawPointer(keyword.utf8Start).withMemoryRebound(to: CChar.self, capacity: keyword.utf8CodeUnitCount) {
            _ = json_object_setn_new_nocheck(object, $0, keyword.utf8CodeUnitCount, value)
        }
        return object
    }
}
