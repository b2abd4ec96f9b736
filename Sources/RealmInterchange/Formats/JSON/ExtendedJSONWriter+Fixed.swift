import Foundation
import RealmEngine
import RealmFormats

/// Typed values written at once into the output buffer (`ExportOutput.write(reserving:_:)`):
/// number text formatted in place, and in every layout but `.pretty` (where a wrapper is one line
/// without spaces) the Extended JSON wrappers as constant bytes around it:
/// `{"$numberInt":"` + digits + `"}`, no container bookkeeping per wrapper.
/// `ExtendedJSONWriter+Values.swift` calls these; the bytes are those of its `wrapper` path.
///
/// For example:
///
///     let writer = ExtendedJSONWriter(output: .memory(), mode: .canonical)
///     try writer.int(7)    // {"$numberInt":"7"}
extension ExtendedJSONWriter {
    /// One value of at most `maximum` bytes (`ExportOutput.maximumReserved`), after its comma or
    /// line break.
    @inline(__always)
    func fixedValue(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws(ExportError) {
        try prepareForValue()
        try output.write(reserving: maximum, body)
    }

    /// Copies `text` to `at` and returns its length.
    @inline(__always)
    static func put(_ text: StaticString, at bytes: UnsafeMutablePointer<UInt8>) -> Int {
        bytes.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// `{"$numberInt":"…"}` or `{"$numberLong":"…"}`.
    func fixedCanonicalInt(_ value: Int64) throws(ExportError) {
        let isInt32 = Int64(Int32.min)...Int64(Int32.max) ~= value
        try fixedValue(16 + IntegerText.capacity + 2) { bytes in
            var count = Self.put(isInt32 ? "{\"$numberInt\":\"" : "{\"$numberLong\":\"", at: bytes)
            count += IntegerText.write(value, into: bytes + count)
            return count + Self.put("\"}", at: bytes + count)
        }
    }

    /// `{"$numberDouble":"…"}` (also `NaN`, `Infinity`, `-Infinity`).
    func fixedNumberDouble(_ value: Double) throws(ExportError) {
        try fixedValue(18 + DoubleText.capacity + 2) { bytes in
            var count = Self.put("{\"$numberDouble\":\"", at: bytes)
            count += value.isFinite ? DoubleText.write(value, into: bytes + count)
                : Self.put(ExportNumberText.nonFinite(value), at: bytes + count)
            return count + Self.put("\"}", at: bytes + count)
        }
    }

    /// `{"$date":{"$numberLong":"<milliseconds>"}}`.
    func fixedDate(milliseconds: Int64) throws(ExportError) {
        try fixedValue(25 + IntegerText.capacity + 3) { bytes in
            var count = Self.put("{\"$date\":{\"$numberLong\":\"", at: bytes)
            count += IntegerText.write(milliseconds, into: bytes + count)
            return count + Self.put("\"}}", at: bytes + count)
        }
    }

    /// `{"$date":"<ISO-8601>"}`.
    func fixedDate(iso: ISO8601Timestamp) throws(ExportError) {
        try fixedValue(10 + ISO8601Timestamp.maximumTextCount + 2) { bytes in
            var count = Self.put("{\"$date\":\"", at: bytes)
            count += iso.write(into: bytes + count)
            return count + Self.put("\"}", at: bytes + count)
        }
    }

    /// `{"$oid":"<24 hex digits>"}`.
    func fixedObjectId(_ value: ObjectId) throws(ExportError) {
        try fixedValue(9 + 24 + 2) { bytes in
            var count = Self.put("{\"$oid\":\"", at: bytes)
            count += value.withUnsafeBytes { HexText.write($0, into: bytes + count) }
            return count + Self.put("\"}", at: bytes + count)
        }
    }

    /// `{"$uuid":"<8-4-4-4-12 hex digits>"}` from a UUID's 16 bytes.
    func fixedUUID(_ uuid: UnsafeRawBufferPointer) throws(ExportError) {
        try fixedValue(10 + 36 + 2) { bytes in
            var count = Self.put("{\"$uuid\":\"", at: bytes)
            count += HexText.write(uuid, uuidHyphens: true, into: bytes + count)
            return count + Self.put("\"}", at: bytes + count)
        }
    }

    /// `{"$binary":{"base64":"…","subType":"<subType>"}}`, the base64 text in chunks written in place.
    func fixedBinary(_ data: UnsafeRawBufferPointer, subType: UInt8) throws(ExportError) {
        try prepareForValue()
        try output.write("{\"$binary\":{\"base64\":\"")
        let chunk = 48    // 64 symbols
        var start = 0
        while start < data.count {
            let end = min(start + chunk, data.count)
            let part = UnsafeBufferPointer(rebasing: data.bindMemory(to: UInt8.self)[start..<end])
            try output.write(reserving: 64) { bytes in
                var count = 0
                Base64.encode(part) { (symbol: UInt8) -> Void in
                    bytes[count] = symbol
                    count += 1
                }
                return count
            }
            start = end
        }
        try output.write("\",\"subType\":\"")
        try writeSubType(subType)
        try output.write("\"}}")
    }

    /// A binary subtype as two lowercase hex digits (`09`).
    func writeSubType(_ subType: UInt8) throws(ExportError) {
        let digits: StaticString = "0123456789abcdef"
        try output.write(digits.utf8Start[Int(subType >> 4)])
        try output.write(digits.utf8Start[Int(subType & 0x0F)])
    }

    /// `{"$numberDecimal":"…"}`.
    func fixedDecimal128(_ value: Decimal128) throws(ExportError) {
        try prepareForValue()
        try output.write("{\"$numberDecimal\":\"")
        try value.withText { (text) throws(ExportError) in try output.write(text) }
        try output.write("\"}")
    }
}
