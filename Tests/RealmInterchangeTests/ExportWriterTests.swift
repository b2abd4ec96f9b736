import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// The Extended JSON writer on its own: escapes, numbers, dates, wrappers and layouts.
@Suite("Extended JSON writer")
struct ExportWriterTests {
    /// The text `body` writes in `mode` and `layout`.
    func written(_ mode: ExtendedJSONMode = .relaxed, _ layout: JSONLayout = .compact,
                 _ body: (ExtendedJSONWriter) throws -> Void) throws -> String {
        let output = ExportOutput.memory(capacity: 64)
        let writer = ExtendedJSONWriter(output: output, mode: mode, layout: layout)
        try body(writer)
        try output.flush()
        return output.text
    }

    @Test func stringsAreEscapedPerRFC8259AndKeepUTF8() throws {
        let text = try written { try $0.string("q\" b\\ /\n\r\t\u{8}\u{c}\u{0}\u{1f} Zoë 日本 🐕 \u{2028}") }
        #expect(text == "\"q\\\" b\\\\ /\\n\\r\\t\\b\\f\\u0000\\u001f Zoë 日本 🐕 \u{2028}\"")
        let long = String(repeating: "abc\"", count: 100)
        #expect(try written { try $0.string(long) } == "\"" + String(repeating: "abc\\\"", count: 100) + "\"")
    }

    @Test(arguments: [
        (Int64.max, "9223372036854775807", "{\"$numberLong\":\"9223372036854775807\"}"),
        (Int64.min, "-9223372036854775808", "{\"$numberLong\":\"-9223372036854775808\"}"),
        (Int64(Int32.max), "2147483647", "{\"$numberInt\":\"2147483647\"}"),
        (Int64(Int32.min) - 1, "-2147483649", "{\"$numberLong\":\"-2147483649\"}"),
        (0, "0", "{\"$numberInt\":\"0\"}"),
    ])
    func integers(value: Int64, relaxed: String, canonical: String) throws {
        #expect(try written(.relaxed) { try $0.int(value) } == relaxed)
        #expect(try written(.canonical) { try $0.int(value) } == canonical)
    }

    @Test(arguments: [
        (2.0, "2.0"), (-0.0, "-0.0"), (0.1, "0.1"), (1e16, "1e+16"), (.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (1.0 / 3.0, "0.3333333333333333"),
        (.infinity, "{\"$numberDouble\":\"Infinity\"}"), (-.infinity, "{\"$numberDouble\":\"-Infinity\"}"),
        (.nan, "{\"$numberDouble\":\"NaN\"}"),
    ])
    func doublesInShortestRoundTripForm(value: Double, relaxed: String) throws {
        #expect(try written { try $0.double(value) } == relaxed)
        let canonical = try written(.canonical) { try $0.double(value) }
        #expect(canonical.hasPrefix("{\"$numberDouble\":\""))
    }

    @Test func floatsUseTheirOwnShortestForm() throws {
        #expect(try written { try $0.float(0.1) } == "0.1")
        #expect(try written { try $0.float(16_777_216) } == "16777216.0")
        #expect(try written(.canonical) { try $0.float(-0.0) } == "{\"$numberDouble\":\"-0.0\"}")
        // Swift prints the largest float as 3.4028235e+38, which is above it as a double.
        #expect(try written { try $0.float(.greatestFiniteMagnitude) } == "3.4028234663852886e+38")
        #expect(try written { try $0.float(.nan) } == "{\"$numberDouble\":\"NaN\"}")
    }

    @Test func datesKeepTheirNanoseconds() throws {
        let nanos = Timestamp(seconds: 1_706_693_400, nanoseconds: 123_456_789)
        #expect(try written { try $0.date(nanos) } == "{\"$date\":\"2024-01-31T09:30:00.123456789Z\"}")
        #expect(try written(.canonical) { try $0.date(nanos) } == "{\"$date\":\"2024-01-31T09:30:00.123456789Z\"}")
        let before1970 = Timestamp(seconds: -1, nanoseconds: -100_000_000)
        #expect(try written { try $0.date(before1970) } == "{\"$date\":\"1969-12-31T23:59:58.9Z\"}")
        #expect(try written(.canonical) { try $0.date(before1970) } == "{\"$date\":{\"$numberLong\":\"-1100\"}}")
        let farFuture = Timestamp(seconds: 300_000_000_000, nanoseconds: 5_000_000)
        #expect(try written { try $0.date(farFuture) } == "{\"$date\":{\"$numberLong\":\"300000000000005\"}}")
        #expect(throws: ExportError.self) { try written { try $0.date(Timestamp(seconds: 300_000_000_000, nanoseconds: 1)) } }
    }

    @Test func typedWrappers() throws {
        let uuid = UUID(uuidString: "F47AC10B-58CC-4372-A567-0E02B2C3D479")!
        #expect(try written { try $0.uuid(uuid) } == "{\"$uuid\":\"f47ac10b-58cc-4372-a567-0e02b2c3d479\"}")
        #expect(try written(.canonical) { try $0.uuid(uuid) } == "{\"$binary\":{\"base64\":\"9HrBC1jMQ3KlZw4CssPUeQ==\",\"subType\":\"04\"}}")
        #expect(try written { try $0.data(Data([0xff, 0x00, 0x41, 0x42])) } == "{\"$binary\":{\"base64\":\"/wBBQg==\",\"subType\":\"00\"}}")
        #expect(try written { try $0.decimal128(try Decimal128(string: "1234567890123456789012345678901234")) }
                == "{\"$numberDecimal\":\"1234567890123456789012345678901234\"}")
        #expect(try written { try $0.objectId(try ObjectId(string: "64B7F0C2A1B2C3D4E5F60718")) } == "{\"$oid\":\"64b7f0c2a1b2c3d4e5f60718\"}")
    }

    @Test func layouts() throws {
        let body: (ExtendedJSONWriter) throws -> Void = { writer in
            try writer.beginObject()
            try writer.key("A")
            try writer.beginArray()
            for id in 1...2 {
                try writer.beginObject(); try writer.key("id"); try writer.objectId(ObjectId()); try writer.key("n"); try writer.int(Int64(id))
                try writer.endObject()
            }
            try writer.endArray()
            try writer.key("B"); try writer.beginArray(); try writer.endArray()
            try writer.endObject()
        }
        let zero = "{\"$oid\":\"000000000000000000000000\"}"
        #expect(try written(.relaxed, .compact, body) == "{\"A\":[{\"id\":\(zero),\"n\":1},{\"id\":\(zero),\"n\":2}],\"B\":[]}")
        #expect(try written(.relaxed, .lines(depth: 2), body) == "{\"A\":[\n{\"id\":\(zero),\"n\":1},\n{\"id\":\(zero),\"n\":2}\n],\"B\":[]}")
        #expect(try written(.relaxed, .pretty, body) == """
            {
              "A": [
                {
                  "id": {"$oid": "000000000000000000000000"},
                  "n": 1
                },
                {
                  "id": {"$oid": "000000000000000000000000"},
                  "n": 2
                }
              ],
              "B": []
            }
            """)
    }
}
