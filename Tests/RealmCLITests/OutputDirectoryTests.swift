import Foundation
import RealmCLI
import RealmSchema
import TestSupport
import Testing

@Suite("Output directory and schema inputs")
struct OutputDirectoryTests {
    @Test func writesOnlyChangedFiles() throws {
        let directory = OutputDirectory(path: try Temporary.path("realm-cli"))
        let files = [(path: "A.swift", contents: "a\n"), (path: "sub/B.swift", contents: "b\n")]
        #expect(try directory.write(files) == ["A.swift", "sub/B.swift"])
        #expect(try directory.write(files) == [])
        #expect(directory.states(of: files).map(\.state) == [.upToDate, .upToDate])
        let changed = [(path: "A.swift", contents: "a2\n"), (path: "C.swift", contents: "c\n")]
        #expect(directory.states(of: changed).map(\.state) == [.stale, .missing])
        #expect(try directory.write(changed) == ["A.swift", "C.swift"])
    }

    @Test func directoryInputsAreSortedYAMLFiles() throws {
        let path = try Temporary.path("realm-cli")
        for name in ["b.yaml", "a.yml", "notes.txt"] {
            try Data("models: {}\n".utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        let sources = try SchemaInputs.load([path])
        #expect(sources.map { ($0.path as NSString).lastPathComponent } == ["a.yml", "b.yaml"])
    }

    @Test func missingFileIsAnIOFailure() {
        #expect(throws: IOFailure.self) { try SchemaInputs.load(["/nonexistent/schema.yaml"]) }
    }

    @Test func invalidUTF8IsLocated() throws {
        let path = try Temporary.path("realm-cli") + "/bad.yaml"
        try Data([0x61, 0x3A, 0x0A, 0x20, 0x20, 0xC3, 0x28]).write(to: URL(fileURLWithPath: path))
        #expect {
            try SchemaInputs.read(path)
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.location?.line == 2 && diagnostic.location?.column == 3
                && diagnostic.message == "invalid UTF-8 in schema file"
        }
    }
}
