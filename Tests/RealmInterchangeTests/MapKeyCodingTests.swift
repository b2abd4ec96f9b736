import RealmInterchange
import Testing

/// Map-key percent encoding (docs/map-keys.md) and Realm's rejection texts.
@Suite struct MapKeyCodingTests {
    @Test(arguments: [
        ("plain", "plain"), ("shirt.size", "shirt%2Esize"), ("$plan", "%24plan"), ("a$b$", "a%24b%24"),
        ("100%", "100%25"), ("%2E", "%252E"), ("é.ü$☃%", "é%2Eü%24☃%25"), ("", ""), ("...", "%2E%2E%2E"),
    ])
    func roundTrip(original: String, encoded: String) {
        #expect(MapKeyCoding.encode(original) == encoded)
        #expect(MapKeyCoding.decode(encoded) == original)
        #expect(MapKeyCoding.needsEncoding(original.utf8) == (original != encoded))
    }

    @Test func decodeLeavesOtherSequencesAlone() {
        #expect(MapKeyCoding.decode("%41%2e%2") == "%41%2e%2")
        #expect(MapKeyCoding.decode("a%2Eb%") == "a.b%")
    }

    @Test func rejectModeUsesRealmsMessages() {
        #expect(throws: MapKeyError.self) { try MapKeyCoding.validate("a.b".utf8) }
        var messages: [String] = []
        for key in ["a.b", "$a", "$a.b", "a$", "", "100%"] {
            do throws(MapKeyError) {
                try MapKeyCoding.validate(key.utf8)
                messages.append("ok")
            } catch {
                messages.append(error.message)
            }
        }
        #expect(messages == [
            "Dictionary::insert: key must not contain '.'",
            "Dictionary::insert: key must not start with '$'",
            "Dictionary::insert: key must not start with '$'",
            "ok", "ok", "ok",
        ])
    }
}
