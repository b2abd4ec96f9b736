import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import Testing

/// The mixed row (docs/json-typing.md, section 6): every JSON kind and wrapper, nested lists and dictionaries.
@Suite struct MixedDecodingTests {
    static func mixed(_ json: String, _ policy: MapKeyPolicy = .encode) throws -> Result<StoreValue, ExtendedJSONError> {
        try decode(json) { try ExtendedJSON.mixed($0, mapKeys: policy) }
    }

    @Test func scalars() throws {
        #expect(try Self.mixed("null").get() == .null)
        #expect(try Self.mixed("true").get() == .bool(true))
        #expect(try Self.mixed("1").get() == .int(1))
        #expect(try Self.mixed("1.5").get() == .double(1.5))
        #expect(try Self.mixed("1e3").get() == .double(1000))
        #expect(try Self.mixed("\"hello\"").get() == .string("hello"))
    }

    @Test func wrappers() throws {
        #expect(try Self.mixed(#"{"$numberInt": "5"}"#).get() == .int(5))
        #expect(try Self.mixed(#"{"$numberLong": "-5"}"#).get() == .int(-5))
        #expect(try Self.mixed(#"{"$numberDouble": "-0.0"}"#).get() == .double(-0.0))
        #expect(try Self.mixed(#"{"$numberDecimal": "1.50"}"#).get() == .decimal128(try Decimal128(string: "1.50")))
        #expect(try Self.mixed(#"{"$date": "1970-01-01T00:00:01Z"}"#).get() == .date(Timestamp(seconds: 1)))
        #expect(try Self.mixed(#"{"$oid": "64b7f0c2a1b2c3d4e5f60718"}"#).get() == .objectId("64b7f0c2a1b2c3d4e5f60718"))
        let uuid = UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!
        #expect(try Self.mixed(#"{"$uuid": "137decc8-b300-4954-a233-f89909f4fd89"}"#).get() == .uuid(uuid))
        #expect(try Self.mixed(#"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}"#).get() == .uuid(uuid))
        #expect(try Self.mixed(#"{"$binary": {"base64": "aGk=", "subType": "00"}}"#).get() == .data(Data("hi".utf8)))
        #expect(try Self.mixed(#"{"$binary": {"base64": "aGk=", "subType": "02"}}"#).get() == .data(Data("hi".utf8)))
    }

    /// A mixed value holds data (subtypes 00, 02) and uuid (04); any other subtype would be lost.
    @Test func binarySubTypesAMixedValueCannotKeep() throws {
        let type = DeclaredType(.mixed)
        let vector = try Self.mixed(#"{"v": [{"$binary": {"base64": "AwAAAIA/AAAAQA==", "subType": "09"}}]}"#)
        #expect(failureMessage(vector, type: type)
            == "Invalid value '09' of type 'string' for 'mixed' property 'T.p': binary subtype 09 (vector) would be lost: a mixed value keeps subtypes 00 and 02 as data and 04 as uuid.")
        if case .failure(let error) = vector {
            #expect(error.path.description == "/v/0/$binary/subType")
            #expect(error.hint == #"to store the bytes without their subtype, write "subType": "00""#)
        }
        let legacy = try Self.mixed(#"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "03"}}"#)
        #expect(failureMessage(legacy, type: type)?.contains("binary subtype 03 (legacy UUID) would be lost") == true)
        if case .failure(let error) = legacy { #expect(error.hint?.hasPrefix("subtype 03 is a legacy UUID") == true) }
        #expect(failureMessage(try Self.mixed(#"{"$binary": {"base64": "aGk=", "subType": "04"}}"#), type: type)
            == "Invalid value 'aGk=' of type 'string' for 'mixed' property 'T.p': a UUID has 16 bytes.")
    }

    @Test func collections() throws {
        #expect(try Self.mixed(#"[1, "a", {"k": true}]"#).get() == .list([.int(1), .string("a"), .dictionary(["k": .bool(true)])]))
        #expect(try Self.mixed(#"{"a.b": 1, "$c": [null], "100%": {"$numberInt": "2"}}"#).get()
            == .dictionary(["a%2Eb": .int(1), "%24c": .list([.null]), "100%25": .int(2)]))
        #expect(try Self.mixed(#"{"$other": 1}"#).get() == .dictionary(["%24other": .int(1)]))
    }

    @Test func rejections() throws {
        let type = DeclaredType(.mixed)
        let key = try Self.mixed(#"{"a": [{"b.c": 1}]}"#, .reject)
        #expect(failureMessage(key, type: type) == "Dictionary::insert: key must not contain '.'")
        if case .failure(let error) = key { #expect(error.path.description == "/a/0/b.c") }
        #expect(failureMessage(try Self.mixed(#"{"$x": 1}"#, .reject), type: type) == "Dictionary::insert: key must not start with '$'")
        let badDate = try Self.mixed(#"[1, {"$date": "yesterday"}]"#)
        #expect(failureMessage(badDate, type: type)?.hasPrefix("Invalid value 'yesterday' of type 'string' for 'mixed' property 'T.p'") == true)
        if case .failure(let error) = badDate { #expect(error.path.description == "/1/$date") }
        #expect(failureMessage(try Self.mixed(#"{"$timestamp": {"t": 1, "i": 1}}"#), type: type)?
            .hasSuffix("Extended JSON type $timestamp is not supported.") == true)
    }

    @Test func nestingLimit() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try Self.mixed(deep).get() != .null)
        let tooDeep = String(repeating: "[", count: 101) + String(repeating: "]", count: 101)
        #expect(failureMessage(try Self.mixed(tooDeep), type: DeclaredType(.mixed)) == "Max nesting level reached")
    }

    @Test func dispatchByBaseType() throws {
        let document = try JSONDocument.parse(#"{"i": {"$numberInt": "7"}, "f": 2.5, "s": "x", "m": [true]}"#)
        try document.withRoot { root throws(ExtendedJSONError) in
            #expect(try ExtendedJSON.value(root["i"]!, as: .int(.int16)) == .int(7))
            #expect(try ExtendedJSON.value(root["f"]!, as: .float) == .float(2.5))
            #expect(try ExtendedJSON.value(root["s"]!, as: .string) == .string("x"))
            #expect(try ExtendedJSON.value(root["m"]!, as: .mixed) == .list([.bool(true)]))
        }
    }
}
