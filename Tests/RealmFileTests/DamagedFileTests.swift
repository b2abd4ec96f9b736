import Foundation
import Testing
@testable import RealmFile

/// Damaged, foreign and unsupported files: each a specific error kind, message and byte offset,
/// never a crash or a hang.
@Suite("RealmFile refuses damaged files with located errors")
struct DamagedFileTests {
    /// The error `check` gives for `bytes`, or nil when the file decodes.
    private func error(_ bytes: [UInt8]) -> RealmFileError? {
        if case .failure(let error) = RealmFile.check(bytes: bytes) { return error }
        return nil
    }

    /// Writes `value` into element `index` of the node at `ref` (an 8…64-bit integer node).
    private func patch(_ bytes: inout [UInt8], node ref: Int, index: Int, value: Int64) throws {
        let width = (1 << Int(bytes[ref + 4] & 7)) >> 1
        try #require(width >= 8 && (bytes[ref + 4] >> 3) & 3 == 0)
        let size = width / 8
        for byte in 0..<size {
            bytes[ref + 8 + index * size + byte] = UInt8(truncatingIfNeeded: value >> (8 * Int64(byte)))
        }
    }

    private func topRef(_ bytes: [UInt8]) -> Int {
        let slot = Int(bytes[23] & 1)
        return (0..<8).reduce(0) { $0 | Int(bytes[8 * slot + $1]) << (8 * $1) }
    }

    @Test(arguments: [0, 10, 23, 24, 1001, 4096, 8000, 100_000, 200_000, 229_368])
    func truncatedNormalForm(at length: Int) throws {
        let bytes = Array(try Fixtures.bytes("all-types.realm").prefix(length))
        let found = try #require(error(bytes))
        #expect(found.kind == (length < 24 ? .notARealmFile : .truncated), "\(found)")
        #expect(found.offset != nil)
    }

    @Test(arguments: [4096, 65_536, 136_616, 136_624])
    func truncatedStreamingForm(at length: Int) throws {
        let bytes = Array(try Fixtures.bytes("all-types-writecopy.realm").prefix(length))
        let found = try #require(error(bytes))
        #expect(found.kind == .truncated && found.message.contains("footer"), "\(found)")
    }

    @Test func sizeNotAMultipleOf8() throws {
        let found = try #require(error(Array(try Fixtures.bytes("all-types.realm").prefix(1001))))
        #expect(found.kind == .truncated && found.message.contains("multiple of 8") && found.offset == 1001)
    }

