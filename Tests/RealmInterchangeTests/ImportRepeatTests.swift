import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Under `--mode upsert`, a nested object with a primary key given again with exactly the
/// content this run inserted it with is linked, not written again (`Importer+Repeats.swift`);
/// everything observable is as if it had been upserted.
@Suite struct ImportRepeatTests {
    typealias R = RepeatImport

    /// Six people sharing four dogs, each dog always with the same content.
    static let people: [RepeatDoc] = (1...6).map { id in
        R.person(Int64(id), [R.dog(Int64(id % 4)), R.dog(Int64((id + 1) % 4))])
    }

    /// The same store, summary, diagnostics and observable changes with and without linking;
    /// with it, no repeat is updated or has its toys deleted.
    @Test(arguments: [false, true]) func repeatsAreLinkedNotRewritten(bson: Bool) throws {
        let linked = try R.run(Self.people, bson: bson, links: true)
        let written = try R.run(Self.people, bson: bson, links: false)
        #expect(linked.diagnostics.isEmpty && written.diagnostics.isEmpty, "\(linked.diagnostics)")
        #expect(linked.export == written.export && linked.export.contains("dog3v1"))
        #expect(linked.summary == written.summary)
        #expect(linked.summary.classes["Dog"]?.created == 4 && linked.summary.classes["Dog"]?.updated == 8)
        #expect(linked.linked == 8 && written.linked == 0)
        // BSON's reading thread converts the dogs whole and makes their fingerprints: a repeat
        // is not even converted. JSON's converts them on the importer's thread.
        #expect(linked.linkedUnconverted == (bson ? 8 : 0))
        #expect(linked.count(#"UPDATE "Dog""#) == 0 && linked.count(#"DELETE FROM "Dog.toys""#) == 0)
        #expect(written.count(#"UPDATE "Dog""#) == 8 && written.count(#"DELETE FROM "Dog.toys""#) == 8)
        // Observers see the same changes; only the keys of the embedded toys may differ.
        let changes = try #require(linked.changes), writtenChanges = try #require(written.changes)
        #expect(changes["Person"] == writtenChanges["Person"] && changes["Dog"] == writtenChanges["Dog"])
        #expect(changes["Dog"].inserted.count == 4 && changes["Dog"].modified.isEmpty)
        #expect(changes["Toy"].inserted.count == writtenChanges["Toy"].inserted.count)
        #expect(changes["Toy"].deleted.isEmpty && writtenChanges["Toy"].deleted.isEmpty)
    }

    /// Hundreds of recorded dogs (the records' table grows several times, from 64 slots): each
    /// repeat still finds its own record, one with other content forgets only its own.
    @Test(arguments: [false, true]) func manyRecordsEachFindTheirOwn(bson: Bool) throws {
        let first = (1...300).map { R.person(Int64($0), [R.dog(Int64($0))]) }
        let again = (301...600).map { (id: Int) -> RepeatDoc in
            let version = id % 7 == 0 ? 2 : 1
            return R.person(Int64(id), [R.dog(Int64(id - 300), version: version)])
        }
        let linked = try R.run(first + again, bson: bson, links: true)
        let written = try R.run(first + again, bson: bson, links: false)
        #expect(linked.diagnostics.isEmpty && linked.export == written.export && linked.summary == written.summary)
        let changed = (301...600).filter { $0 % 7 == 0 }.count
        #expect(linked.linked == 300 - changed && linked.count(#"UPDATE "Dog""#) == changed)
    }

    /// A repeat with other content is upserted, and the record of the first content is gone:
    /// the first content given once more is written again, not linked to the changed dog.
    @Test(arguments: [false, true]) func aRepeatWithOtherContentIsWritten(bson: Bool) throws {
        let documents = [R.person(1, [R.dog(7)]), R.person(2, [R.dog(7, version: 2)]), R.person(3, [R.dog(7)]),
                         R.person(4, [R.dog(7)])]
        let linked = try R.run(documents, bson: bson, links: true)
        let written = try R.run(documents, bson: bson, links: false)
        #expect(linked.export == written.export && linked.summary == written.summary)
        #expect(linked.export.contains("dog7v1") && !linked.export.contains("dog7v2"))
        // Person 3's dog was updated (not recorded: the run did not insert it then); person 4's too.
        #expect(linked.linked == 0 && linked.count(#"UPDATE "Dog""#) == 3)
    }

    /// A dog changed by a top-level document of another input in the same run is written
    /// again when the first content comes back.
    @Test func aRepeatAfterAnotherWriteIsWritten() throws {
        var exports: [String] = []
        for links in [true, false] {
            let harness = try ImportHarness(R.schema)
            let importer = try Importer(store: try harness.open, options: ImportOptions(mode: .upsert))
            importer.linksRepeats = links
            for input in [#"{"Person": [\#(R.person(1, [R.dog(5)]).json)]}"#, #"{"Dog": [{"id": 5, "name": "other"}]}"#,
                          #"{"Person": [\#(R.person(2, [R.dog(5)]).json)]}"#] {
                try importer.importInput(DocumentSource(bytes: Array(input.utf8), name: "in.json", options: importer.sourceOptions))
            }
            let summary = try importer.finish()
            #expect(importer.diagnostics.isEmpty && summary.classes["Dog"]?.updated == 2)
            #expect(importer.repeats.linked == 0)
            #expect(try harness.value("Dog", .int(5), "name") == .string("dog5v1"))
            let output = ExportOutput.memory(capacity: 1 << 16)
            try Exporter(store: try harness.open, options: ExportOptions(), output: output).export()
            exports.append(String(decoding: output.bytes, as: UTF8.self))
        }
        #expect(exports[0] == exports[1])
    }

