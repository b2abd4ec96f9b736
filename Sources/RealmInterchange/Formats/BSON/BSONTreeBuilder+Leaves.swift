internal import CJansson
import RealmEngine
import RealmFormats

/// The leaves of a BSON tree that JSON has no literal for, as the Extended JSON wrappers the
/// strict decoders read (`ExtendedJSONTree`, their one home), straight from the bytes.
///
/// For example, the 8 bytes of date 0x09 holding 1500 become:
///
///     {"$date": {"$numberLong": "1500"}}
extension BSONTreeBuilder {
    /// `{"$oid": "<24 hex digits>"}` for the 12 bytes at `offset`.
    func objectId(at offset: Int) -> UnsafeMutablePointer<json_t> {
        ExtendedJSONTree.objectId(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 12)]))
    }

    /// `{"$date": {"$numberLong": "<milliseconds>"}}` for the int64 at `offset`.
    func date(at offset: Int) -> UnsafeMutablePointer<json_t> {
        ExtendedJSONTree.date(milliseconds: int64(at: offset))
    }

    /// `{"$numberDecimal": "…"}` (libbson's text) for the 16 bytes at `offset`: the low half,
    /// then the high half, each little-endian.
    func decimal128(at offset: Int) -> UnsafeMutablePointer<json_t> {
        let low = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        return ExtendedJSONTree.decimal128(low: low, high: high)
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
        return ExtendedJSONTree.binary(UnsafeRawBufferPointer(rebasing: bytes[payload]), subType: subType)
    }

    /// A real, or `{"$numberDouble": "NaN"}` (or ±Infinity), which JSON has no literal for.
    static func double(_ value: Double) -> UnsafeMutablePointer<json_t> {
        ExtendedJSONTree.double(value)
    }
}
