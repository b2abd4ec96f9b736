import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Exports on two threads (`ClassSpooler`): later classes and second halves of large classes
/// (`Store.exportSplit`) spooled on a second thread give the same bytes as one thread, in every
/// shape and layout, only when both connections read the same version, with the same errors.
@Suite("realm-export classes on a second thread")
struct ExportClassSpoolTests {
    /// The export's text and how many classes came from the second thread's spools.
    static func export(_ store: Store, _ options: ExportOptions = ExportOptions(),
                       _ configure: (ExportDriver) -> Void = { _ in }) throws -> (text: String, spooled: Int) {
        let output = ExportOutput.memory(capacity: 256)
        let exporter = Exporter(store: store, options: options, output: output)
        configure(exporter.driver)
        try exporter.export()
        return (output.text, exporter.driver.spooledUnits)
    }

    static let oneThread: @Sendable (ExportDriver) -> Void = { $0.spoolsClasses = false }
    /// Every later unit spooled: by the second thread, or by the exporter's thread ahead while the
    /// second is busy (the exporter never writes a unit the second thread has not started directly).
    static let allSpooled: @Sendable (ExportDriver) -> Void = { $0.claimsUnstartedClasses = false }
    /// As `allSpooled`, with every class of two objects or more cut in two.
    static let halves: @Sendable (ExportDriver) -> Void = {
        $0.claimsUnstartedClasses = false
        $0.splitMinimumObjects = 2
    }