    /// Objects stored before the run are upserted every time they are given.
    @Test(arguments: [false, true]) func objectsStoredBeforeTheRunAreWritten(bson: Bool) throws {
        let harness = try ImportHarness(R.schema)
        _ = try R.run([R.person(1, [R.dog(2, version: 3)])], bson: bson, links: true, into: harness)
        let second = try R.run([R.person(2, [R.dog(2)]), R.person(3, [R.dog(2)])], bson: bson, links: true, into: harness)
        #expect(second.diagnostics.isEmpty && second.linked == 0)
        #expect(second.count(#"UPDATE "Dog""#) == 2 && second.summary.classes["Dog"]?.updated == 2)
    }

    /// Insert and merge runs never link: the same errors, counts and stores as without it.
    @Test(arguments: [ImportMode.insert, .merge]) func otherModesAreUnchanged(mode: ImportMode) throws {
        let linked = try R.run(Self.people, bson: true, mode: mode, links: true)
        let written = try R.run(Self.people, bson: true, mode: mode, links: false)
        #expect(linked.diagnostics == written.diagnostics && linked.summary == written.summary)
        #expect(linked.export == written.export && linked.linked == 0)
        if mode == .insert {
            #expect(linked.diagnostics.contains { $0.contains("existing primary key value") })
        }
    }

    /// An unknown key is a warning counted at every occurrence, linked or not.
    @Test(arguments: [false, true]) func unknownKeysAreCountedEachTime(bson: Bool) throws {
        let dog = R.dog(4, extra: [("color", .string("brown"))])
        let documents = [R.person(1, [dog]), R.person(2, [dog]), R.person(3, [dog])]
        let linked = try R.run(documents, bson: bson, links: true)
        let written = try R.run(documents, bson: bson, links: false)
        #expect(linked.summary == written.summary && linked.diagnostics == written.diagnostics)
        #expect(linked.summary.classes["Dog"]?.warnings == 3 && linked.export == written.export)
        #expect(linked.linked == 2)
    }

    /// After the run's first error every create has a savepoint: a dog whose own document has
    /// an error is not created, so when it comes again it is created then, as without linking.
    @Test(arguments: [false, true]) func afterAnErrorTheSameCountsAndErrors(bson: Bool) throws {
        let bad = RepeatDoc.doc([("id", .int(8)), ("name", .int(3)), ("toys", .array([]))])
        let documents = [R.person(1, [R.dog(6)], age: .string("x")), R.person(2, [R.dog(6), bad]), R.person(3, [R.dog(6)]),
                         R.person(4, [R.dog(8)]), R.person(5, [R.dog(8)])]
        let linked = try R.run(documents, bson: bson, links: true)
        let written = try R.run(documents, bson: bson, links: false)
        #expect(linked.diagnostics == written.diagnostics && linked.summary == written.summary)
        #expect(linked.diagnostics.count == 2 && !linked.summary.committed)
        #expect(linked.summary.classes["Dog"]?.created == 2 && linked.linked == 3)
    }

    /// Past the memory cap objects are written as without linking.
    @Test func pastTheCapObjectsAreWritten() throws {
        let capped = try R.run(Self.people, bson: true, links: true, byteLimit: 0)
        let written = try R.run(Self.people, bson: true, links: false)
        #expect(capped.linked == 0 && capped.count(#"UPDATE "Dog""#) == 8)
        #expect(capped.export == written.export && capped.summary == written.summary)
    }

    /// Equal fingerprints mean equal inputs, exactly.
    @Test func fingerprintsAreExact() throws {
        let inputs: [[InputValue?]] = [
            [.value(.double(0.0))], [.value(.double(-0.0))], [.value(.float(0))], [.value(.int(0))],
            [.value(.string("é"))], [.value(.string("e\u{301}"))], [nil], [.value(.null)],
            [.object(["a": "x", "b": "y"])], [.object(["a": "y", "b": "x"])], [.map(["a": "x", "b": "y"])],
            [.collection(["x", "y"])], [.collection(["y", "x"])], [.value(.string("x")), .value(.string("y"))],
            [.value(.decimal128(try Decimal128(string: "1.5")))], [.value(.decimal128(try Decimal128(string: "1.50")))],
        ]
        let fingerprints = try inputs.map { try #require(ObjectFingerprint.encode($0)) }
        #expect(Set(fingerprints).count == inputs.count)
        #expect(ObjectFingerprint.encode([.object(["b": "y", "a": "x"])]) == fingerprints[8])
        #expect(ObjectFingerprint.encode([.value(.object(ObjectKey(className: "Dog", key: 1)))]) == nil)
    }

    /// Only classes whose stored content follows from their own input take part: no links to
    /// other classes (a reference may be resolved later), no mixed values (one may hold a
    /// link), at any depth of embedded objects; and only with a primary key to find them by.
    @Test func onlyClassesThatWriteOnlyTheirInputAreRecorded() throws {
        let schema = try schemaFromYAML("""
            models:
              Dog: { primaryKey: id, properties: { id: int, toys: "Toy[]", vet: Vet?, scores: "double{}" } }
              Toy: { embedded: true, properties: { brand: string, parts: "Part[]" } }
              Part: { embedded: true, properties: { name: string } }
              Vet: { embedded: true, properties: { name: string } }
              Cat: { primaryKey: id, properties: { id: int, friend: Dog? } }
              Bird: { primaryKey: id, properties: { id: int, tag: Tag? } }
              Tag: { embedded: true, properties: { owner: Cat? } }
              Fish: { primaryKey: id, properties: { id: int, any: mixed } }
              Note: { properties: { text: string } }
            """)
        let plans = ImportClassPlan.plans(for: schema)
        let repeatable = Set(plans.values.filter(\.isRepeatable).map(\.name))
        #expect(repeatable == ["Dog"])
    }
}
