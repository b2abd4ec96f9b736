import Foundation
import Testing
@testable import RealmFile

/// Full-text indexes as realm-core builds them: the words of each string (`FullTextTokens`) and
/// the index over them (`SearchIndexWriter`, whole-word form). The fixtures `fulltext.realm` and
/// `decimal-widths.realm` were written by realm-core; written again by this writer, every index
/// gives the same lookups (`SearchIndexDump`) as realm-core's.
@Suite("RealmFileWriter writes full-text indexes as realm-core does")
struct FullTextIndexTests {
    private typealias W = WritingSupport

    @Test(arguments: [
        ("The quick brown Fox", ["the", "quick", "brown", "fox"]),
        ("the THE thé THÉ", ["the"]),
        ("Ærøskøbing Ÿ ÿ", ["ærøskøbing"]),
        ("a×b c÷d ×", ["ab", "cd", ""]),
        ("日本語 café😀CAFÉ", ["cafe"]),
        ("don't re-use", ["don", "t", "re", "use"]),
        ("ß Straße µ¿", ["ß", "straße"]),
        ("   ", []),
        ("Ð Þ Å Ø Ñ Ý Ç", ["ð", "þ", "å", "ø", "n", "y", "c"]),
    ])
    func wordsOf(_ text: String, _ expected: [String]) {
        #expect(FullTextTokens.words(text) == Set(expected.map { Array($0.utf8) }))
    }

    @Test func wordsKeepAtMost64Bytes() {
        #expect(FullTextTokens.words(String(repeating: "A", count: 70)) == [Array(repeating: UInt8(ascii: "a"), count: 64)])
        // A letter kept as two bytes (æ) that would end past byte 64 is dropped whole; é folds to e.
        let word = String(repeating: "b", count: 63) + "æ"
        #expect(FullTextTokens.words(word) == [Array(repeating: UInt8(ascii: "b"), count: 63)])
        let fits = String(repeating: "c", count: 62) + "Æ"
        #expect(FullTextTokens.words(fits) == [Array(String(repeating: "c", count: 62).utf8) + [0xc3, 0xa6]])
        let folded = String(repeating: "d", count: 63) + "é"
        #expect(FullTextTokens.words(folded) == [Array(String(repeating: "d", count: 63).utf8) + [UInt8(ascii: "e")]])
    }

    @Test(arguments: [("fulltext", "Note", ["text", "title", "_id"]), ("decimal-widths", "D", ["note", "_id"])])
    func indexesWrittenAgainFindWhatRealmCoreFinds(_ fixture: String, _ className: String, _ properties: [String]) throws {
        let original = try RealmFile(path: Fixtures.path(fixture + ".realm"))
        let copy = try RealmFile(bytes: try W.rewrite(original))
        let table = RealmClass.tablePrefix + className
        for property in properties {
            let expected = try #require(try SearchIndexDump.dump(original, table: table, property: property))
            let written = try #require(try SearchIndexDump.dump(copy, table: table, property: property))
            #expect(expected.count > 10, "\(property): the fixture's index has entries")
            let firstDifference = zip(written, expected).first { $0 != $1 }
            #expect(written == expected, "\(fixture) \(property): \(written.count) vs \(expected.count) paths; first difference \(String(describing: firstDifference))")
        }
        let cls = try #require(copy.realmClass(named: className))
        #expect(cls.properties.filter(\.isFullTextIndexed).map(\.name) == properties.filter { $0 != "_id" })
    }

    @Test func onlyStringPropertiesTakeAFullTextIndex() {
        var property = W.property("count", .int)
        property.isFullTextIndexed = true
        let schema = [W.realmClass("Post", [property])]
        #expect {
            _ = try RealmFileWriter(schema: schema, schemaVersion: 0)
        } throws: { error in
            "\(error)".contains("'Post.count' cannot have a full-text index")
        }
    }
}
