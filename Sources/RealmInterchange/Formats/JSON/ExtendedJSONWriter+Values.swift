import Foundation
import RealmEngine
import RealmFormats
import RealmSchema

/// Typed values in Extended JSON v2, relaxed or canonical, exactly as `ExtendedJSON` reads them
/// back: 64-bit integers as digits, doubles and floats in their shortest round-trip form,
/// dates with nanoseconds, Decimal128 with every digit.
extension ExtendedJSONWriter {
    /// Relaxed: digits. Canonical: `{"$numberInt": "…"}` within 32 bits, else `$numberLong`.
    public func int(_ value: Int64) throws(ExportError) {
        guard mode == .canonical else {
            return try fixedValue(IntegerText.capacity) { IntegerText.write(value, into: $0) }
        }
        if fixedWrappers { return try fixedCanonicalInt(value) }
        try wrapper(Int64(Int32.min)...Int64(Int32.max) ~= value ? "$numberInt" : "$numberLong") { () throws(ExportError) in
            try prepareForValue()
            try output.write(UInt8(ascii: "\""))
            try writeDigits(value)
            try output.write(UInt8(ascii: "\""))
        }
    }

    /// Relaxed: a JSON number for finite values (`2.0` stays a real literal), else
    /// `$numberDouble`. Canonical: always `{"$numberDouble": "…"}`.
    public func double(_ value: Double) throws(ExportError) {
        if mode == .relaxed && value.isFinite {
            return try fixedValue(DoubleText.capacity) { DoubleText.write(value, into: $0) }
        }
        if fixedWrappers { return try fixedNumberDouble(value) }
        try ExportNumberText.withDouble(value) { (text) throws(ExportError) in
            if mode == .relaxed && value.isFinite {
                try prepareForValue()
                try output.write(text)
            } else {
                try wrapper("$numberDouble") { () throws(ExportError) in try quotedASCII(text) }
            }
        }
    }

    /// A float in its own shortest form (`0.1`, not `0.10000000149011612`) that reads back to the
    /// same float; otherwise as `double(_:)`.
    public func float(_ value: Float) throws(ExportError) {
        if value.isFinite && (mode == .relaxed || fixedWrappers) {
            // A short decimal without a `String` (`FloatText`).
            let written = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DoubleText.capacity) { (buffer) throws(ExportError) -> Bool in
                guard let count = FloatText.write(value, into: buffer.baseAddress!) else { return false }
                try prepareForValue()
                if mode == .canonical { try output.write("{\"$numberDouble\":\"") }
                try output.write(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
                if mode == .canonical { try output.write("\"}") }
                return true
            }
            if written { return }
        }
        try real(ExportNumberText.float(value), isFinite: value.isFinite)
    }

    private func real(_ text: String, isFinite: Bool) throws(ExportError) {
        if mode == .relaxed && isFinite {
            try number(text)
        } else {
            try wrapper("$numberDouble") { () throws(ExportError) in try quotedASCII(text) }
        }
    }

    /// `{"$numberDecimal": "…"}` with libbson's string form (every coefficient digit).
    public func decimal128(_ value: Decimal128) throws(ExportError) {
        if fixedWrappers { return try fixedDecimal128(value) }
        try wrapper("$numberDecimal") { () throws(ExportError) in
            try value.withText { (text) throws(ExportError) in try quotedASCII(text) }
        }
    }

    /// `{"$oid": "<24 lowercase hex digits>"}`.
    public func objectId(_ value: ObjectId) throws(ExportError) {
        if fixedWrappers { return try fixedObjectId(value) }
        try wrapper("$oid") { () throws(ExportError) in
            try quotedHex { digits in value.withUnsafeBytes { HexText.write($0, into: digits) } }
        }
    }

