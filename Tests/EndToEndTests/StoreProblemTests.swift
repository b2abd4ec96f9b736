import Foundation
import TestSupport
import Testing

/// Stores the tools cannot use as asked: damaged, read-only, on a full disk; and two imports
/// creating the same store (docs/store-file.md, section 8).
@Suite("damaged, read-only and full stores; two imports creating one store")
struct StoreProblemTests {
    static let damaged = "the store is damaged (SQLite found malformed pages in its file); restore it from a backup, "
        + "or import its data again into a new store"
    static let readOnly = "the store cannot be written (its file, directory or mount is read-only); nothing was written to it"

    /// What a directory holds: each name with its size and, with `times`, its modification
    /// time and the directory's own.
    static func listing(_ directory: String, times: Bool = true) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        return try (names.map { directory + "/" + $0 } + (times ? [directory] : [])).map { path in
            var status = stat()
            try #require(stat(path, &status) == 0)
            return "\(path) \(status.st_size)" + (times ? " \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : "")
        }
    }

    /// Overwrites 200 bytes of the first page of `table` in the store at `path` (its cell
    /// pointers: the file's header and the page's own header stay as they were).
    static func damage(_ table: String, of path: String) throws {
        let damaged = try Command.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?immutable=1", uri=True)
            page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (sys.argv[2],)).fetchone()[0]
            size = db.execute("PRAGMA page_size").fetchone()[0]
            db.close()
            with open(sys.argv[1], "r+b") as f:
                f.seek((page - 1) * size + 8)
                f.write(b"\\xff" * 200)
            """, path, table])
        try #require(damaged.status == 0, "\(damaged.stderr)")
    }

    @Test(arguments: ["Person", "Person.dogs", "Dog"], [
        ["realm-export", "--store"],
        ["realm-export", "--type", "bson", "-o", "dump", "--store"],
        ["realm-import", "--mode", "upsert", Repository.peopleFixture, "--store"],
    ])
    func aDamagedStoreIsSaidToBeDamagedAndLeftAsItWas(table: String, command: [String]) throws {
        let directory = try Temporary.path("realm-damaged")
        let path = directory + "/people.realm"
        try Tool.importDemoStore(path)
        try Self.damage(table, of: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // A writable store's reader makes and removes its -wal and -shm: the names and sizes stay.
        let listed = try Self.listing(directory, times: false)

        let result = try Tool.run(command[0], Array(command.dropFirst()) + [path], in: directory)

        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr == "error: \(path): \(Self.damaged)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Self.listing(directory, times: false) == listed)
    }

    @Test func aReadOnlyStoreInAWritableDirectoryIsReadWithoutFilesBesideIt() throws {
        let writable = try Temporary.path("realm-writable")
        try Tool.importDemoStore(writable + "/people.realm")
        let directory = try Temporary.path("realm-read-only-file")
        let path = directory + "/people.realm"
        try FileManager.default.copyItem(atPath: writable + "/people.realm", toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        // Writable for anyone, `nobody` too: only the file's permissions say it is read-only.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listed = try Self.listing(directory)

        for arguments in [["realm-export", "--store"], ["realm-export", "--ndjson", "--class", "Person", "--store"],
                          ["realm-schema", "dump", "--store"]] {
            let expected = try Tool.run(arguments[0], Array(arguments.dropFirst()) + [writable + "/people.realm"])
            #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(expected.stderr)")
            // As this user (root, whom permissions do not stop, in CI) and as one they stop.
            for result in [try Tool.run(arguments[0], Array(arguments.dropFirst()) + [path]),
                           try StoreFileAccessTests.runWithoutWriteAccess(arguments[0], Array(arguments.dropFirst()) + [path])] {
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout == expected.stdout)
                #expect(try Self.listing(directory) == listed, "\(arguments)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// An import into a store nobody may write (its file `0444`, or its directory `0555`) is
    /// refused in the project's words before anything is written, as root too.
    @Test(arguments: [true, false])
    func anImportIntoAReadOnlyStoreIsRefused(readOnlyFile: Bool) throws {
        let directory = try Temporary.path("realm-read-only-import")
        let path = directory + "/people.realm"
        try Tool.importDemoStore(path)
        try FileManager.default.setAttributes([.posixPermissions: readOnlyFile ? 0o444 : 0o644], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: readOnlyFile ? 0o777 : 0o555], ofItemAtPath: directory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listed = try Self.listing(directory)

        let arguments = ["--mode", "upsert", "--store", path, Repository.peopleFixture]
        for result in [try Tool.run("realm-import", arguments),
                       try StoreFileAccessTests.runWithoutWriteAccess("realm-import", arguments)] {
            #expect(result.status == 2)
            #expect(result.stderr == "error: \(path): \(Self.readOnly)\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try Self.listing(directory) == listed)
        }
    }

    /// A full disk, made as a small tmpfs mounted in a user namespace of its own
    /// (`unshare -rm`, no root needed): an import into a store with 16 KiB left (too little
    /// for the 32 KiB `-shm` file) and one creating a new store both say the disk is full.
    @Test func aFullDiskIsSaidToBeFull() throws {
        let directory = try Temporary.path("realm-full-disk")
        try Tool.importDemoStore(directory + "/people.realm")
        let script = """
            set -u
            mkdir mnt && mount -t tmpfs -o size=400k tmpfs mnt || exit 99
            cp people.realm mnt/
            dd if=/dev/zero of=mnt/filler bs=4k 2>/dev/null
            rm mnt/filler
            dd if=/dev/zero of=mnt/filler bs=1 count=$(($(df --output=avail -B1 mnt | tail -1) - 16384)) 2>/dev/null
            sha1sum < mnt/people.realm > before
            "$1" --quiet --mode upsert --store mnt/people.realm "$2" 2> existing.err; echo $? > existing.status
            sha1sum < mnt/people.realm > after
            "$1" --quiet --store mnt/new.realm --schema "$3" "$2" 2> new.err; echo $? > new.status
            ls mnt > listing
            """
        let run = try Command.run("unshare", ["-rm", "sh", "-c", script, "sh", Tool.url("realm-import").path,
                                              Repository.peopleFixture, Repository.exampleSchemas], in: directory)
        try #require(run.status == 0, "unshare -rm and a tmpfs mount are needed: \(run.stderr)")
        func read(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }

        #expect(try read("existing.status") == "2\n")
        #expect(try read("existing.err") == "error: mnt/people.realm: the disk is full; free some space and run it again "
            + "(the store is as it was before)\n")
        #expect(try read("after") == read("before"))
        #expect(try read("new.status") == "2\n")
        #expect(try read("new.err").hasPrefix("error: mnt/new.realm: the disk is full; free some space and run it again"))
        #expect(try !read("listing").contains("new.realm"))
    }

    /// Two imports started together into a store that does not exist: one creates it, the other
    /// waits for it and then imports into it; both succeed and the store holds both inputs.
    @Test func twoImportsCreatingTheSameStoreBothSucceed() async throws {
        let directory = try Temporary.path("realm-two-creators")
        let schema = directory + "/item.yaml"
        try """
            schemaVersion: 1
            models:
              Item:
                primaryKey: _id
                properties:
                  _id: int
                  name: string
            """.write(toFile: schema)
        func items(_ keys: ClosedRange<Int>, _ name: String) -> String {
            "{\"Item\": [" + keys.map { "{\"_id\": \($0), \"name\": \"\(name)\"}" }.joined(separator: ", ") + "]}"
        }
        // The second overlaps the first by one object, which ends up as whichever import came last wrote it.
        try items(1...300, "first").write(toFile: directory + "/first.json")
        try items(300...400, "second").write(toFile: directory + "/second.json")

        for round in 0..<20 {
            let store = directory + "/round\(round).realm"
            async let first = Tool.runWithoutBlocking("realm-import", ["--quiet", "--mode", "upsert", "--store", store,
                                                                       "--schema", schema, directory + "/first.json"])
            async let second = Tool.runWithoutBlocking("realm-import", ["--quiet", "--mode", "upsert", "--store", store,
                                                                        "--schema", schema, directory + "/second.json"])
            let results = try await [first, second]
            for result in results {
                #expect(result.status == 0, "round \(round): \(result.stderr)")
                // Nothing but, when the wait took a second, the notice that it waits.
                #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("waiting for \(store)") }, "round \(round)")
            }
            let exported = try Tool.run("realm-export", ["--ndjson", "--class", "Item", "--store", store])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.split(separator: "\n").count == 400, "round \(round)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("round\(round).") }
                        == ["round\(round).realm"])
        }
    }
}