    @Test func badMnemonic() throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        bytes.replaceSubrange(16..<20, with: Array("XXXX".utf8))
        let found = try #require(error(bytes))
        #expect(found.kind == .notARealmFile && found.message.contains("T-DB") && found.offset == 16)
    }

    @Test func textIsNotARealm() throws {
        let found = try #require(error(Array(String(repeating: "{\"name\": \"Rex\"}\n", count: 600).utf8)))
        #expect(found.kind == .notARealmFile)
    }

    @Test(arguments: [21, 25, 9])
    func unsupportedFormatVersion(_ version: UInt8) throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        bytes[20 + Int(bytes[23] & 1)] = version
        let found = try #require(error(bytes))
        #expect(found.kind == .unsupportedFormatVersion && found.message.contains("version \(version)"))
        #expect(found.message.contains("realm-core") && found.offset == 20 + Int(bytes[23] & 1))
    }

    @Test func encryptedLookingHeader() throws {
        var random = SeededRandom(seed: 31)
        let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }
        let found = try #require(error(bytes))
        #expect(found.kind == .encrypted && found.message.contains("writeCopy(toFile:encryptionKey: nil)"))
        #expect(found.offset == 16)
    }

    @Test func refOutsideTheFile() throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        let top = topRef(bytes)
        try patch(&bytes, node: top, index: 1, value: Int64(bytes.count + 4096))
        let found = try #require(error(bytes))
        #expect(found.kind == .badReference && found.message.contains("outside"), "\(found)")
        #expect(found.offset.map { $0 > top && $0 < top + 64 } == true)
    }

    @Test func misalignedRef() throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        let top = topRef(bytes)
        try patch(&bytes, node: top, index: 1, value: 4100)
        let found = try #require(error(bytes))
        #expect(found.kind == .badReference && found.message.contains("multiple of 8"), "\(found)")
    }

    @Test func nodeRunsPastTheEnd() throws {
        var bytes = try Fixtures.bytes("all-types.realm")
        let top = topRef(bytes)
        // The table-name node (top slot 0) claims 16 million elements.
        let width = (1 << Int(bytes[top + 4] & 7)) >> 1 / 8
        let names = (0..<width).reduce(0) { $0 | Int(bytes[top + 8 + $1]) << (8 * $1) }
        bytes[names + 5] = 0xff
        bytes[names + 6] = 0xff
        bytes[names + 7] = 0xff
        let found = try #require(error(bytes))
        #expect(found.kind == .truncated && found.message.contains("run past the end") && found.offset == names,
                "\(found)")
    }

    @Test func cycleInTheObjectTree() throws {
        var bytes = try Fixtures.bytes("people-1000.realm")
        let file = try RealmFile(bytes: bytes)
        let person = try #require(file.group.table(named: "class_Person"))
        let root = Int(person.clusterRoot)
        try #require(bytes[root + 4] & 0x80 != 0, "1,000 people need an inner root node")
        try patch(&bytes, node: root, index: 3, value: Int64(root))
        let found = try #require(error(bytes))
        #expect(found.kind == .cycle && found.offset == root && found.className == "Person", "\(found)")
    }

    @Test func locatedValueErrorNamesClassObjectAndProperty() throws {
        var bytes = try Fixtures.bytes("people-1000.realm")
        let file = try RealmFile(bytes: bytes)
        let dog = try #require(file.group.table(named: "class_Dog"))
        let name = try #require(dog.columns.first { $0.name == "name" })
        // Find the first Dog leaf and make its name column's leaf a misaligned reference.
        let reader = file.makeReader()
        let leafRef = try #require(try reader.clusterLeaves(dog.clusterRoot, from: dog.clusterRootSource).first?.ref)
        try patch(&bytes, node: Int(leafRef), index: name.leafIndex + 1, value: 12)
        let found = try #require(error(bytes))
        #expect(found.kind == .badReference && found.className == "Dog" && found.property == "name", "\(found)")
        #expect(found.description.contains("class 'Dog'") && found.description.contains("at byte"))
    }

    @Test func missingFileAndDirectory() {
        #expect(throws: RealmFileError.self) { try RealmFile(path: "/nonexistent/x.realm") }
        do {
            _ = try RealmFile(path: Fixtures.directory.path)
            Issue.record("a directory opened")
        } catch {
            #expect(error.kind == .cannotOpen)
        }
    }

    /// Random byte mutations of small fixtures (fixed seed): every outcome is a summary or a
    /// `RealmFileError`, never a crash or a hang.
    @Test(arguments: ["empty-schema-v3.realm", "all-types-writecopy.realm", "people-1000.realm"])
    func randomMutationsNeverCrash(fixture: String) throws {
        let original = try Fixtures.bytes(fixture)
        var random = SeededRandom(seed: 2024)
        var failures = 0
        let start = Date()
        // REALM_FILE_MUTATIONS=N runs a longer campaign by hand.
        let iterations = ProcessInfo.processInfo.environment["REALM_FILE_MUTATIONS"].flatMap(Int.init) ?? 300
        for _ in 0..<iterations {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            if case .failure = RealmFile.check(bytes: bytes) { failures += 1 }
        }
        #expect(failures > 0)
        #expect(iterations > 300 || Date().timeIntervalSince(start) < 120)
    }
}

/// A small deterministic random source (SplitMix64) for reproducible damage.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
