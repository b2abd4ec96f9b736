import Foundation
import TestSupport
import Testing

/// gzip, xz and zstd input (recognised by their first bytes, read streaming, errors located in the
/// decompressed text), and gzip output (`realm-export --gzip`, `-o NAME.gz`).
@Suite struct GzipCommandTests {
    /// A directory with `people.yaml` and `people.ndjson` (bench/gen_people.py, `count` people)
    /// and `people.ndjson.gz`, gzip's compression of it.
    func benchData(_ count: Int = 300) throws -> String {
        let directory = try Temporary.path("realm-gzip")
        let generated = try Command.run("python3", [Repository.path("bench/gen_people.py"), String(count), "--schema", "people.yaml"],
                                        in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        try generated.stdout.write(toFile: directory + "/people.ndjson")
        let gzip = try Command.run("gzip", ["-kn", "people.ndjson"], in: directory)
        #expect(gzip.status == 0, "\(gzip.stderr)")
        return directory
    }

    func importPeople(_ input: String, into store: String, in directory: String, stdin: Data = Data()) throws -> ProcessResult {
        try Tool.run("realm-import", ["--store", store, "--schema", "people.yaml", "--class", "Person", "--mode", "upsert", input],
                     in: directory, input: stdin)
    }

    func export(_ store: String, in directory: String, _ extra: [String] = []) throws -> ProcessResult {
        try Tool.run("realm-export", ["--store", store] + extra, in: directory)
    }

    @Test func gzipInputImportsTheSameStoreAsThePlainFile() throws {
        let directory = try benchData()
        let plain = try importPeople("people.ndjson", into: "plain.realm", in: directory)
        #expect(plain.status == 0, "\(plain.stderr)")
        // The name says nothing: the content decides.
        try FileManager.default.copyItem(atPath: directory + "/people.ndjson.gz", toPath: directory + "/people.data")
        let packed = try importPeople("people.data", into: "packed.realm", in: directory)
        #expect(packed.status == 0, "\(packed.stderr)")
        let gz = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.ndjson.gz"))
        let piped = try importPeople("-", into: "piped.realm", in: directory, stdin: gz)
        #expect(piped.status == 0, "\(piped.stderr)")
        let expected = try export("plain.realm", in: directory).stdout
        #expect(expected.count > 10_000)
        #expect(try export("packed.realm", in: directory).stdout == expected)
        #expect(try export("piped.realm", in: directory).stdout == expected)
        #expect(plain.stderr == packed.stderr.replacingOccurrences(of: "people.data", with: "people.ndjson"))

        // Two gzip members one after the other are one text, as gunzip reads them.
        let lines = try String(contentsOfFile: directory + "/people.ndjson", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let half = lines.count / 2
        try (lines[..<half].joined(separator: "\n") + "\n").write(toFile: directory + "/a.ndjson")
        try lines[half...].joined(separator: "\n").write(toFile: directory + "/b.ndjson")
        _ = try Command.run("gzip", ["-n", "a.ndjson", "b.ndjson"], in: directory)
        let joined = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.ndjson.gz"))
            + Data(contentsOf: URL(fileURLWithPath: directory + "/b.ndjson.gz"))
        try joined.write(to: URL(fileURLWithPath: directory + "/members.gz"))
        let members = try importPeople("members.gz", into: "members.realm", in: directory)
        #expect(members.status == 0, "\(members.stderr)")
        #expect(try export("members.realm", in: directory).stdout == expected)
    }

    /// The line and column where the decompressed text of `file` stops, computed by Python's zlib.
    func decompressedEnd(_ file: String, in directory: String) throws -> String {
        let script = """
            import sys, zlib
            data = open(sys.argv[1], 'rb').read()
            text = zlib.decompressobj(31).decompress(data)
            line = text.count(b'\\n') + 1
            tail = text[text.rfind(b'\\n') + 1:]
            print(f"{line}:{sum(1 for b in tail if b & 0xC0 != 0x80) + 1}")
            """
        let result = try Command.run("python3", ["-c", script, file], in: directory)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func corruptOrTruncatedGzipIsLocatedAndWritesNothing() throws {
        let directory = try benchData()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.ndjson.gz"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory + "/truncated.gz"))
        let truncated = try importPeople("truncated.gz", into: "t.realm", in: directory)
        #expect(truncated.status == 1)
        let end = try decompressedEnd("truncated.gz", in: directory)
        #expect(end.hasPrefix("1:") == false)
        #expect(truncated.stderr.contains("truncated.gz:\(end): error: the gzip data ends early"), "\(truncated.stderr) \(end)")
        #expect(truncated.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/t.realm"))

        // A damaged block in the middle: zlib's complaint, where the good text ends.
        for index in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[index] ^= 0xFF }
        try bytes.write(to: URL(fileURLWithPath: directory + "/corrupt.gz"))
        let corrupt = try importPeople("corrupt.gz", into: "c.realm", in: directory)
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr.contains("error: the gzip data is corrupt ("), "\(corrupt.stderr)")
        #expect(corrupt.stderr.contains("corrupt.gz:"))
        #expect(!corrupt.stderr.contains("corrupt.gz:1:1:"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/c.realm"))
    }

    @Test func xzImportsTheSameStoreAndTruncationIsLocated() throws {
        let directory = try benchData(200)
        _ = try Command.run("xz", ["-k", "people.ndjson"], in: directory)
        let plain = try importPeople("people.ndjson", into: "plain.realm", in: directory)
        #expect(plain.status == 0, "\(plain.stderr)")
        let packed = try importPeople("people.ndjson.xz", into: "xz.realm", in: directory)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(try export("xz.realm", in: directory).stdout == export("plain.realm", in: directory).stdout)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.ndjson.xz"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory + "/truncated.xz"))
        let script = """
            import lzma, sys
            t = lzma.LZMADecompressor().decompress(open(sys.argv[1], 'rb').read())
            tail = t[t.rfind(b'\\n') + 1:]
            line = t.count(b'\\n') + 1
            print(f"{line}:{sum(1 for b in tail if b & 0xC0 != 0x80) + 1}")
            """
        let end = try Command.run("python3", ["-c", script, "truncated.xz"], in: directory).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(end.contains(":"))
        let truncated = try importPeople("truncated.xz", into: "t.realm", in: directory)
        #expect(truncated.status == 1)
        #expect(truncated.stderr.contains("truncated.xz:\(end): error: the xz data ends early"), "\(truncated.stderr) \(end)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/t.realm"))
    }

    /// zstd input (libzstd's streaming decoder): the same store as the plain file, frames one
    /// after another read as one text (as `zstd -d` does), truncated or corrupt data a located
    /// error with nothing written.
    @Test func zstdImportsTheSameStoreAndDamageIsLocated() throws {
        let directory = try benchData(200)
        #expect(try importPeople("people.ndjson", into: "plain.realm", in: directory).status == 0)
        _ = try Command.run("zstd", ["-q", "-k", "people.ndjson"], in: directory)
        let packed = try importPeople("people.ndjson.zst", into: "zstd.realm", in: directory)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(try export("zstd.realm", in: directory).stdout == export("plain.realm", in: directory).stdout)

        // Two frames: the first 100 lines and the rest, compressed apart and concatenated.
        let lines = try String(contentsOfFile: directory + "/people.ndjson", encoding: .utf8).split(separator: "\n")
        try (lines.prefix(100).joined(separator: "\n") + "\n").write(toFile: directory + "/a.ndjson", atomically: true, encoding: .utf8)
        try (lines.dropFirst(100).joined(separator: "\n") + "\n").write(toFile: directory + "/b.ndjson", atomically: true, encoding: .utf8)
        _ = try Command.run("zstd", ["-q", "a.ndjson", "b.ndjson"], in: directory)
        let frames = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.ndjson.zst"))
            + Data(contentsOf: URL(fileURLWithPath: directory + "/b.ndjson.zst"))
        try frames.write(to: URL(fileURLWithPath: directory + "/frames.zst"))
        let joined = try importPeople("frames.zst", into: "frames.realm", in: directory)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try export("frames.realm", in: directory).stdout == export("plain.realm", in: directory).stdout)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.ndjson.zst"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory + "/truncated.zst"))
        let truncated = try importPeople("truncated.zst", into: "t.realm", in: directory)
        #expect(truncated.status == 1)
        #expect(truncated.stderr.contains("truncated.zst:"), "\(truncated.stderr)")
        #expect(truncated.stderr.contains("error: the zstd data ends early"), "\(truncated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/t.realm"))

        var damaged = bytes
        for index in (damaged.count / 3)..<(damaged.count / 3 + 64) { damaged[index] ^= 0x5A }
        try damaged.write(to: URL(fileURLWithPath: directory + "/corrupt.zst"))
        let corrupt = try importPeople("corrupt.zst", into: "c.realm", in: directory)
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr.contains("error: the zstd data is corrupt"), "\(corrupt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/c.realm"))
    }

    @Test func exportWritesGzipByFlagOrName() throws {
        let directory = try benchData(100)
        let load = try importPeople("people.ndjson.gz", into: "s.realm", in: directory)
        #expect(load.status == 0, "\(load.stderr)")
        let plain = try export("s.realm", in: directory).stdout
        let byName = try export("s.realm", in: directory, ["-o", "out.json.gz"])
        #expect(byName.status == 0, "\(byName.stderr)")
        let byFlag = try export("s.realm", in: directory, ["--gzip", "-o", "out.json"])
        #expect(byFlag.status == 0, "\(byFlag.stderr)")
        for file in ["out.json.gz", "out.json"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B])
            #expect(bytes.count < plain.utf8.count / 2)
            let unpacked = try Command.run("python3", ["-c", "import gzip,sys; sys.stdout.write(gzip.open(sys.argv[1]).read().decode())",
                                                       file], in: directory)
            #expect(unpacked.stdout == plain)
        }
        // And back in: a CSV export compressed by name reads back as the same rows.
        let csv = try export("s.realm", in: directory, ["--class", "Person", "--type", "csv", "-o", "people.csv.gz"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let again = try Tool.run("realm-import", ["--store", "b.realm", "--schema", "people.yaml", "--class", "Person", "--type", "csv",
                                                  "people.csv.gz"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try export("b.realm", in: directory, ["--class", "Person", "--type", "csv"]).stdout
            == export("s.realm", in: directory, ["--class", "Person", "--type", "csv"]).stdout)
        // A failed export leaves no file, compressed or not.
        let failed = try export("s.realm", in: directory, ["--class", "Nope", "-o", "gone.json.gz"])
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory + "/gone.json.gz"))
    }
}
