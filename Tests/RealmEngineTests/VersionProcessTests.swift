import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// Two processes writing one store with pinned versions (`realm-store-tool hold-write`): the
/// second waits for the first's write lock, then both commits land, one after the other.
@Suite struct VersionProcessTests {
    let directory = TemporaryDirectory()

    /// The `Log` model of `realm-store-tool`'s writers.
    static let schema = CompiledSchema(schemaVersion: 1, models: [
        ModelSchema(name: "Log", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "payload", type: DeclaredType(.string)),
            PropertySchema(name: "tags", type: DeclaredType(.string, collection: .list)),
        ]),
    ])

    /// Starts a writer holding its write for `seconds`; returns once it says `writing`.
    private func startWriter(_ path: String, id: Int, seconds: Double) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Tool.url("realm-store-tool")
        process.arguments = ["hold-write", path, "\(id)", "\(seconds)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    private func read(_ pipe: Pipe, until text: String) -> String {
        var received = ""
        while !received.contains(text) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += String(decoding: chunk, as: UTF8.self)
        }
        return received
    }

    @Test func twoProcessesWritingTheSameStoreBothSucceedOneAfterTheOther() throws {
        let path = directory.path()
        let reader = try Store(path: path, schema: VersionProcessTests.schema)
        try reader.pinVersions()
        let before = reader.version
        let (first, firstOutput) = try startWriter(path, id: 1, seconds: 1.0)
        #expect(read(firstOutput, until: "writing\n") == "writing\n")
        let (second, secondOutput) = try startWriter(path, id: 2, seconds: 0)
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        #expect(read(firstOutput, until: "committed") == "committed 1\n")
        // The second began its write only after the first committed: it saw its object.
        #expect(read(secondOutput, until: "committed") == "writing\ncommitted 2\n")
        // A pinned reader sees neither until it refreshes; then both, two versions later.
        #expect(try reader.count("Log") == 0)
        #expect(try reader.refresh())
        #expect(try reader.count("Log") == 2)
        #expect(reader.version == before + 2)
    }
}
