import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Values written at once into the output buffer: integer text, the Extended JSON wrappers as
/// constant bytes (every layout but pretty), the eight-byte escape scan, and string maps
/// ordered from their cursor without a `String` per entry.
@Suite("Export fixed text")
struct ExportFixedTextTests {
    /// The text `body` writes in `mode` and `layout` (a 64-byte buffer: every reserved write flushes).
    func written(_ mode: ExtendedJSONMode, _ layout: JSONLayout = .compact,
                 _ body: (ExtendedJSONWriter) throws -> Void) throws -> String {
        let output = ExportOutput.memory(capacity: 64)
        try body(ExtendedJSONWriter(output: output, mode: mode, layout: layout))
        try output.flush()
        return output.text
    }

    typealias Write = (ExtendedJSONWriter) throws -> Void

    /// Values of every wrapped type, at their edges.
    func values() throws -> [(String, Write)] {
        var values: [(String, Write)] = []
        for value: Int64 in [.min, .max, Int64(Int32.min), Int64(Int32.min) - 1, Int64(Int32.max) + 1, 0, -7] {
            values.append(("int \(value)", { try $0.int(value) }))
        }
        for value: Double in [-0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 57.23] {
            values.append(("double \(value)", { try $0.double(value) }))
        }
        let dates: [(Int64, Int32)] = [(-1, 999_000_000), (-1, 999_999_999), (-62_167_219_200, 0), (253_402_300_800, 0),
                                       (-8_000_000_000_000, 0), (1_706_693_400, 123_000_000)]
        for (seconds, nanoseconds) in dates {
            values.append(("date \(seconds) \(nanoseconds)", { try $0.date(Timestamp(seconds: seconds, nanoseconds: nanoseconds)) }))
        }
        let id = try ObjectId(string: "59682f00cd613e30d8f16adf")
        values.append(("ObjectId", { try $0.objectId(id) }))
        let uuid = try #require(UUID(uuidString: "6C0FD4F5-F813-4C42-B773-0EDFAFBD67F9"))
        values.append(("UUID", { try $0.uuid(uuid) }))
        let decimal = try Decimal128(string: "-1.23E+4")
        values.append(("Decimal128", { try $0.decimal128(decimal) }))
        for count in [0, 1, 2, 3, 47, 48, 49, 96, 97, 200] {
            let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            values.append(("\(count) bytes", { try $0.data(data) }))
        }
        return values
    }

    /// The constant-byte wrappers give the bytes of the container path that pretty output still
    /// takes (which spaces them: `{"$numberInt": "1"}`).
    @Test func fixedWrappersAreTheContainerPathsBytes() throws {
        for mode in [ExtendedJSONMode.relaxed, .canonical] {
            for (name, write) in try values() {
                let pretty = try written(mode, .pretty, write)
                let compact = try written(mode, .compact, write)
                #expect(compact == pretty.replacingOccurrences(of: "\": ", with: "\":").replacingOccurrences(of: ", \"", with: ",\""),
                        "\(mode) \(name)")
                #expect(try written(mode, .lines(depth: 1), write) == compact, "\(mode) \(name)")
            }
        }
    }

    @Test func canonicalEdgeValues() throws {
        #expect(try written(.canonical) { try $0.int(.min) } == #"{"$numberLong":"-9223372036854775808"}"#)
        #expect(try written(.canonical) { try $0.int(Int64(Int32.min)) } == #"{"$numberInt":"-2147483648"}"#)
        #expect(try written(.canonical) { try $0.double(-0.0) } == #"{"$numberDouble":"-0.0"}"#)
        #expect(try written(.canonical) { try $0.double(.nan) } == #"{"$numberDouble":"NaN"}"#)
        #expect(try written(.canonical) { try $0.double(-.infinity) } == #"{"$numberDouble":"-Infinity"}"#)
        #expect(try written(.canonical) { try $0.date(Timestamp(seconds: -1, nanoseconds: 999_000_000)) }
            == #"{"$date":{"$numberLong":"-1"}}"#)
        #expect(try written(.relaxed) { try $0.date(Timestamp(seconds: -1, nanoseconds: 999_000_000)) }
            == #"{"$date":"1969-12-31T23:59:59.999Z"}"#)
        #expect(try written(.relaxed) { try $0.date(Timestamp(seconds: -8_000_000_000_000, nanoseconds: 0)) }
            == #"{"$date":{"$numberLong":"-8000000000000000"}}"#)
        #expect(try written(.canonical) { try $0.uuid(UUID(uuidString: "6C0FD4F5-F813-4C42-B773-0EDFAFBD67F9")!) }
            == #"{"$binary":{"base64":"bA/U9fgTTEK3cw7fr71n+Q==","subType":"04"}}"#)
    }

    /// Commas and line breaks around fixed values are the container bookkeeping's.
    @Test func fixedValuesInContainers() throws {
        let text = try written(.canonical, .lines(depth: 1)) { writer in
            try writer.beginArray()
            try writer.int(1)
            try writer.beginObject()
            try writer.key("d")
            try writer.date(Timestamp(seconds: 0, nanoseconds: 0))
            try writer.key("x")
            try writer.double(0.5)
            try writer.endObject()
            try writer.int(1 << 40)
            try writer.endArray()
        }
        #expect(text == "[\n" + #"{"$numberInt":"1"}"# + ",\n" + #"{"d":{"$date":{"$numberLong":"0"}},"x":{"$numberDouble":"0.5"}}"#
            + ",\n" + #"{"$numberLong":"1099511627776"}"# + "\n]")
    }

    @Test func integerTextIsDescription() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Int64] = [.min, .max, .min + 1, 0, -1, 1, 9, 10, 99, 100, -10, 999_999_999_999_999_999, 1_000_000_000_000_000_000]
        values += (0..<19).flatMap { exponent -> [Int64] in
            let power = (0..<exponent).reduce(Int64(1)) { value, _ in value * 10 }
            return [power, power - 1, -power, -(power - 1)]
        }
        values += (0..<10_000).map { _ in Int64(bitPattern: generator.next()) }
        for value in values {
            var digits = [UInt8](repeating: 0, count: IntegerText.capacity)
            let count = digits.withUnsafeMutableBufferPointer { IntegerText.write(value, into: $0.baseAddress!) }
            #expect(String(decoding: digits[..<count], as: UTF8.self) == value.description)
        }
    }

    /// Every escaped byte at every offset of strings around the eight-byte scan's width.
    @Test func escapesAreFoundAtEveryOffset() throws {
        func reference(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case "\u{8}": result += "\\b"
                case "\u{c}": result += "\\f"
                case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        for count in 0..<26 {
            for special in ["\"", "\\", "\u{0}", "\u{1f}", "\n", "\u{7f}", " ", "é", "!", "#", "[", "]"] {
                for position in 0..<max(count, 1) {
                    var characters = (0..<count).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
                    if position < count { characters[position] = special }
                    let text = characters.joined()
                    #expect(try written(.relaxed) { try $0.string(text) } == reference(text), "\(count) \(position) \(special.debugDescription)")
                }
            }
        }
    }

    static let mapYAML = """
        models:
          Holder:
            primaryKey: id
            properties:
              id: int
              tags: string?{}
        """

    /// A string map's entries come from the cursor in stored-key order; written, they are in
    /// decoded-key byte order with keywords last, nulls and escapes intact.
    @Test func stringMapsAreInDecodedKeyOrderWithKeywordsLast() throws {
        let path = try Temporary.path("fixed-maps") + "/s.sqlite"
        let store = try Store(path: path, schema: try schemaFromYAML(Self.mapYAML))
        let entries: [(String, StoreValue)] = [("b", .null), ("a.c", .string("v1")), ("a%", .string("v2")), ("$oid", .string("v3")),
                                               ("$x", .string("v4")), ("", .string("v5")), ("é", .string("v6")), ("a", .string("q\"t"))]
        try store.write {
            var map: [String: InputValue] = [:]
            for (key, value) in entries { map[MapKeyCoding.encode(key)] = .value(value) }
            _ = try store.create("Holder", value: ["id": .value(.int(1)), "tags": .map(map)])
            _ = try store.create("Holder", value: ["id": .value(.int(2)), "tags": .map([:])])
            _ = try store.create("Holder", value: ["id": .value(.int(3)), "tags": .map([MapKeyCoding.encode("$ref"): .value(.string("r"))])])
        }
        let text = try ExportFixtures.export(store, ExportOptions(classes: ["Holder"], shape: .ndjson))
        #expect(text == #"{"id":1,"tags":{"":"v5","$x":"v4","a":"q\"t","a%":"v2","a.c":"v1","b":null,"é":"v6","$oid":"v3"}}"# + "\n"
            + #"{"id":2,"tags":{}}"# + "\n" + #"{"id":3,"tags":{"$ref":"r"}}"# + "\n")
    }
}

