@testable import RealmInterchange
import Testing

/// Documents decoded by a source keep their trees in arenas shared by a generation of
/// documents: every tree stays intact while its document lives, whatever came after it.
@Suite struct JanssonArenaTests {
    @Test func treesOutliveLaterGenerationsAndTheirSource() throws {
        var expected: [String] = []
        for index in 0..<2_000 {
            // Every 100th string is larger than a quarter chunk, so it gets a block of its own.
            let text = String(repeating: "abcdefghij", count: index % 100 == 0 ? 3_000 : index % 17)
            expected.append("{\"i\":\(index),\"s\":\"\(text)\",\"l\":[1,2.5,null,true],\"o\":{\"k\":\"v\"}}")
        }
        var documents: [JSONDocument] = []
        do {
            let source = Fixtures.source(expected.joined(separator: "\n"), bufferSize: 64 * 1024)
            while let document = try source.next() { documents.append(document) }
        }
        // Far more than one generation was decoded; each document holds the one it came from.
        #expect(expected.reduce(0) { $0 + $1.utf8.count } > 4 * JanssonArena.generationBytes)
        #expect(documents.map { $0.withRoot { $0.jsonText } } == expected)
        // Releasing documents in any order leaves the others intact.
        documents = documents.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        #expect(documents.map { $0.withRoot { $0.jsonText } } == expected.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
    }

    @Test func invalidDocumentsAfterValidOnesLeaveThemIntact() {
        let result = Fixtures.readAll("{\"a\": 0, \"l\": [1, {\"b\": \"c\"}]}\n{\"a\": 0, \"l\": [1, {\"b\": tru}]}\n", bufferSize: 64)
        #expect(result.documents.map(\.json) == [#"{"a":0,"l":[1,{"b":"c"}]}"#])
        #expect(result.locations == ["2:25"])
    }
}
