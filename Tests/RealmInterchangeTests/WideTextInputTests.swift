import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import Testing

/// UTF-16 and UTF-32 input, with or without a byte-order mark, is an error that names its
/// encoding and how to convert it (never "truncated BSON" or a JSON syntax error), whether the
/// format is detected or told; and a BSON document whose first bytes look like such text (its
/// length `7B 00 00 00` is `{` in UTF-32LE) is still read as BSON.
@Suite struct WideTextInputTests {
    /// Every encoding with its Foundation twin and byte-order mark.
    static let encodings: [(WideTextEncoding, String.Encoding, [UInt8])] = [
        (.utf16LE, .utf16LittleEndian, [0xFF, 0xFE]), (.utf16BE, .utf16BigEndian, [0xFE, 0xFF]),
        (.utf32LE, .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]), (.utf32BE, .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
    ]

    /// JSON texts in each shape: a multi-class object after a Windows line break, an array, NDJSON.
    static let texts = ["{\r\n\"T\": [{\"s\": \"a\"}]}\r\n", "[\n\t{\"s\": \"a\"}\n]", "{\"s\": \"a\"}\n{\"s\": \"b\"}\n", " [{}]"]

    /// The first error reading `bytes` (format detected unless `format`), or nil when every
    /// document reads.
    static func firstError(_ bytes: [UInt8], format: InputFormat? = nil) -> SourceError? {
        var options = SourceOptions()
        options.format = format
        let source = DocumentSource(bytes: bytes, name: "input.json", options: options)
        do {
            while try source.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test func everyEncodingIsNamedWithOrWithoutItsByteOrderMark() throws {
        for (encoding, foundation, mark) in Self.encodings {
            for text in Self.texts {
                let plain = Array(try #require(text.data(using: foundation)))
                for (bytes, hasMark) in [(plain, false), (mark + plain, true)] {
                    for format in [nil, InputFormat.json] {
                        let error = try #require(Self.firstError(bytes, format: format), "\(encoding) \(text.debugDescription)")
                        let told = hasMark ? "it starts with a byte-order mark" : "its zero bytes show it"
                        #expect(error.diagnostic.message
                            == "'input.json' is \(encoding.rawValue) text (\(told)); JSON, CSV and TSV input must be UTF-8",
                            "\(encoding) \(text.debugDescription) \(hasMark)")
                        #expect(error.diagnostic.notes == ["convert it to UTF-8 first, e.g. with iconv -f \(encoding.rawValue) -t UTF-8"])
                        #expect(error.kind == .malformed)
                        #expect(error.diagnostic.location.map { "\($0.file):\($0.line):\($0.column)" } == "input.json:1:1")
                    }
                }
            }
        }
    }

    /// UTF-8 text, with or without its byte-order mark, is not taken for UTF-16 or UTF-32.
    @Test func utf8TextIsNotWide() {
        for text in Self.texts + ["{\"s\": \"\u{E9}\"}", "\u{FEFF}[]"] {
            #expect(WideTextEncoding.sniff(Array(text.utf8)) == nil, "\(text.debugDescription)")
            #expect(Self.firstError(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }

    /// A BSON document of `length` bytes: the `first` elements, then a string element padding
    /// it to the length.
    static func bsonDocument(length: Int, first: [UInt8] = []) -> [UInt8] {
        let padding = length - 4 - first.count - 1 - 8  // type, "p\0", string length, final 0 of the string and of the document
        let element: [UInt8] = [0x02, UInt8(ascii: "p"), 0] + withUnsafeBytes(of: Int32(padding + 1).littleEndian, Array.init)
            + Array(repeating: UInt8(ascii: "x"), count: padding) + [0]
        return withUnsafeBytes(of: Int32(length).littleEndian, Array.init) + first + element + [0]
    }

    /// Documents whose first bytes are each pattern (UTF-16LE `xx 00 xx 00`, UTF-32LE
    /// `xx 00 00 00`, and the byte-order marks but UTF-32BE's, which no length can start with)
    /// are BSON, as their framing says.
    @Test func bsonThatLooksLikeWideTextIsBSON() throws {
        // A UTC datetime with an empty name and whose low bytes are 0: `7B 00 00 00 09 00 00 00`.
        let emptyDate: [UInt8] = [0x09, 0x00] + withUnsafeBytes(of: Int64(0x7B_0000).littleEndian, Array.init)
        let documents: [(WideTextEncoding, Bool, [UInt8])] = [
            (.utf32LE, false, Self.bsonDocument(length: 0x7B)),
            (.utf32LE, false, Self.bsonDocument(length: 0x7B, first: emptyDate)),
            (.utf32LE, false, Self.bsonDocument(length: 0x20)),
            (.utf16LE, false, Self.bsonDocument(length: 0x000A_007B)),
            (.utf16LE, false, Self.bsonDocument(length: 0x0009_0020, first: [0x0A, 0x00])),
            (.utf32LE, true, Self.bsonDocument(length: 0xFEFF)),
            (.utf16LE, true, Self.bsonDocument(length: 0x0001_FEFF)),
            (.utf16BE, true, Self.bsonDocument(length: 0xFFFE)),
            (.utf16BE, true, Self.bsonDocument(length: 0x0001_FFFE)),
        ]
        for (encoding, hasMark, bytes) in documents {
            let sniffed = try #require(WideTextEncoding.sniff(Array(bytes.prefix(4))), "\(bytes.prefix(8))")
            #expect(sniffed.encoding == encoding && sniffed.byteOrderMark == hasMark, "\(bytes.prefix(8))")
            for input in [bytes, bytes + bytes] {
                let source = DocumentSource(bytes: input, name: "T.bson")
                var count = 0
                while try source.next() != nil { count += 1 }
                #expect(source.format == .bson, "\(bytes.prefix(8))")
                #expect(count == input.count / bytes.count)
            }
        }
    }

    /// The other way round: text whose first bytes are a plausible BSON length and element type
    /// (`7B 00 0D 00 0A 00`: length 655,483, then a null element) is the text it is, whether the
    /// input ends before that length or goes on past it.
    @Test func wideTextThatLooksLikeBSONIsText() throws {
        for (encoding, foundation, _) in Self.encodings where encoding == .utf16LE || encoding == .utf32LE {
            for text in Self.texts + ["[\r\n" + String(repeating: "{\"s\": \"a\"},\r\n", count: 70_000) + "{}]"] {
                let bytes = Array(try #require(text.data(using: foundation)))
                let error = try #require(Self.firstError(bytes), "\(encoding)")
                #expect(error.diagnostic.message.contains("is \(encoding.rawValue) text"), "\(error.diagnostic.message)")
            }
        }
    }
}
