import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// Bad BSON is a located error (document number, the document's and the element's byte
/// offsets, the field path) and nothing is written: cut-off input, wrong lengths, invalid
/// UTF-8, unknown or unsupported element types, nesting past the limit, and values of the
/// wrong type for their property (in BSON's terms: docs/mongodb.md, section 2.1).
@Suite struct BSONBadInputTests {
    static let schema = """
        models:
          T:
            properties: { s: string?, i32: int32?, b: bool?, m: mixed, a: Addr? }
          Addr:
            embedded: true
            properties: { city: string }
        """

    static func run(_ bytes: [UInt8], format: InputFormat? = nil) throws -> (ImportRun, ImportHarness) {
        let harness = try ImportHarness(Self.schema)
        let importer = try Importer(store: try harness.open, options: ImportOptions(className: "T"))
        var options = importer.sourceOptions
        options.format = format
        try importer.importInput(DocumentSource(bytes: bytes, name: "input.bson", options: options))
        let summary = try importer.finish()
        #expect(!summary.committed)
        #expect(try harness.objects("T").isEmpty)
        return (ImportRun(summary: summary, diagnostics: importer.diagnostics), harness)
    }

    /// The offset of the element named `key` (its type byte) in `bytes`.
    static func element(_ key: String, in bytes: [UInt8], after start: Int = 0) -> Int {
        let wanted = Array(key.utf8) + [0]
        return (start..<bytes.count).first { Array(bytes[$0..<min(bytes.count, $0 + wanted.count)]) == wanted }! - 1
    }

    static func place(document: Int, start: Int, element: Int? = nil) -> String {
        "in BSON document \(document) of input.bson, which starts at byte \(start)" + (element.map { "; the element starts at byte \($0)" } ?? "")
    }

    @Test func aTruncatedDocumentIsLocated() throws {
        let bytes = try PyMongoBSON.bytes("[{'s': 'one'}, {'s': 'two'}]")
        let first = bytes.count / 2
        let (run, _) = try Self.run(Array(bytes.dropLast(3)))
        #expect(run.messages == ["truncated BSON: the input ends after \(first - 3) of the document's \(first) bytes"])
        #expect(run.errors.first?.notes == [Self.place(document: 2, start: first)])
        let (cut, _) = try Self.run(Array(bytes.prefix(first + 2)), format: .bson)
        #expect(cut.messages == ["truncated BSON: the input ends inside a document's length (2 of its 4 bytes)"])
    }

