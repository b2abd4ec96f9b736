import Foundation
import TestSupport
import Testing

/// `realm-export --type bson --gzip`, as `mongodump --gzip` writes: `<Class>.bson.gz` and
/// `<Class>.metadata.json.gz`, read back by Python's gzip and pymongo, and by `realm-import`.
@Suite struct RealmExportBSONGzipTests {
    /// Prints, for each gzipped file of argv[1:], how many BSON documents it holds and whether
    /// they are the bytes of the plain file that follows it (`X.bson.gz plain.bson`), or, for
    /// metadata, its collection's name.
    static let compare = #"""
        import gzip, sys
        from bson import decode_all
        from bson.json_util import loads
        arguments = sys.argv[1:]
        while arguments:
            packed = arguments.pop(0)
            data = gzip.open(packed, "rb").read()
            if packed.endswith(".bson.gz"):
                same = data == open(arguments.pop(0), "rb").read()
                print(packed.split("/")[-1], "%d documents" % len(decode_all(data)), "same" if same else "different")
            else:
                print(packed.split("/")[-1], loads(data.decode())["collectionName"])
        """#

    @Test func aGzippedDumpIsMongodumpsFilesAndImportsBack() throws {
        let directory = try Temporary.path("realm-bson-gzip")
        try Tool.importDemoStore(directory + "/a.realm")
        let packed = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "--gzip", "-o", "dump"], in: directory)
        let plain = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "-o", "plain"], in: directory)
        #expect(packed.status == 0 && plain.status == 0, "\(packed.stderr) \(plain.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/dump").sorted() == [
            "Device.bson.gz", "Device.metadata.json.gz", "Dog.bson.gz", "Dog.metadata.json.gz", "Person.bson.gz", "Person.metadata.json.gz",
        ])
        // The data files' bytes against the plain dump's; the metadata hold random collection UUIDs.
        var arguments: [String] = []
        for name in ["Device", "Dog", "Person"] {
            arguments += ["dump/\(name).bson.gz", "plain/\(name).bson", "dump/\(name).metadata.json.gz"]
        }
        let compared = try Command.run("python3", ["-c", Self.compare] + arguments, in: directory)
        #expect(compared.stdout == """
            Device.bson.gz 1 documents same
            Device.metadata.json.gz Device
            Dog.bson.gz 2 documents same
            Dog.metadata.json.gz Dog
            Person.bson.gz 2 documents same
            Person.metadata.json.gz Person

            """, "\(compared.stderr)")
        // realm-import reads the .bson.gz files, their classes from their names.
        let restored = try Tool.run("realm-import", ["--store", "b.realm", "--schema", Repository.exampleSchemas, "--quiet",
                                                     "dump/Dog.bson.gz", "dump/Person.bson.gz", "dump/Device.bson.gz"], in: directory)
        #expect(restored.status == 0, "\(restored.stderr)")
        // The store it makes dumps to the same bytes (BSON's dates are whole milliseconds on both sides).
        let again = try Tool.run("realm-export", ["--store", "b.realm", "--type", "bson", "-o", "again"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        for name in ["Device", "Dog", "Person"] {
            let bytes = FileManager.default.contents(atPath: "\(directory)/again/\(name).bson")
            #expect(bytes != nil && bytes == FileManager.default.contents(atPath: "\(directory)/plain/\(name).bson"), "\(name)")
        }
    }

    @Test func oneClassGzippedToAFileOrStdout() throws {
        let directory = try Temporary.path("realm-bson-gzip")
        try Tool.importDemoStore(directory + "/a.realm")
        let byName = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "--class", "Dog", "-o", "dogs.bson.gz"],
                                  in: directory)
        let byOption = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "--class", "Dog", "--gzip", "-o", "d.bson"],
                                    in: directory)
        let plain = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "--class", "Dog", "-o", "dogs.bson"], in: directory)
        let tool = Tool.url("realm-export").path
        let piped = try Command.run("sh", ["-c", "'\(tool)' --store a.realm --type bson --class Dog --gzip > stdout.gz"], in: directory)
        #expect(byName.status == 0 && byOption.status == 0 && plain.status == 0 && piped.status == 0,
                "\(byName.stderr) \(byOption.stderr) \(piped.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix("a.realm") }.sorted()
        #expect(files == ["d.bson.gz", "d.metadata.json.gz", "dogs.bson", "dogs.bson.gz", "dogs.metadata.json", "dogs.metadata.json.gz",
                          "stdout.gz"])
        let compared = try Command.run("python3", ["-c", Self.compare, "dogs.bson.gz", "dogs.bson", "d.bson.gz", "dogs.bson",
                                                   "d.metadata.json.gz"], in: directory)
        #expect(compared.stdout == "dogs.bson.gz 2 documents same\nd.bson.gz 2 documents same\nd.metadata.json.gz Dog\n",
                "\(compared.stderr)")
        let stdout = FileManager.default.contents(atPath: directory + "/stdout.gz")
        #expect(stdout?.prefix(2) == Data([0x1F, 0x8B]))
        let unpacked = try Command.run("sh", ["-c", "gzip -dc stdout.gz | cmp - dogs.bson && echo same"], in: directory)
        #expect(unpacked.stdout == "same\n", "\(unpacked.stderr)")
    }
}
