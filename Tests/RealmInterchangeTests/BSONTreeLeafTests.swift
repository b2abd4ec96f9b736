import Foundation
import RealmEngine
import RealmFormats
@testable import RealmInterchange
import Testing

/// The tree `BSONTreeBuilder` makes of BSON's typed leaves writes their text straight from the
/// bytes; each is compared here with the text the general formatting gives for the same value
/// (`String(Int64)`, `Decimal128.stringValue`, `Base64.encode`, `HexText.digits`) over edge
/// values, and strings and keys with their UTF-8 checked only when not ASCII are accepted or
/// rejected exactly as jansson's own check does.
@Suite struct BSONTreeLeafTests {
    /// A document `{"v": <value of type>}` as BSON bytes.
    static func document(_ type: UInt8, _ value: [UInt8], key: [UInt8] = Array("v".utf8)) -> [UInt8] {
        let body = [type] + key + [0] + value + [0]
        return withUnsafeBytes(of: Int32(4 + body.count).littleEndian, Array.init) + body
    }

    /// `body` of the tree of `bytes`, or the failure's message.
    static func withTree(_ bytes: [UInt8], _ body: (JSONValue) -> String) -> String {
        let arena = JanssonArena()
        let result = JanssonAllocator.decode(into: arena) {
            bytes.withUnsafeBytes { raw in
                Result { () throws(BSONTreeBuilder.Failure) in try BSONTreeBuilder.tree(of: raw, at: 0) }
            }
        }
        switch result {
        case .success(let root): return withExtendedLifetime(arena) { body(JSONValue(root)) }
        case .failure(let failure): return "error: \(failure.message)"
        }
    }

