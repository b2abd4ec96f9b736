import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import Testing

/// docs/json-typing.md, section 2, rows data, date, decimal128, objectId, uuid.
@Suite struct TypedDecodingTests {
    @Test func data() throws {
        #expect(try decode(#"{"$binary": {"base64": "aGVsbG8=", "subType": "00"}}"#, ExtendedJSON.data).get()
            == Data("hello".utf8))
        #expect(try decode(#"{"$binary": {"base64": "", "subType": "0"}}"#, ExtendedJSON.data).get() == Data())
        #expect(try decode(#"{"$binary": {"base64": "/+8=", "subType": "02"}}"#, ExtendedJSON.data).get() == Data([0xFF, 0xEF]))
        let type = DeclaredType(.data)
        let plain = try decode("\"aGVsbG8=\"", ExtendedJSON.data)
        #expect(failureMessage(plain, type: type) == "Invalid value 'aGVsbG8=' of type 'string' for 'data' property 'T.p'.")
        if case .failure(let error) = plain {
            #expect(error.hint == #"wrap it: {"$binary": {"base64": "aGVsbG8=", "subType": "00"}}"#)
        }
        let bad = try decode(#"{"$binary": {"base64": "aGVsbG8", "subType": "00"}}"#, ExtendedJSON.data)
        #expect(failureMessage(bad, type: type) == "Invalid value 'aGVsbG8' of type 'string' for 'data' property 'T.p': not padded base64.")
        if case .failure(let error) = bad { #expect(error.path.description == "/$binary/base64") }
        #expect(failureMessage(try decode(#"{"$binary": {"base64": "", "subType": "xyz"}}"#, ExtendedJSON.data), type: type)
            == "Invalid value 'xyz' of type 'string' for 'data' property 'T.p': subType must be one or two hex digits.")
        #expect(failureMessage(try decode(#"{"$binary": "aGVsbG8=", "$type": "00"}"#, ExtendedJSON.data), type: type)?
            .hasSuffix("an Extended JSON $binary wrapper has exactly one key.") == true)
    }

    /// A `data` property keeps generic binary (00, and the old generic 02); any other subtype
    /// would be lost, so it is refused at the subtype, named, with a hint.
    @Test(arguments: [("01", "01 (function)"), ("03", "03 (legacy UUID)"), ("04", "04 (UUID)"), ("5", "05 (MD5)"),
                      ("06", "06 (encrypted)"), ("07", "07 (compressed column)"), ("08", "08 (sensitive)"),
                      ("09", "09 (vector)"), ("0A", "0a"), ("80", "80 (user-defined)"), ("ff", "ff (user-defined)")])
    func dataRefusesSubTypesItCannotKeep(subType: String, named: String) throws {
        let result = try decode(#"{"$binary": {"base64": "AwAAAIA/AAAAQA==", "subType": "\#(subType)"}}"#, ExtendedJSON.data)
        #expect(failureMessage(result, type: DeclaredType(.data))
            == "Invalid value '\(subType)' of type 'string' for 'data' property 'T.p': binary subtype \(named) would be lost: a 'data' property keeps generic binary, subtype 00 (or 02).")
        guard case .failure(let error) = result else { return }
        #expect(error.path.description == "/$binary/subType")
        let hint = switch subType {
        case "03": "subtype 03 is a legacy UUID whose byte order depends on the driver that wrote it; convert it to subtype 04 for a 'uuid' property"
        case "04": "a UUID (subtype 04, 16 bytes) fills a 'uuid' property"
        default: #"to store the bytes without their subtype, write "subType": "00""#
        }
        #expect(error.hint == hint)
    }

    @Test func dateISOForms() throws {
        #expect(try decode(#"{"$date": "1970-01-01T00:00:00Z"}"#, ExtendedJSON.date).get() == Timestamp(seconds: 0))
        #expect(try decode(#"{"$date": "2024-02-29T12:34:56.123456789Z"}"#, ExtendedJSON.date).get()
            == Timestamp(seconds: 1_709_210_096, nanoseconds: 123_456_789))
        #expect(try decode(#"{"$date": "2024-01-01T01:00:00+01:00"}"#, ExtendedJSON.date).get() == Timestamp(seconds: 1_704_067_200))
        #expect(try decode(#"{"$date": "2023-12-31T19:00:00.5-0500"}"#, ExtendedJSON.date).get()
            == Timestamp(seconds: 1_704_067_200, nanoseconds: 500_000_000))
        #expect(try decode(#"{"$date": "1969-12-31T23:59:58.9Z"}"#, ExtendedJSON.date).get()
            == Timestamp(seconds: -1, nanoseconds: -100_000_000))
        #expect(try decode(#"{"$date": "0001-01-01T00:00:00Z"}"#, ExtendedJSON.date).get() == Timestamp(seconds: -62_135_596_800))
    }

    @Test func dateMilliseconds() throws {
        #expect(try decode(#"{"$date": {"$numberLong": "1704067200123"}}"#, ExtendedJSON.date).get()
            == Timestamp(seconds: 1_704_067_200, nanoseconds: 123_000_000))
        #expect(try decode(#"{"$date": {"$numberLong": "-1500"}}"#, ExtendedJSON.date).get()
            == Timestamp(seconds: -1, nanoseconds: -500_000_000))
        #expect(try decode(#"{"$date": {"$numberLong": "-9223372036854775808"}}"#, ExtendedJSON.date).get().seconds
            == -9_223_372_036_854_775)
    }

    @Test func dateRejections() throws {
        let type = DeclaredType(.date)
        let plain = try decode("\"2024-01-01T00:00:00Z\"", ExtendedJSON.date)
        #expect(failureMessage(plain, type: type) == "Invalid value '2024-01-01T00:00:00Z' of type 'string' for 'date' property 'T.p'.")
        if case .failure(let error) = plain { #expect(error.hint == #"wrap it: {"$date": "2024-01-01T00:00:00Z"}"#) }
        let number = try decode("1704067200000", ExtendedJSON.date)
        if case .failure(let error) = number { #expect(error.hint == #"wrap it: {"$date": {"$numberLong": "1704067200000"}}"#) }
        let reason = "not an ISO-8601 date-time (YYYY-MM-DDTHH:MM:SS[.fraction] and Z or ±HH:MM)"
        for bad in ["2024-02-30T00:00:00Z", "2024-01-01T00:00:00", "2024-01-01T24:00:00Z", "2024-01-01T00:00:00.1234567891Z",
                    "2024-01-01 00:00:00Z", "2024-01-01T00:00Z", "2024-01-01T00:00:00.Z"] {
            let result = try decode("{\"$date\": \"\(bad)\"}", ExtendedJSON.date)
            #expect(failureMessage(result, type: type) == "Invalid value '\(bad)' of type 'string' for 'date' property 'T.p': \(reason).")
            if case .failure(let error) = result { #expect(error.path.description == "/$date") }
        }
        let badLong = try decode(#"{"$date": {"$numberLong": "12x"}}"#, ExtendedJSON.date)
        if case .failure(let error) = badLong { #expect(error.path.description == "/$date/$numberLong") }
        #expect(failureMessage(try decode(#"{"$date": 5}"#, ExtendedJSON.date), type: type)
            == #"Invalid value '5' of type 'integer' for 'date' property 'T.p': a date is {"$date": "<ISO-8601>"} or {"$date": {"$numberLong": "<ms>"}}."#)
    }

    @Test func decimal128() throws {
        let digits34 = "1234567890123456789012345678901234"
        #expect(try decode("{\"$numberDecimal\": \"\(digits34)\"}", ExtendedJSON.decimal128).get().stringValue == digits34)
        #expect(try decode(#"{"$numberDecimal": "-1.50"}"#, ExtendedJSON.decimal128).get().stringValue == "-1.50")
        #expect(try decode(#"{"$numberDecimal": "NaN"}"#, ExtendedJSON.decimal128).get().isNaN)
        #expect(try decode("-42", ExtendedJSON.decimal128).get() == Decimal128(-42))
        #expect(try decode(#"{"$numberLong": "9223372036854775807"}"#, ExtendedJSON.decimal128).get() == Decimal128(Int64.max))
        let type = DeclaredType(.decimal128)
        #expect(failureMessage(try decode(#"{"$numberDecimal": "1.2.3"}"#, ExtendedJSON.decimal128), type: type)
            == "Invalid value '1.2.3' of type 'string' for 'decimal128' property 'T.p': not a decimal128 (digits, '.', exponent; at most 34 significant digits).")
        #expect(failureMessage(try decode("{\"$numberDecimal\": \"\(digits34)5\"}", ExtendedJSON.decimal128), type: type) != nil)
        let real = try decode("1.5", ExtendedJSON.decimal128)
        #expect(failureMessage(real, type: type) == "Invalid value '1.5' of type 'real' for 'decimal128' property 'T.p': real literals would lose digits.")
        if case .failure(let error) = real { #expect(error.hint == #"wrap it: {"$numberDecimal": "1.5"}"#) }
        let string = try decode("\"2\"", ExtendedJSON.decimal128)
        if case .failure(let error) = string { #expect(error.hint == #"wrap it: {"$numberDecimal": "2"}"#) }
    }

    @Test func objectId() throws {
        #expect(try decode(#"{"$oid": "64B7F0C2A1B2C3D4E5F60718"}"#, ExtendedJSON.objectId).get().stringValue
            == "64b7f0c2a1b2c3d4e5f60718")
        let type = DeclaredType(.objectId)
        let plain = try decode("\"64b7f0c2a1b2c3d4e5f60718\"", ExtendedJSON.objectId)
        #expect(failureMessage(plain, type: type) == "Invalid value '64b7f0c2a1b2c3d4e5f60718' of type 'string' for 'objectId' property 'T.p'.")
        if case .failure(let error) = plain { #expect(error.hint == #"wrap it: {"$oid": "64b7f0c2a1b2c3d4e5f60718"}"#) }
        #expect(failureMessage(try decode(#"{"$oid": "64b7f0c2a1b2c3d4e5f6071"}"#, ExtendedJSON.objectId), type: type)
            == "Invalid value '64b7f0c2a1b2c3d4e5f6071' of type 'string' for 'objectId' property 'T.p': must be 24 hex digits.")
        #expect(failureMessage(try decode("123", ExtendedJSON.objectId), type: type)
            == "Invalid value '123' of type 'integer' for 'objectId' property 'T.p'.")
    }

    @Test func uuid() throws {
        let expected = UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!
        #expect(try decode(#"{"$uuid": "137decc8-b300-4954-a233-f89909f4fd89"}"#, ExtendedJSON.uuid).get() == expected)
        #expect(try decode(#""137DECC8-b300-4954-a233-f89909f4fd89""#, ExtendedJSON.uuid).get() == expected)
        #expect(try decode(#"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}"#, ExtendedJSON.uuid).get() == expected)
        let type = DeclaredType(.uuid)
        #expect(failureMessage(try decode("\"invalid\"", ExtendedJSON.uuid), type: type)
            == "Invalid value 'invalid' of type 'string' for 'uuid' property 'T.p': not a UUID (8-4-4-4-12 hex digits).")
        #expect(failureMessage(try decode(#"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "00"}}"#, ExtendedJSON.uuid), type: type)
            == #"Invalid value '00' of type 'string' for 'uuid' property 'T.p': a UUID in $binary has subType "04"."#)
        let legacy = try decode(#"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "03"}}"#, ExtendedJSON.uuid)
        #expect(failureMessage(legacy, type: type)
            == #"Invalid value '03' of type 'string' for 'uuid' property 'T.p': a UUID in $binary has subType "04"."#)
        if case .failure(let error) = legacy { #expect(error.hint?.hasPrefix("subtype 03 is a legacy UUID") == true) }
        #expect(failureMessage(try decode(#"{"$binary": {"base64": "AAAA", "subType": "04"}}"#, ExtendedJSON.uuid), type: type)
            == "Invalid value 'AAAA' of type 'string' for 'uuid' property 'T.p': a UUID has 16 bytes.")
        #expect(failureMessage(try decode(#"{"$uuid": "137decc8b3004954a233f89909f4fd89"}"#, ExtendedJSON.uuid), type: type) != nil)
        #expect(failureMessage(try decode("7", ExtendedJSON.uuid), type: type)
            == "Invalid value '7' of type 'integer' for 'uuid' property 'T.p'.")
    }
}
