import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// The BSON export on two threads (`BSONDocumentWriter+Units.swift` run by `ExportDriver` over
/// `ClassSpooler`, as the JSON export): later classes and halves of large classes spooled by the second thread, or
/// ahead by the exporter's own, give each class's output the one thread's bytes, in the same
/// order of outputs, only when both connections read the same version, with the same errors
/// and the same count of truncated dates.
@Suite("realm-export --type bson on a second thread")
struct BSONExportTwoThreadsTests {
    /// One export: each class's bytes, the classes in the order their outputs were opened, the
    /// units copied from spools (and of them those the exporter's thread spooled ahead), the
    /// dates cut to the millisecond.
    struct Dump {
        var files: [String: [UInt8]] = [:]
        var opened: [String] = []
        var spooled = 0
        var spooledAhead = 0
        var truncatedDates = 0
    }

    static func dump(_ store: Store, _ options: ExportOptions = ExportOptions(), singleOutput: Bool = false,
                     _ configure: (ExportDriver) -> Void = { _ in }) throws -> Dump {
        let exporter = BSONExporter(store: store, options: options, singleOutput: singleOutput)
        configure(exporter.driver)
        var outputs: [(String, ExportOutput)] = []
        try exporter.export { model in
            let output = ExportOutput.memory(capacity: 1000)
            outputs.append((model.name, output))
            return output
        }
        var result = Dump(opened: outputs.map(\.0), spooled: exporter.driver.spooledUnits, spooledAhead: exporter.driver.spooledAhead,
                          truncatedDates: exporter.truncatedDates)
        for (name, output) in outputs { result.files[name] = output.bytes }
        return result
    }

    static let oneThread = ExportClassSpoolTests.oneThread
    static let allSpooled = ExportClassSpoolTests.allSpooled
    static let halves = ExportClassSpoolTests.halves

