import Foundation
import RealmFuzz
import TestSupport
import Testing

/// `make test` replays the fuzz corpora (Tests/Fixtures/fuzz/<target>/, with the crashes
/// `make fuzz` found under crashes/) through the same bodies libFuzzer runs, so that a fixed
/// crash stays fixed. No fuzzing: each input runs once.
@Suite("fuzz corpus replay")
struct FuzzReplayTests {
    /// Every corpus and crash file of `target`, by path relative to its corpus directory.
    static func inputs(_ target: FuzzTarget) -> [(name: String, bytes: [UInt8])] {
        let directory = Repository.path("Tests/Fixtures/fuzz/" + target.rawValue)
        let names = (FileManager.default.subpaths(atPath: directory) ?? []).sorted()
        return names.compactMap { name in
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !name.hasSuffix(".md"), let data = FileManager.default.contents(atPath: path) else { return nil }
            return (name, Array(data))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func corpusReplaysWithoutFailures(_ target: FuzzTarget) {
        let inputs = Self.inputs(target)
        #expect(inputs.count >= 5, "the \(target.rawValue) corpus is missing")
        for input in inputs {
            #expect(target.check(input.bytes) == nil, "\(target.rawValue)/\(input.name)")
        }
    }
}
