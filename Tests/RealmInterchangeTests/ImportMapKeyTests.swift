import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// Map keys and dictionary keys inside mixed values: percent-encoded by default, Realm's
/// errors with `--map-keys reject` (docs/map-keys.md, cases 43–45).
@Suite struct ImportMapKeyTests {
    static let schema = """
        models:
          M:
            primaryKey: id
            properties:
              id: int
              m: int?{}
              v: mixed
        """

    @Test func keysArePercentEncoded() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"id": 1, "m": {"a.b": 1, "$c": 2, "100%": 3, "a$": 4, "": 5, "k": null}}"#,
                                  ImportOptions(className: "M"))
        #expect(run.errors.isEmpty)
        #expect(try harness.value("M", 1, "m") == ["a%2Eb": 1, "%24c": 2, "100%25": 3, "a%24": 4, "": 5, "k": nil])
    }

    @Test func mixedDictionaryKeysAreEncodedAtEveryLevel() throws {
        let harness = try harness()
        try harness.run(#"{"id": 1, "v": {"x.y": [{"$z": true}], "plain": 1}}"#, ImportOptions(className: "M"))
        #expect(try harness.value("M", 1, "v") == ["x%2Ey": [["%24z": true]], "plain": 1])
    }

    @Test func rejectModeUsesRealmsMessages() throws {
        let harness = try harness()
        let options = ImportOptions(className: "M", mapKeys: .reject)
        let run = try harness.run(#"{"id": 1, "m": {"a.b": 1, "$c": 2, "a$": 3}, "v": {"ok": {"d.e": 1}}}"#, options)
        #expect(run.messages == [
            "Dictionary::insert: key must not contain '.'",
            "Dictionary::insert: key must not start with '$'",
            "Dictionary::insert: key must not contain '.'",
        ])
        #expect(run.locations == ["1:17", "1:27", "1:59"])
        #expect(run.errors.first?.notes == ["at JSON path /m/a.b"])
        #expect(try harness.objects("M").isEmpty)
    }

    @Test func rejectModeAcceptsAllowedKeys() throws {
        let harness = try harness()
        let run = try harness.run(#"{"id": 1, "m": {"a$": 1, "": 2, "100%": 3}}"#, ImportOptions(className: "M", mapKeys: .reject))
        #expect(run.errors.isEmpty)
        #expect(try harness.value("M", 1, "m") == ["a$": 1, "": 2, "100%": 3])
    }

    func harness() throws -> ImportHarness { try ImportHarness(Self.schema) }
}