    /// Every class of random stores, whole and in halves, with and without `--omit-empty`.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func spooledClassesAreTheOneThreadBytes(seed: UInt64) throws {
        let (store, schema) = try ExportClassSpoolTests.randomStore(seed: seed)
        let classes = schema.models.filter { $0.kind == .object }.count
        #expect(classes > 2)
        for omitEmpty in [false, true] {
            var options = ExportOptions()
            options.omitEmpty = omitEmpty
            let expected = try Self.dump(store, options, Self.oneThread)
            #expect(expected.spooled == 0 && expected.files.count == classes && expected.files.values.allSatisfy { !$0.isEmpty })
            let spooled = try Self.dump(store, options, Self.allSpooled)
            #expect(spooled.spooled == classes - 1)
            let halved = try Self.dump(store, options, Self.halves)
            #expect(halved.spooled == 2 * classes - 1)
            // Claimed by whichever thread is free: the same bytes whoever writes which unit.
            let shared = try Self.dump(store, options) { $0.splitMinimumObjects = 2 }
            for dump in [spooled, halved, shared] {
                #expect(dump.files == expected.files, "seed \(seed), omitEmpty \(omitEmpty)")
                #expect(dump.opened == expected.opened)
                #expect(dump.truncatedDates == expected.truncatedDates)
            }
        }
    }

    /// One class into one output (`--class C -o FILE.bson`), cut in two: the same bytes.
    @Test(arguments: [4, 5] as [UInt64])
    func halvesOfOneClassInOneFileAreTheOneThreadBytes(seed: UInt64) throws {
        let (store, schema) = try ExportClassSpoolTests.randomStore(seed: seed)
        var compared = 0
        for model in schema.models where model.kind == .object {
            let options = ExportOptions(classes: [model.name])
            // Classes linking to classes without a primary key cannot be exported alone.
            guard let expected = try? Self.dump(store, options, singleOutput: true, Self.oneThread) else { continue }
            compared += 1
            let halved = try Self.dump(store, options, singleOutput: true, Self.halves)
            #expect(halved.spooled == 1)
            #expect(halved.files == expected.files && halved.opened == [model.name], "\(model.name)")
        }
        #expect(compared >= 2)
    }

    /// Dates finer than a millisecond in spooled units are counted as one thread counts them.
    @Test func truncatedDatesInSpooledUnitsAreCounted() throws {
        let store = try ExportClassSpoolTests.smallStore()
        try store.write {
            for (index, b) in try store.objects("B").enumerated() where index % 3 == 0 {
                try store.set(b, "when", .value(.date(Timestamp(seconds: Int64(index), nanoseconds: 1_500))))
            }
        }
        let expected = try Self.dump(store, ExportOptions(), Self.oneThread)
        #expect(expected.truncatedDates == 67)
        for configure in [Self.allSpooled, Self.halves] {
            let dump = try Self.dump(store, ExportOptions(), configure)
            #expect(dump.spooled >= 3)
            #expect(dump.truncatedDates == 67 && dump.files == expected.files)
        }
    }

    @Test func aCommitBetweenTheTwoReadsLeavesEveryClassToOneThread() throws {
        let store = try ExportClassSpoolTests.smallStore()
        let before = try Self.dump(store, ExportOptions(), Self.oneThread)
        let path = store.path
        let commits = try Self.dump(store) {
            Self.halves($0)
            $0.beforeSpoolerRead = ExportClassSpoolTests.committingAnotherB(to: path)
        }
        #expect(commits.spooled == 0)
        #expect(commits.files == before.files)
        // The commit happened: the next export has the new B, now from the second thread.
        let after = try Self.dump(store, ExportOptions(), Self.halves)
        #expect(after.spooled == 7)
        #expect(after.files["B"] != before.files["B"] && after.files["A"] == before.files["A"])
        #expect(after.files == (try Self.dump(store, ExportOptions(), Self.oneThread)).files)
    }

    /// A date BSON cannot carry in B, whose halves are spooled: the one thread's error.
    @Test func aFailureInASpooledUnitIsTheOneThreadFailure() throws {
        let store = try ExportClassSpoolTests.smallStore()
        try store.write {
            try store.set(try store.objects("B")[150], "when", .value(.date(Timestamp(seconds: Int64.max / 10))))
        }
        var messages: [String] = []
        for configure in [Self.oneThread, Self.allSpooled, Self.halves] {
            do {
                _ = try Self.dump(store, ExportOptions(), configure)
                Issue.record("the export succeeded")
            } catch let error as ExportError {
                #expect(!error.isIOFailure)
                messages.append(error.message)
            }
        }
        #expect(messages.count == 3 && Set(messages).count == 1)
        #expect(messages.first?.hasPrefix("B[") == true && messages.first?.contains("outside the range of a BSON date") == true, "\(messages)")
    }

    /// While the second thread dawdles over unit 1, the exporter's thread spools the units after
    /// it itself (on its own connection, sharing its insertion ordinals): the same bytes.
    @Test(arguments: [6, 7] as [UInt64])
    func theExporterSpoolsAheadWhileTheSecondThreadIsBusy(seed: UInt64) throws {
        let (store, _) = try ExportClassSpoolTests.randomStore(seed: seed)
        let expected = try Self.dump(store, ExportOptions(), Self.oneThread)
        let dump = try Self.dump(store, ExportOptions()) { exporter in
            Self.halves(exporter)
            exporter.beforeSpoolerUnit = { index in if index == 1 { usleep(300_000) } }
        }
        #expect(dump.spooledAhead >= 2)
        #expect(dump.files == expected.files && dump.opened == expected.opened)
    }

    @Test func withoutASpoolEveryClassIsWrittenByOneThread() throws {
        let store = try ExportClassSpoolTests.smallStore()
        let expected = try Self.dump(store, ExportOptions(), Self.oneThread)
        let unspooled = try Self.dump(store) {
            Self.halves($0)
            $0.spoolDirectory = "/nonexistent/realm-export-spool"
        }
        #expect(unspooled.spooled == 0)
        #expect(unspooled.files == expected.files)
    }
}