    /// The compact JSON text of the tree of `bytes`, or the failure's message.
    static func tree(_ bytes: [UInt8]) -> String {
        withTree(bytes) { $0.jsonText }
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    @Test func datesAreTheirMillisecondsText() {
        let edges: [Int64] = [.min, .min + 1, -62_135_596_800_001, -1_500, -1, 0, 1, 999, 4_102_444_800_000,
                              253_402_300_799_999, .max - 1, .max]
        for milliseconds in edges {
            #expect(Self.tree(Self.document(0x09, Self.littleEndian(milliseconds)))
                == #"{"v":{"$date":{"$numberLong":"\#(String(milliseconds))"}}}"#)
        }
    }

    @Test func decimal128IsLibbsonsText() {
        var patterns: [(high: UInt64, low: UInt64)] = [
            (0x3040_0000_0000_0000, 0), (0xB040_0000_0000_0000, 0), (0x3040_0000_0000_0000, 1),
            (0x7C00_0000_0000_0000, 0), (0xFC00_0000_0000_0000, 5), (0x7E00_0000_0000_0000, 0),
            (0x7800_0000_0000_0000, 0), (0xF800_0000_0000_0000, 0), (0x3041_ED09_BEAD_87C0, 0x378D_8E63_FFFF_FFFF),
            (0x5FFF_ED09_BEAD_87C0, 0x378D_8E63_FFFF_FFFF), (0x0000_0000_0000_0000, 1), (0x6C10_0000_0000_0000, 0),
            (0x3041_FFFF_FFFF_FFFF, .max), (0x303E_0000_0000_0000, 184_310),
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 { patterns.append((generator.next(), generator.next())) }
        for (high, low) in patterns {
            let expected = Decimal128(bytes: Self.littleEndian(low) + Self.littleEndian(high))!.stringValue
            #expect(Self.tree(Self.document(0x13, Self.littleEndian(low) + Self.littleEndian(high)))
                == #"{"v":{"$numberDecimal":"\#(expected)"}}"#)
        }
    }

    @Test func objectIdsAreTheirHexDigits() {
        var generator = SystemRandomNumberGenerator()
        let ids: [[UInt8]] = [[UInt8](repeating: 0, count: 12), [UInt8](repeating: 0xFF, count: 12), Array(0..<12)]
            + (0..<50).map { _ in (0..<12).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for id in ids {
            let expected = id.map { HexText.digits($0, minimumCount: 2) }.joined()
            #expect(Self.tree(Self.document(0x07, id)) == #"{"v":{"$oid":"\#(expected)"}}"#)
        }
    }

    @Test func everyBinarySubtypeIsBase64AndTwoHexDigits() {
        for subType in UInt8.min...UInt8.max where subType != 2 {
            for payload in [[], [0], [0xFF, 0xFE], Array(0..<16), Array(0..<100)] as [[UInt8]] {
                let expected = #"{"v":{"$binary":{"base64":"\#(Base64.encode(payload))","subType":"\#(HexText.digits(subType, minimumCount: 2))"}}}"#
                #expect(Self.tree(Self.document(0x05, Self.littleEndian(Int32(payload.count)) + [subType] + payload)) == expected)
            }
        }
        // Subtype 2 carries its own length inside, which Extended JSON leaves out.
        let old: [UInt8] = [1, 2, 3]
        #expect(Self.tree(Self.document(0x05, Self.littleEndian(Int32(7)) + [2] + Self.littleEndian(Int32(3)) + old))
            == #"{"v":{"$binary":{"base64":"\#(Base64.encode(old))","subType":"02"}}}"#)
        #expect(Self.tree(Self.document(0x05, Self.littleEndian(Int32(7)) + [2] + Self.littleEndian(Int32(2)) + old))
            == "error: \(BSONMessages.wrongLength("binary of subtype 2", 7))")
    }

    @Test func doublesOutsideJSONAreWrapped() {
        let cases: [(Double, String)] = [(.nan, #"{"$numberDouble":"NaN"}"#), (.infinity, #"{"$numberDouble":"Infinity"}"#),
                                         (-.infinity, #"{"$numberDouble":"-Infinity"}"#), (-0.25, "-0.25")]
        for (value, text) in cases {
            #expect(Self.tree(Self.document(0x01, Self.littleEndian(value.bitPattern))) == #"{"v":\#(text)}"#)
        }
    }

    /// Byte strings of every kind: ASCII (short and long, with NUL), valid UTF-8 of 2-4 bytes,
    /// and invalid sequences (stray continuation, overlong, surrogate, past U+10FFFF, cut off).
    static let texts: [[UInt8]] = {
        var texts: [[UInt8]] = [[], Array("a".utf8), Array("0123456789abcdefXYZ".utf8), [0x61, 0, 0x62],
                                Array("héllo wörld, ascii first then not".utf8), Array("日本語".utf8), [0xF0, 0x9F, 0x98, 0x80],
                                [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE6, 0x97],
                                Array("abcdefgh".utf8) + [0xFF], [0xFF] + Array("abcdefghijklmnop".utf8)]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...20, using: &generator)
            texts.append((0..<count).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x20...0x7E, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            })
        }
        return texts
    }()

    @Test func stringsAreAcceptedExactlyWhenJanssonAcceptsThem() {
        for text in Self.texts {
            let valid = String(validating: text, as: UTF8.self) != nil
            let read = Self.withTree(Self.document(0x02, Self.littleEndian(Int32(text.count + 1)) + text + [0])) { root in
                root["v"]?.utf8.map { Array($0) == text ? "same" : "different" } ?? "missing"
            }
            #expect(read == (valid ? "same" : "error: \(BSONMessages.invalidUTF8)"), "\(text)")
        }
    }

    @Test func keysAreAcceptedExactlyWhenJanssonAcceptsThem() {
        for text in Self.texts where !text.contains(0) {
            let valid = String(validating: text, as: UTF8.self) != nil
            let read = Self.withTree(Self.document(0x0A, [], key: text)) { root in
                root.firstField.map { Array($0.key.utf8) == text && $0.value.isNull ? "same" : "different" } ?? "missing"
            }
            #expect(read == (valid ? "same" : "error: \(BSONMessages.invalidKeyUTF8)"), "\(text)")
        }
    }
}