    /// Relaxed: `{"$uuid": "…"}` (lowercase). Canonical: `$binary` with subtype 04.
    public func uuid(_ value: UUID) throws(ExportError) {
        if fixedWrappers {
            var failure: ExportError?
            withUnsafeBytes(of: value.uuid) { bytes in
                do throws(ExportError) { try uuid(bytes: bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        guard mode == .canonical else {
            try wrapper("$uuid") { () throws(ExportError) in
                try quotedHex { digits in withUnsafeBytes(of: value.uuid) { HexText.write($0, uuidHyphens: true, into: digits) } }
            }
            return
        }
        let bytes = withUnsafeBytes(of: value.uuid) { Array($0) }
        try binary(bytes, subType: 4)
    }

    /// `{"$binary": {"base64": "…", "subType": "00"}}`, or the subtype `binarySubtype` says.
    public func data(_ value: Data) throws(ExportError) {
        if fixedWrappers {
            var failure: ExportError?
            value.withUnsafeBytes { bytes in
                do throws(ExportError) { try fixedBinary(bytes, subType: binarySubtype) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        try binary(value, subType: binarySubtype)
    }

    /// `data(_:)` of bytes that stay valid during the call (a column's), without a `Data`.
    func data(bytes: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        if fixedWrappers { return try fixedBinary(UnsafeRawBufferPointer(bytes), subType: binarySubtype) }
        try binary(bytes, subType: binarySubtype)
    }

    /// `uuid(_:)` of a UUID's 16 bytes (a column's).
    func uuid(bytes: UnsafeRawBufferPointer) throws(ExportError) {
        guard fixedWrappers else { return try uuid(UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))) }
        if mode == .canonical { return try fixedBinary(bytes, subType: 4) }
        try fixedUUID(bytes)
    }

    private func binary(_ bytes: some Collection<UInt8>, subType: UInt8) throws(ExportError) {
        try wrapper("$binary") { () throws(ExportError) in
            try beginObject()
            try key("base64" as StaticString)
            try prepareForValue()
            try output.write(UInt8(ascii: "\""))
            try Base64.encode(bytes) { (symbol) throws(ExportError) in try output.write(symbol) }
            try output.write(UInt8(ascii: "\""))
            try key("subType" as StaticString)
            try prepareForValue()
            try output.write(UInt8(ascii: "\""))
            try writeSubType(subType)
            try output.write(UInt8(ascii: "\""))
            try endObject()
        }
    }

    /// A date with its nanoseconds. Relaxed: `{"$date": "<ISO-8601>"}` for the years
    /// 0000-9999, with as many fraction digits as needed. Canonical: `{"$date": {"$numberLong":
    /// "<ms>"}}` when the date is a whole millisecond, else the ISO text (which MongoDB's
    /// parsers accept too), so no nanosecond is lost.
    ///
    /// - Throws: for a date outside 0000-9999 that is not a whole millisecond.
    public func date(_ value: Timestamp) throws(ExportError) {
        let milliseconds = ExportDateText.milliseconds(value)
        let iso = ExportDateText.iso(value)
        if fixedWrappers {
            if let milliseconds, mode == .canonical || iso == nil { return try fixedDate(milliseconds: milliseconds) }
            if let iso { return try fixedDate(iso: iso) }
        }
        if let milliseconds, mode == .canonical || iso == nil {
            try wrapper("$date") { () throws(ExportError) in
                try wrapper("$numberLong") { () throws(ExportError) in
                    try prepareForValue()
                    try output.write(UInt8(ascii: "\""))
                    try writeDigits(milliseconds)
                    try output.write(UInt8(ascii: "\""))
                }
            }
        } else if let iso {
            try wrapper("$date") { () throws(ExportError) in
                try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Timestamp.maximumTextCount) { (buffer) throws(ExportError) in
                    let count = iso.write(into: buffer.baseAddress!)
                    try quotedASCII(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
                }
            }
        } else {
            throw ExportError(ExportMessages.dateOutOfRange(value.description))
        }
    }

    /// `{"<keyword>": <body>}`.
    func wrapper(_ keyword: StaticString, _ body: () throws(ExportError) -> Void) throws(ExportError) {
        try inline { () throws(ExportError) in
            try beginObject()
            try key(keyword)
            try body()
            try endObject()
        }
    }

    /// An ASCII string that needs no escaping, as a value.
    private func quotedASCII(_ text: String) throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "\""))
        try output.write(utf8: text)
        try output.write(UInt8(ascii: "\""))
    }

    /// ASCII bytes that need no escaping, as a string value.
    private func quotedASCII(_ text: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "\""))
        try output.write(text)
        try output.write(UInt8(ascii: "\""))
    }

    /// Hex digits (an ObjectId's; a UUID's with its hyphens) that `digits` writes into a 40-byte
    /// buffer, returning their count, as a string value.
    private func quotedHex(_ digits: (UnsafeMutablePointer<UInt8>) -> Int) throws(ExportError) {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { (buffer) throws(ExportError) in
            let count = digits(buffer.baseAddress!)
            try quotedASCII(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
    }

    /// The decimal digits of an integer, straight into the output buffer.
    private func writeDigits(_ value: Int64) throws(ExportError) {
        try output.write(reserving: IntegerText.capacity) { IntegerText.write(value, into: $0) }
    }
}