/// Floats that are short decimals are written by `FloatText` without a `String`: the bytes
/// must be `ExportNumberText.float`'s, which stays the reference.
@Suite("Export float text")
struct ExportFloatTextTests {
    func written(_ value: Float, _ mode: ExtendedJSONMode) throws -> String {
        let output = ExportOutput.memory(capacity: 64)
        try ExtendedJSONWriter(output: output, mode: mode).float(value)
        try output.flush()
        return output.text
    }

    @Test func shortDecimalsAndEdgesAreTheReferenceText() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Float] = [0.1, 0.2, 0.3, 1.5, 3.0, -4.25, 0.001, 0.00099999, 1e7, 9_999_999, 16_777_216, 16_777_218, 8_388_608.5,
                               1, 2, 0.5, 0.25, 1024, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 0, 1.0 / 3.0, 123.456]
        while values.count < 20_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if value.isFinite { values.append(value) }
        }
        for _ in 0..<20_000 {
            let scale: Float = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7][Int.random(in: 0...7, using: &generator)]
            values.append((Float.random(in: -1e5...1e5, using: &generator) * scale).rounded() / scale)
            values.append(Float.random(in: -2...2, using: &generator))
            values.append(Float.random(in: 1e-3...1e7, using: &generator))
        }
        var answered = 0
        for value in values {
            var text = [UInt8](repeating: 0, count: DoubleText.capacity)
            if let count = text.withUnsafeMutableBufferPointer({ FloatText.write(value, into: $0.baseAddress!) }) {
                answered += 1
                #expect(String(decoding: text[..<count], as: UTF8.self) == ExportNumberText.float(value), "\(value.bitPattern)")
            }
            #expect(try written(value, .relaxed) == ExportNumberText.float(value), "\(value.bitPattern)")
            #expect(try written(value, .canonical) == "{\"$numberDouble\":\"\(ExportNumberText.float(value))\"}", "\(value.bitPattern)")
        }
        #expect(answered > 0)
    }

    /// Short decimals such as ratings and prices (`4.25`, `0.07`) take the fast path.
    @Test func shortDecimalsAreAnswered() throws {
        for value in (1...2_000).map({ Float($0) / 100 }) + (1...2_000).map({ Float($0) / 8 }) {
            var text = [UInt8](repeating: 0, count: DoubleText.capacity)
            let count = text.withUnsafeMutableBufferPointer { FloatText.write(value, into: $0.baseAddress!) }
            #expect(count.map { String(decoding: text[..<$0], as: UTF8.self) } == value.description, "\(value)")
        }
    }
}