    @Test func wrongLengthsAreErrors() throws {
        let bytes = try PyMongoBSON.bytes("[{'b': True}]")
        var small = bytes
        small[0] = 4
        #expect(try Self.run(small, format: .bson).0.messages == ["wrong BSON document length 4: a document has at least 5 bytes"])
        var large = bytes
        large[3] = 0x02
        #expect(try Self.run(large, format: .bson).0.messages
            == ["BSON document length \(0x0200_0000 + Int(bytes[0])) is over MongoDB's limit of 16777216 bytes (16 MiB), "
                + "the default of --max-document-size; the document was not read"])
        var short = bytes
        short[0] -= 1
        #expect(try Self.run(short).0.messages
            == ["wrong BSON document length: the document does not end with a 0 byte where its length says"])
        // An embedded document whose length runs past its parent's end.
        var inner = try PyMongoBSON.bytes("[{'a': {'city': 'x'}}]")
        inner[Self.element("a", in: inner) + 3] = 0x40
        let (run, _) = try Self.run(inner)
        #expect(run.messages == ["wrong BSON length: the embedded document runs past the end of the document that holds it"])
        #expect(run.errors.first?.notes == [Self.place(document: 1, start: 0, element: Self.element("a", in: inner)), "at field path a"])
    }

    @Test func invalidUTF8IsLocatedAtItsElement() throws {
        var bytes = try PyMongoBSON.bytes("[{'s': 'fine'}, {'m': {'k': ['ab']}}, {'\\u00e9': 1}]")
        let second = Int(bytes[0])
        let third = second + Int(bytes[second])
        let list = Self.element("k", in: bytes, after: second)
        bytes[list + 14] = 0xFF  // 'a' of "ab": past the list's type, name, length, the string's type, name and length
        bytes[third + 5] = 0x28  // the second byte of é
        let (run, _) = try Self.run(bytes)
        #expect(run.messages == ["invalid UTF-8 in a BSON string", "invalid UTF-8 in a BSON element name"])
        #expect(run.errors.first?.notes == [Self.place(document: 2, start: second, element: list + 7), "at field path m.k.0"])
        #expect(run.errors.last?.notes == [Self.place(document: 3, start: third, element: third + 4)])
    }

    @Test func nestingPastOneHundredLevelsIsAnError() throws {
        let nested = { (levels: Int) in "[{'x': __import__('functools').reduce(lambda d, _: {'x': d}, range(\(levels - 1)), {'a': 1})}]" }
        let deepest = try PyMongoBSON.bytes(nested(100))
        let harness = try ImportHarness(Self.schema)
        #expect(try harness.run(bytes: deepest, ImportOptions(className: "T"), name: "input.bson").errors.isEmpty)
        let tooDeep = try PyMongoBSON.bytes(nested(101))
        let (run, _) = try Self.run(tooDeep)
        #expect(run.messages == ["BSON documents and arrays nest more than 100 levels deep"])
        #expect(run.errors.first?.notes.last == "at field path " + Array(repeating: "x", count: 101).joined(separator: "."))
    }

    @Test func unknownAndUnsupportedTypesAreErrors() throws {
        var unknown = try PyMongoBSON.bytes("[{'b': True}]")
        unknown[4] = 0x14
        #expect(try Self.run(unknown, format: .bson).0.messages == ["unknown BSON element type 0x14"])
        let (run, _) = try Self.run(try PyMongoBSON.bytes(
            "[{'m': bson.regex.Regex('a+')}, {'m': bson.timestamp.Timestamp(1, 2)}, {'m': bson.min_key.MinKey()}]"))
        #expect(run.messages == ["BSON type regular expression (0x0B) has no Realm property type",
                                 "BSON type timestamp (0x11) has no Realm property type",
                                 "BSON type min key (0xFF) has no Realm property type"])
    }

    /// A key given twice is an error, as in JSON; reading goes on with the next document.
    @Test func duplicateKeysAreErrors() throws {
        let element: [UInt8] = [0x08, UInt8(ascii: "b"), 0]
        var duplicate: [UInt8] = [0, 0, 0, 0] + element + [1] + element + [0] + [0]
        duplicate[0] = UInt8(duplicate.count)
        let valid = try PyMongoBSON.bytes("[{'s': 'x'}]")
        let (run, _) = try Self.run(duplicate + valid + duplicate)
        #expect(run.messages == ["duplicate key 'b' in a BSON document", "duplicate key 'b' in a BSON document"])
        let third = duplicate.count + valid.count
        #expect(run.errors.last?.notes == [Self.place(document: 3, start: third, element: third + 8)])
        #expect(run.summary.documents == 1)
    }

    /// Bad input never crashes: every cut of a valid input, and bytes changed at random, end
    /// in a commit or in located errors with nothing written (seeded, so a failure replays).
    @Test func cutAndMutatedInputNeverCrashes() throws {
        let valid = try PyMongoBSON.bytes("""
            [{'s': 'x\\u00e9', 'i32': 7, 'b': False, 'a': {'city': 'Oslo'},
              'm': [1, 2.5, None, {'k': [DatetimeMS(-5), Decimal128('1.5'), ObjectId('6560a1f0c0ffee0000000001')]},
                    Binary(b'ab', 0), Binary(b'0123456789abcdef', 4), Int64(-1)]},
             {'s': None, 'm': {'deep': {'er': ['x']}}}]
            """)
        let harness = try ImportHarness(Self.schema)
        var inputs = (0..<valid.count).map { Array(valid.prefix($0)) }
        var random = SeededRandom(seed: 19)
        for _ in 0..<400 {
            var mutated = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(mutated)
        }
        for input in inputs {
            let before = try harness.objects("T").count
            let importer = try Importer(store: try harness.open, options: ImportOptions(className: "T"))
            var options = importer.sourceOptions
            options.format = .bson
            try importer.importInput(DocumentSource(bytes: input, name: "input.bson", options: options))
            let summary = try importer.finish()
            let errors = importer.diagnostics.filter { $0.severity == .error }
            #expect(summary.committed == errors.isEmpty)
            #expect(errors.allSatisfy { $0.notes.first?.hasPrefix("in BSON document ") == true }, "\(errors)")
            if !summary.committed { #expect(try harness.objects("T").count == before) }
        }
    }

    /// A value of the wrong BSON type gets Realm's message with the element's BSON type (the
    /// value's text where it has one), placed at its element, its field path dotted, and advice
    /// for a BSON file (docs/mongodb.md, section 2.1).
    @Test func wrongTypesAreWordedInBSONTerms() throws {
        let bytes = try PyMongoBSON.bytes("[{'s': 'ok'}, {'b': True, 's': 5}, {'i32': Int64(2147483648)}, {'a': {'city': 1.5}}]")
        let second = Int(bytes[0])
        let third = second + Int(bytes[second])
        let fourth = third + Int(bytes[third])
        let (run, _) = try Self.run(bytes)
        #expect(run.messages == [
            "Invalid value '5' of BSON type 'int32' for 'string?' property 'T.s'.",
            "Invalid value '2147483648' of BSON type 'int64' for 'int32?' property 'T.i32': out of range for 'int32' (-2147483648 to 2147483647).",
            "Invalid value '1.5' of BSON type 'double' for 'string' property 'Addr.city'.",
        ])
        #expect(run.errors.map(\.notes) == [
            [Self.place(document: 2, start: second, element: Self.element("s", in: bytes, after: second)), "at field path s"],
            [Self.place(document: 3, start: third, element: third + 4),
             "declare the property 'int' (or 'int64') in the schema to hold every int64, not 'int32'", "at field path i32"],
            [Self.place(document: 4, start: fourth, element: Self.element("city", in: bytes, after: fourth)), "at field path a.city"],
        ])
    }

    /// Each BSON type by its name, with its value's text where it has a short one, and the
    /// reason for a double: no Extended JSON in any of it.
    @Test func everyElementTypeIsNamedAsBSONNamesIt() throws {
        let bytes = try PyMongoBSON.bytes("""
            [{'i32': 2.0}, {'s': datetime.datetime(2024, 1, 15, 9, 30, 0, 123000)}, {'s': ObjectId('6560a1f0c0ffee0000000001')},
             {'i32': Decimal128('1.5')}, {'b': 'yes'}, {'s': [1]}, {'s': {'k': 1}}, {'a': {'city': None}}, {'s': Binary(b'x', 0)},
             {'s': True}]
            """)
        let (run, _) = try Self.run(bytes)
        #expect(run.messages == [
            "Invalid value '2.0' of BSON type 'double' for 'int32?' property 'T.i32': a double never fills an integer property.",
            "Invalid value '2024-01-15T09:30:00.123Z' of BSON type 'UTC datetime' for 'string?' property 'T.s'.",
            "Invalid value '6560a1f0c0ffee0000000001' of BSON type 'ObjectId' for 'string?' property 'T.s'.",
            "Invalid value of BSON type 'Decimal128' for 'int32?' property 'T.i32'.",
            "Invalid value 'yes' of BSON type 'string' for 'bool?' property 'T.b'.",
            "Invalid value of BSON type 'array' for 'string?' property 'T.s'.",
            "Invalid value of BSON type 'embedded document' for 'string?' property 'T.s'.",
            "Invalid value of BSON type 'null' for 'string' property 'Addr.city'.",
            "Invalid value of BSON type 'binary subtype 0x00 (generic)' for 'string?' property 'T.s'.",
            "Invalid value 'true' of BSON type 'boolean' for 'string?' property 'T.s'.",
        ])
        #expect(run.errors.allSatisfy { !$0.notes.joined().contains("$") }, "\(run.diagnostics)")
    }
}