    /// A store of random objects of every kind (links, classes without a primary key whose keys
    /// have gaps) in `ExportTestSchema`'s classes.
    static func randomStore(seed: UInt64) throws -> (Store, CompiledSchema) {
        let schema = ExportTestSchema.make(singleClass: false, references: true)
        let store = try Store(path: try Temporary.path("realm-export-spool") + "/a.sqlite", schema: schema)
        var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: true)
        try generator.fill(store, objects: 25)
        return (store, schema)
    }

    /// An export of every class in halves whose second thread dawdles over unit 1 after taking
    /// it, so that the exporter's thread spools the units after it itself.
    static func exportSpoolingAhead(_ store: Store, _ options: ExportOptions) throws -> (text: String, exporter: Exporter) {
        let output = ExportOutput.memory(capacity: 256)
        let exporter = Exporter(store: store, options: options, output: output)
        halves(exporter.driver)
        exporter.driver.beforeSpoolerUnit = { index in if index == 1 { usleep(300_000) } }
        try exporter.export()
        return (output.text, exporter)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func spooledClassesAreTheOneThreadBytes(seed: UInt64) throws {
        let (store, schema) = try Self.randomStore(seed: seed)
        let classes = schema.models.filter { $0.kind == .object }.count
        #expect(classes > 2)
        for mode in [ExtendedJSONMode.relaxed, .canonical] {
            for pretty in [false, true] {
                let options = ExportOptions(mode: mode, pretty: pretty)
                let expected = try Self.export(store, options, Self.oneThread)
                #expect(expected.spooled == 0)
                let spooled = try Self.export(store, options, Self.allSpooled)
                #expect(spooled.spooled == classes - 1)
                #expect(spooled.text == expected.text, "\(mode) pretty \(pretty)")
                let halved = try Self.export(store, options, Self.halves)
                #expect(halved.spooled == 2 * classes - 1)
                #expect(halved.text == expected.text, "\(mode) pretty \(pretty)")
                // Claimed by whichever thread is free: the same bytes whoever writes which unit.
                #expect(try Self.export(store, options) { $0.splitMinimumObjects = 2 }.text == expected.text)
            }
        }
    }

    /// One class as NDJSON and as an array, cut in two: the same bytes as one thread.
    @Test(arguments: [4, 5] as [UInt64])
    func halvesOfOneClassAreTheOneThreadBytes(seed: UInt64) throws {
        let (store, schema) = try Self.randomStore(seed: seed)
        var compared = 0
        for model in schema.models where model.kind == .object {
            for shape in [ExportOptions.Shape.ndjson, .array] {
                let options = ExportOptions(classes: [model.name], shape: shape, mode: .canonical)
                // Classes linking to classes without a primary key cannot be exported alone.
                guard let expected = try? Self.export(store, options, Self.oneThread) else { continue }
                compared += 1
                let halved = try Self.export(store, options, Self.halves)
                #expect(halved.spooled == 1)
                #expect(halved.text == expected.text, "\(model.name) \(shape)")
            }
        }
        #expect(compared >= 4)
    }

    static let smallSchema = CompiledSchema(models: [
        model("A", primaryKey: "id", [property("id", .int(.int), primaryKey: true), property("name", .string)]),
        model("B", primaryKey: "id", [property("id", .int(.int), primaryKey: true), property("when", .date), property("tags", .string, .list)]),
        model("C", primaryKey: "id", [property("id", .string, primaryKey: true), property("b", .object("B"), optional: true)]),
        model("D", primaryKey: "id", [property("id", .string, optional: true, primaryKey: true), property("n", .int(.int))]),
    ])

    static func smallStore() throws -> Store {
        let store = try Store(path: try Temporary.path("realm-export-spool") + "/s.sqlite", schema: smallSchema)
        try store.write {
            for id in 1...200 {
                _ = try store.create("A", value: ["id": .value(.int(Int64(id))), "name": .value(.string("a\(id)"))])
                let b = try store.create("B", value: ["id": .value(.int(Int64(id))), "when": .value(.date(Timestamp(seconds: Int64(id)))),
                                                      "tags": .collection([.value(.string("x")), .value(.string("y\(id)"))])])
                let c = try store.create("C", value: ["id": .value(.string("c\(id)"))])
                try store.set(c, "b", .value(.object(b)))
                // Primary keys out of key order, one of them null.
                _ = try store.create("D", value: ["id": id == 7 ? nil : .value(.string("d\((id * 37) % 211)")),
                                                  "n": .value(.int(Int64(id)))])
            }
        }
        return store
    }

    /// A `beforeSpoolerRead` hook: another connection commits a new B (id 1000) after the
    /// exporter's read began, before the second connection's.
    static func committingAnotherB(to path: String) -> @Sendable () -> Void {
        {
            guard let writer = try? Store(path: path) else { return }
            try? writer.write { _ = try writer.create("B", value: ["id": .value(.int(1000)), "when": .value(.date(Timestamp(seconds: 0)))]) }
        }
    }

    @Test func aCommitBetweenTheTwoReadsLeavesEveryClassToOneThread() throws {
        let store = try Self.smallStore()
        let before = try Self.export(store, ExportOptions(), Self.oneThread)
        let path = store.path
        let commits = try Self.export(store) {
            Self.allSpooled($0)
            $0.beforeSpoolerRead = Self.committingAnotherB(to: path)
        }
        #expect(commits.spooled == 0)
        #expect(commits.text == before.text)
        // The commit happened: the next export has the new B, now from the second thread.
        let after = try Self.export(store, ExportOptions(), Self.allSpooled)
        #expect(after.spooled == 3)
        #expect(after.text != before.text && after.text.contains("\"id\":1000"))
        #expect(after.text == (try Self.export(store, ExportOptions(), Self.oneThread)).text)
    }

    /// A null primary key (first in the export order) stays in the first half.
    @Test func aNullPrimaryKeyIsInTheFirstHalf() throws {
        let store = try Self.smallStore()
        let options = ExportOptions(classes: ["D"], shape: .ndjson)
        let expected = try Self.export(store, options, Self.oneThread)
        #expect(expected.text.hasPrefix(#"{"id":null,"n":7}"#))
        let split = try #require(try store.readTransaction { try store.exportSplit("D") })
        #expect(split.firstCount == 100)
        let halved = try Self.export(store, options, Self.halves)
        #expect(halved.spooled == 1)
        #expect(halved.text == expected.text)
        #expect(try store.readTransaction { try store.exportSplit("D", minimumObjects: 201) } == nil)
    }

    @Test func withoutASpoolEveryClassIsWrittenByOneThread() throws {
        let store = try Self.smallStore()
        let expected = try Self.export(store, ExportOptions(), Self.oneThread)
        let unspooled = try Self.export(store) {
            Self.halves($0)
            $0.spoolDirectory = "/nonexistent/realm-export-spool"
        }
        #expect(unspooled.spooled == 0)
        #expect(unspooled.text == expected.text)
    }

    @Test func aFailureInASpooledClassIsTheOneThreadFailure() throws {
        let store = try Self.smallStore()
        try store.write {
            let b = try store.objects("B")[150]
            try store.set(b, "when", .value(.date(Timestamp(seconds: 400_000_000_000, nanoseconds: 1))))
        }
        var messages: [String] = []
        for configure in [Self.oneThread, Self.allSpooled, Self.halves] {
            do {
                _ = try Self.export(store, ExportOptions(), configure)
                Issue.record("the export succeeded")
            } catch let error as ExportError {
                #expect(!error.isIOFailure)
                messages.append(error.message)
            }
        }
        #expect(messages.count == 3 && Set(messages).count == 1)
        #expect(messages.first?.contains("outside the years 0000-9999") == true, "\(messages)")
    }

    /// While the second thread still writes the unit due next, the exporter's thread spools the
    /// units after it on its own connection instead of waiting: the same bytes.
    @Test func theExporterSpoolsAheadWhileTheSecondThreadIsBusy() throws {
        let store = try Self.smallStore()
        for options in [ExportOptions(), ExportOptions(mode: .canonical, pretty: true)] {
            let expected = try Self.export(store, options, Self.oneThread)
            let (text, exporter) = try Self.exportSpoolingAhead(store, options)
            #expect(exporter.driver.spooledAhead >= 1)
            // Four classes in halves: eight units, the first written directly, the rest spooled.
            #expect(exporter.driver.spooledUnits == 7)
            #expect(text == expected.text)
        }
    }

    /// Spooling ahead on the exporter's own connection shares its insertion ordinals (temporary
    /// tables of that connection, for classes without a primary key whose keys have gaps).
    @Test(arguments: [6, 7] as [UInt64])
    func spoolingAheadSharesTheInsertionOrdinals(seed: UInt64) throws {
        let (store, _) = try Self.randomStore(seed: seed)
        let expected = try Self.export(store, ExportOptions(), Self.oneThread)
        let (text, exporter) = try Self.exportSpoolingAhead(store, ExportOptions())
        #expect(exporter.driver.spooledAhead >= 2)
        #expect(text == expected.text)
    }

    @Test func aWriteFailureStopsTheSecondThread() throws {
        let store = try Self.smallStore()
        // A descriptor that is not open: the first flush fails, while the second thread is busy.
        let exporter = Exporter(store: store, options: ExportOptions(), output: .fileDescriptor(-1, name: "nowhere", capacity: 64))
        exporter.driver.claimsUnstartedClasses = false
        #expect(throws: ExportError.self) { try exporter.export() }
        // The store is usable afterwards (the second thread's read ended) and exports again.
        #expect(try Self.export(store, ExportOptions(), Self.allSpooled).spooled == 3)
    }
}
