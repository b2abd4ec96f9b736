import Foundation
import RealmEngine
import RealmFormats
@testable import RealmInterchange
import RealmSchema
import Testing

/// The decoders' shortcuts give what their general forms give: decimal text parsed from its
/// bytes (`Decimal128(utf8:)`) as from a `String`, map keys stored from their bytes as the
/// `String` encoder stores them, and the `$binary` UUID shortcut as `ExtendedJSON.uuid`,
/// over edge values and random text.
@Suite struct DecoderFastPathTests {
    static let decimalTexts: [String] = {
        var texts = ["", "0", "-0", "1.50", "-3", "1.23E+4", "1E-6176", "1E+6144", "9999999999999999999999999999999999",
                     "99999999999999999999999999999999999", "NaN", "nan", "-NaN", "Infinity", "-Infinity", "-Inf", "inf",
                     "0E+6111", "1E+6112", "1E-6177", "12345678901234567890123456789012345E-10", " 1", "1 ", "1.", ".5",
                     "+1", "--1", "1e5", "0x10", "1\u{0}2", "١٢", "é", "1.2.3", "E5", "1E", "1E+", "00000000000000000000000000000000000001"]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789.-+eEinfINFaAtyY ")
        for _ in 0..<3_000 {
            texts.append(String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        return texts
    }()

    @Test func decimalFromBytesIsDecimalFromString() {
        for text in Self.decimalTexts {
            let general = try? Decimal128(string: text)
            let fast = Array(text.utf8).withUnsafeBufferPointer { Decimal128(utf8: $0) }
            #expect(fast.map { [$0.high, $0.low] } == general.map { [$0.high, $0.low] }, "\(text)")
        }
    }

    @Test func decimalWrappersDecodeAsBefore() throws {
        for text in Self.decimalTexts.prefix(60) {
            let document = try JSONDocument.parse(#"{"$numberDecimal": \#(String(reflecting: text).replacingOccurrences(of: "\\0", with: "\\u0000"))}"#)
            let decoded = document.withRoot { root in Result { () throws(ExtendedJSONError) in try ExtendedJSON.decimal128(root) } }
            switch (decoded, try? Decimal128(string: text)) {
            case (.success(let value), let expected?): #expect(value.bitPatternEquals(expected), "\(text)")
            case (.failure(let error), nil):
                guard case .invalidValue(_, _, let reason) = error.problem else { Issue.record("\(error)"); continue }
                #expect(reason == JSONMessages.notDecimal128 && error.path == ["$numberDecimal"], "\(text)")
            default: Issue.record("\(text): \(decoded)")
            }
        }
    }

    @Test func mapKeysFromBytesAreTheStringEncoding() throws {
        var keys = ["", "plain", "a.b", "$plan", "100%", "%25", "...", "$$", "é.ü$%", "mail.digest", "日本.語"]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab.$%é2E5")
        for _ in 0..<1_000 {
            keys.append(String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for key in keys {
            let stored = try Array(key.utf8).withUnsafeBufferPointer { try MapKeyCoding.storedKey($0, policy: .encode) }
            var expected = ""
            for character in key.unicodeScalars {
                switch character {
                case "%": expected += "%25"
                case ".": expected += "%2E"
                case "$": expected += "%24"
                default: expected.unicodeScalars.append(character)
                }
            }
            #expect(stored == expected)
            #expect(MapKeyCoding.encode(key) == expected)
            #expect(MapKeyCoding.decode(stored) == key)
        }
    }

    @Test func binaryUUIDShortcutIsTheGeneralDecoder() throws {
        let base64 = Base64.encode(Array(0..<16) as [UInt8])
        let cases = [
            #"{"$binary": {"base64": "\#(base64)", "subType": "04"}}"#, #"{"$binary": {"subType": "04", "base64": "\#(base64)"}}"#,
            #"{"$binary": {"base64": "\#(base64)", "subType": "03"}}"#, #"{"$binary": {"base64": "\#(base64)", "subType": "4"}}"#,
            #"{"$binary": {"base64": "AAEC", "subType": "04"}}"#, #"{"$binary": {"base64": 4, "subType": "04"}}"#,
            #"{"$binary": {"base64": "\#(base64)", "subtype": "04"}}"#, #"{"$binary": {"base64": "\#(base64)"}}"#,
            #"{"$binary": {"base64": "\#(base64)", "subType": "04", "x": 1}}"#, #"{"$binary": "\#(base64)"}"#,
            #"{"$binary": {"base64": "\#(base64)", "subType": "04"}, "x": 1}"#, #"{"$uuid": "00010203-0405-0607-0809-0a0b0c0d0e0f"}"#,
        ]
        for text in cases {
            let document = try JSONDocument.parse(text)
            let (fast, general) = document.withRoot { root in
                (Importer.fastValue(root, as: .uuid), Result { () throws(ExtendedJSONError) in try ExtendedJSON.uuid(root) })
            }
            // The shortcut takes a value only when the general decoder gives the same; it leaves
            // every other form and every error to it.
            if let fast { #expect(fast == .uuid(try general.get()), "\(text)") }
        }
        let canonical = try JSONDocument.parse(cases[0])
        #expect(canonical.withRoot { Importer.fastValue($0, as: .uuid) } == .uuid(UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))))
        let reordered = try JSONDocument.parse(cases[1])
        #expect(reordered.withRoot { Importer.fastValue($0, as: .uuid) } == .uuid(UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))))
    }
}
