import Foundation
import TestSupport
import Testing

/// The tools on files that are not stores (left byte for byte as they were) and on stores that
/// cannot be written (read all the same): docs/store-file.md, "Opening".
@Suite("files that are not stores, stores that cannot be written")
struct StoreFileAccessTests {
    /// A file that is not a store, and what the tools say about it.
    enum NotAStore: String, CaseIterable {
        case empty, text, foreignDatabase

        var reason: String {
            switch self {
            case .empty: "an empty file"
            case .text: "not an SQLite database"
            case .foreignDatabase: "an SQLite database without realm-tools' schema table"
            }
        }

        /// Makes the file at `path`: another application's database is a table `t(x)` in
        /// SQLite's default rollback-journal mode.
        func make(at path: String) throws {
            switch self {
            case .empty:
                try Data().write(to: URL(fileURLWithPath: path))
            case .text:
                try "name,age\nAda,36\n".write(toFile: path)
            case .foreignDatabase:
                let made = try Command.run("python3", ["-c", """
                    import sqlite3, sys
                    db = sqlite3.connect(sys.argv[1])
                    db.execute("CREATE TABLE t(x)")
                    db.execute("INSERT INTO t VALUES (1)")
                    db.commit()
                    db.close()
                    """, path])
                #expect(made.status == 0, "\(made.stderr)")
            }
        }
    }

    /// Each tool's command line on `store` (realm-import also gets a schema and an input).
    static let commands: [(tool: String, arguments: @Sendable (String) -> [String])] = [
        ("realm-export", { ["--store", $0] }),
        ("realm-schema", { ["dump", "--store", $0] }),
        ("realm-import", { ["--store", $0, Repository.peopleFixture] }),
        ("realm-import", { ["--store", $0, "--schema", Repository.exampleSchemas, Repository.peopleFixture] }),
    ]

    @Test(arguments: NotAStore.allCases, commands.indices)
    func aFileThatIsNotAStoreIsLeftAsItWas(kind: NotAStore, command: Int) throws {
        let directory = try Temporary.path("realm-not-a-store")
        let path = directory + "/\(kind.rawValue).realm"
        try kind.make(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let (tool, arguments) = Self.commands[command]
        let result = try Tool.run(tool, arguments(path))

        #expect(result.status == 2)
        #expect(result.stderr == "error: \(path): not a realm-tools store (\(kind.reason))\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["\(kind.rawValue).realm"])
    }

    /// Something that is not a regular file given as `--store`: refused before it is opened (a
    /// named pipe used to keep every tool waiting in `open()` for a writer that never came).
    enum NotARegularFile: String, CaseIterable {
        case directory, fifo

        var reason: String {
            switch self {
            case .directory: "a directory; a store is a regular file"
            case .fifo: "a named pipe (FIFO); a store is a regular file"
            }
        }

        func make(at path: String) throws {
            switch self {
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            }
        }
    }

    @Test(arguments: NotARegularFile.allCases, commands.indices)
    func aDirectoryOrANamedPipeIsRefusedWithoutWaiting(kind: NotARegularFile, command: Int) throws {
        let directory = try Temporary.path("realm-not-a-file")
        let path = directory + "/\(kind.rawValue).realm"
        try kind.make(at: path)

        let (tool, arguments) = Self.commands[command]
        // `timeout` ends a tool that waits (124); the pipe must not be waited on at all.
        let result = try Command.run("timeout", ["-s", "KILL", "30", Tool.url(tool).path] + arguments(path))

        #expect(result.status == 2, "\(tool): \(result.stderr)")
        #expect(result.stderr == "error: \(path): not a realm-tools store (\(kind.reason))\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["\(kind.rawValue).realm"])
        if kind == .directory { #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty) }
    }

    @Test func aStoreThatCannotBeWrittenIsExportedAndDumped() throws {
        let writable = try Temporary.path("realm-writable")
        try Tool.importDemoStore(writable + "/people.realm")
        let readOnly = try Temporary.path("realm-read-only")
        try FileManager.default.copyItem(atPath: writable + "/people.realm", toPath: readOnly + "/people.realm")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly + "/people.realm")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly) }
        let before = try Data(contentsOf: URL(fileURLWithPath: readOnly + "/people.realm"))
        if getuid() == 0 {
            let touch = try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                       ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/touch", readOnly + "/probe"])
            #expect(touch.status != 0, "the tools below run where nothing can be written")
        }

        for arguments in [["realm-export", "--store"], ["realm-export", "--ndjson", "--class", "Person", "--store"],
                          ["realm-schema", "dump", "--store"]] {
            let expected = try Tool.run(arguments[0], Array(arguments.dropFirst()) + [writable + "/people.realm"])
            #expect(expected.status == 0, "\(expected.stderr)")
            let result = try Self.runWithoutWriteAccess(arguments[0], Array(arguments.dropFirst()) + [readOnly + "/people.realm"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == expected.stdout)
            #expect(!result.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: readOnly + "/people.realm")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly) == ["people.realm"])
    }

    @Test func exportAndDumpLeaveAStoreAndItsDirectoryAsTheyWere() throws {
        let directory = try Temporary.path("realm-read")
        let path = directory + "/people.realm"
        try Tool.importDemoStore(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["realm-export", "--store", path], ["realm-schema", "dump", "--store", path]] {
            let result = try Tool.run(arguments[0], Array(arguments.dropFirst()))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["people.realm"])
        }
    }

    /// Runs a built tool so that permissions apply: as `nobody` through `setpriv` when the tests
    /// run as root (whom permission checks let write anywhere), else as the current user. The
    /// tool runs from a copy in a temporary directory, which `nobody` can reach wherever the
    /// build is.
    static func runWithoutWriteAccess(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        guard getuid() == 0 else { return try Tool.run(tool, arguments) }
        let directory = try Temporary.path("realm-tool-copy")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        let copy = directory + "/" + tool
        // `cp` writes the copy in a process of its own: a copy written here would be open for
        // writing in this process, and a child that another test forks meanwhile inherits that
        // descriptor, so executing the copy could fail with "Text file busy".
        let copied = try Command.run("cp", [Tool.url(tool).path, copy])
        try #require(copied.status == 0, "\(copied.stderr)")
        return try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                              ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments)
    }
}
