import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// `realm-export --type bson -o DIR` stopped by SIGINT or SIGTERM while it writes: the
/// temporary files are removed, the files of an earlier dump stay as they were, and the
/// status is 130 or 143. The signal comes when A's temporary file exists, while B (about 90 MB
/// of BSON) is still being written.
@Suite struct RealmExportBSONSignalTests {
    static let schema = """
        schemaVersion: 1
        models:
          A: { primaryKey: id, properties: { id: int } }
          B: { primaryKey: id, properties: { id: int, text: string } }
        """

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalLeavesTheOldDump(signal number: Int32, status expected: Int32) throws {
        let directory = try Temporary.path("realm-bson-signals")
        let store = try Store(path: directory + "/s.sqlite", schema: try schemaFromYAML(Self.schema, path: "s.yaml"))
        let text = String(repeating: "x", count: 300_000)
        try store.write {
            _ = try store.create("A", value: ["id": 1])
            for id in 0..<300 { _ = try store.create("B", value: ["id": .value(.int(Int64(id))), "text": .value(.string(text))]) }
        }
        let dump = directory + "/dump"
        try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
        for name in ["A.bson", "B.bson"] { try "old".write(toFile: dump + "/" + name, atomically: true, encoding: .utf8) }
        let process = Process()
        process.executableURL = Tool.url("realm-export")
        process.arguments = ["--store", directory + "/s.sqlite", "--type", "bson", "-o", dump]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let temporary = "\(dump)/.A.bson.realm-export-\(process.processIdentifier)"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: temporary) && process.isRunning && Date() < deadline { usleep(1_000) }
        #expect(process.isRunning, "the export ended before the signal could come")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        #expect(status == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dump).sorted() == ["A.bson", "B.bson"])
        for name in ["A.bson", "B.bson"] { #expect(try String(contentsOfFile: dump + "/" + name, encoding: .utf8) == "old") }
    }
}
