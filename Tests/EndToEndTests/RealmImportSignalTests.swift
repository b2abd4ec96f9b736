import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-import` stopped by signals in the middle of its transaction: SIGINT and SIGTERM roll
/// back and exit 130 and 143, leaving no store it was creating and an existing store byte for
/// byte as it was; SIGKILL leaves only `<store>.creating`, which is never used as a store.
///
/// The import reads NDJSON from a pipe the test keeps open, so the signal always comes while
/// the transaction is open: after 20,000 documents were written (and so mostly read).
@Suite struct RealmImportSignalTests {
    static let schema = RealmImportCommandTests.schema

    /// `count` NDJSON documents with keys `<prefix>0` …
    static func documents(_ count: Int, prefix: String = "k") -> Data {
        var text = ""
        for index in 0..<count {
            text += #"{"sku": "\#(prefix)\#(index)", "qty": \#(index), "tags": {"a": "x\#(index)"}}"# + "\n"
        }
        return Data(text.utf8)
    }

    /// A temporary directory holding `schema.yaml`.
    func workspace() throws -> String {
        let directory = try Temporary.path("realm-signals")
        try Self.schema.write(toFile: directory + "/schema.yaml")
        return directory
    }

    func files(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// A `realm-import … -` running with its stdin a pipe that the test holds open.
    final class RunningImport {
        let process = Process()
        let stdin = Pipe()
        let errorURL: URL

        init(_ arguments: [String], in directory: String) throws {
            errorURL = URL(fileURLWithPath: directory).appendingPathComponent("stderr.txt")
            try Data().write(to: errorURL)
            process.executableURL = Tool.url("realm-import")
            process.arguments = arguments + ["-"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.standardInput = stdin
            process.environment = quietProgressEnvironment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errorURL)
            // A child that ends early must fail the test, not end it with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try process.run()
        }

        /// Writes `data` to the import's stdin; returns when the pipe has taken all of it.
        func feed(_ data: Data) throws {
            try stdin.fileHandleForWriting.write(contentsOf: data)
        }

        /// Sends `signal`, waits for the end and returns the exit status (128 + n for a
        /// process ended by signal n) and stderr.
        func stop(with signal: Int32) throws -> (status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? stdin.fileHandleForWriting.close()
            let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus
                : process.terminationStatus
            let stderr = String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
            try FileManager.default.removeItem(at: errorURL)
            return (status, stderr)
        }
    }

    func waitForFile(_ path: String) {
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(10_000) }
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func signalWhileCreatingRemovesTheStore(signal: Int32, status: Int32, name: String) throws {
        let directory = try workspace()
        let run = try RunningImport(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item"], in: directory)
        waitForFile(directory + "/s.sqlite.creating")
        try run.feed(Self.documents(20_000))
        let (exit, stderr) = try run.stop(with: signal)
        #expect(exit == status, "\(stderr)")
        #expect(stderr == "error: interrupted by \(name); 's.sqlite' was not created\n")
        #expect(try files(in: directory) == ["schema.yaml"])
    }

    /// Whether the process has taken `signal` over: its action is "ignore" or a handler of its
    /// own (`SigIgn`, `SigCgt` in /proc; the dispatch source behind `ImportSignals` catches it).
    static func handles(_ pid: Int32, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigIgn:") || line.hasPrefix("SigCgt:"),
                  let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) else {
                return false
            }
            return mask & (1 << UInt64(signal - 1)) != 0
        }
    }

    /// Writes `text` into the named pipe at `path` once a reader has it open (never waiting for
    /// one that is gone: false after 30 seconds without a reader).
    static func write(_ text: String, toPipe path: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        var descriptor: Int32 = -1
        while descriptor < 0 && Date() < deadline {
            descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor < 0 { usleep(10_000) }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, 0)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    /// A signal before any input is read (here while the schema, a named pipe, is still being
    /// opened) ends the run with its line once the schema is read, before the store is made.
    @Test func aSignalBeforeTheImportBeganIsReportedAndNothingIsCreated() throws {
        let directory = try workspace()
        #expect(mkfifo(directory + "/pipe.yaml", 0o600) == 0)
        let errorURL = URL(fileURLWithPath: directory).appendingPathComponent("stderr.txt")
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = Tool.url("realm-import")
        process.arguments = ["--store", "s.sqlite", "--schema", "pipe.yaml", "--class", "Item", "-"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        // The import takes SIGTERM over before it opens the schema, which waits for a writer.
        let deadline = Date().addingTimeInterval(30)
        while !Self.handles(process.processIdentifier, SIGTERM) && Date() < deadline { usleep(10_000) }
        #expect(Self.handles(process.processIdentifier, SIGTERM))
        kill(process.processIdentifier, SIGTERM)
        #expect(Self.write(Self.schema, toPipe: directory + "/pipe.yaml"), "the import no longer reads the schema")
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 143, "\(stderr)")
        #expect(stderr == "error: interrupted by SIGTERM; 's.sqlite' was not created\n")
        #expect(try files(in: directory) == ["pipe.yaml", "schema.yaml", "stderr.txt"])
    }

    @Test func sigintIntoAnExistingStoreWritesNothing() throws {
        let directory = try workspace()
        try Self.documents(3).write(to: URL(fileURLWithPath: directory + "/first.ndjson"))
        let first = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item",
                                                  "--quiet", "first.ndjson"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try #require(FileManager.default.contents(atPath: directory + "/s.sqlite"))

        let run = try RunningImport(["--store", "s.sqlite", "--class", "Item", "--mode", "upsert"], in: directory)
        try run.feed(Self.documents(20_000, prefix: "new"))
        let (exit, stderr) = try run.stop(with: SIGINT)
        #expect(exit == 130, "\(stderr)")
        #expect(stderr == "error: interrupted by SIGINT; nothing was written to 's.sqlite'\n")
        #expect(FileManager.default.contents(atPath: directory + "/s.sqlite") == before)
        #expect(try files(in: directory) == ["first.ndjson", "s.sqlite", "schema.yaml"])
        #expect(try Store(path: directory + "/s.sqlite").count("Item") == 3)
    }

    @Test func sigkillLeavesAHalfCreatedStoreThatIsNeverUsed() throws {
        let directory = try workspace()
        let run = try RunningImport(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item"], in: directory)
        waitForFile(directory + "/s.sqlite.creating")
        try run.feed(Self.documents(20_000))
        let (exit, _) = try run.stop(with: SIGKILL)
        #expect(exit == 128 + SIGKILL)
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
        #expect(FileManager.default.fileExists(atPath: directory + "/s.sqlite.creating"))

        try Self.documents(5).write(to: URL(fileURLWithPath: directory + "/small.ndjson"))
        let withoutSchema = try Tool.run("realm-import", ["--store", "s.sqlite", "--class", "Item", "small.ndjson"],
                                         in: directory)
        #expect(withoutSchema.status == 64)
        #expect(withoutSchema.stderr.hasPrefix("Error: 's.sqlite' was left half-created by an interrupted import; "
            + "run the import again with --schema to create it\n"))
        let openError = #expect(throws: StoreError.self) { try Store(path: directory + "/s.sqlite") }
        #expect(openError?.message.hasPrefix("'\(directory)/s.sqlite' was left half-created by an interrupted import") == true)

        let again = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item",
                                                  "--quiet", "small.ndjson"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try files(in: directory) == ["s.sqlite", "schema.yaml", "small.ndjson"])
        let store = try Store(path: directory + "/s.sqlite")
        #expect(try store.count("Item") == 5)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aStoreBeingCreatedIsNotTouchedByASecondImport() throws {
        let directory = try workspace()
        let run = try RunningImport(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item"], in: directory)
        waitForFile(directory + "/s.sqlite.creating")
        try run.feed(Self.documents(100))
        try Self.documents(5).write(to: URL(fileURLWithPath: directory + "/small.ndjson"))
        for arguments in [["--schema", "schema.yaml"], []] {
            let second = try Tool.run("realm-import", ["--store", "s.sqlite", "--class", "Item"] + arguments + ["small.ndjson"],
                                      in: directory)
            #expect(second.status == 2)
            #expect(second.stderr.contains("s.sqlite is being created by another process"), "\(second.stderr)")
        }
        let (exit, stderr) = try run.stop(with: SIGINT)
        #expect(exit == 130, "\(stderr)")
        #expect(try files(in: directory) == ["schema.yaml", "small.ndjson"])
    }
}
