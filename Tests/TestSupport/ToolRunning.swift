import Foundation
import Testing

/// What a process printed and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` with `arguments` in `directory`, feeding `input` on stdin. Input and output
/// go through temporary files, so neither side can block on a full pipe.
public func runProcess(_ executable: URL, _ arguments: [String], in directory: String? = nil,
                       input: Data = Data()) throws -> ProcessResult {
    let scratch = try Temporary.directory("realm-process")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputURL = scratch.appendingPathComponent("stdin")
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    try input.write(to: inputURL)
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let stdin = try FileHandle(forReadingFrom: inputURL)
    let stdout = try FileHandle(forWritingTo: outputURL)
    let stderr = try FileHandle(forWritingTo: errorURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory {
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
    }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    process.environment = quietProgressEnvironment
    try process.run()
    process.waitUntilExit()
    try stdin.close()
    try stdout.close()
    try stderr.close()
    return ProcessResult(status: process.terminationStatus,
                         stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                         stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// The environment for tools the tests run: `realm-import`'s progress lines (printed every
/// 3 s when stderr is not a terminal) only once an hour, so that a slow machine does not add
/// them to the stderr a test compares; tests of progress set the interval themselves
/// (`Command.run("REALM_IMPORT_PROGRESS_INTERVAL=0", …)`, through env(1)).
public var quietProgressEnvironment: [String: String] {
    ProcessInfo.processInfo.environment.merging(["REALM_IMPORT_PROGRESS_INTERVAL": "3600"]) { _, quiet in quiet }
}

/// Commands found on `PATH` (python3, swiftc, diff).
public enum Command {
    /// Runs `command`, looked up on `PATH` through `/usr/bin/env`.
    public static func run(_ command: String, _ arguments: [String], in directory: String? = nil,
                           input: Data = Data()) throws -> ProcessResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, in: directory, input: input)
    }
}

/// The package's own executables (realm-schema, realm-import, realm-export, realm-store-tool),
/// built with the tests (`swift build --build-tests`) into the directory of the test bundle.
public enum Tool {
    /// The directory of the test bundle (`.build/<triple>/<configuration>`).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The built executable `name`: beside the test bundle or in a directory above it.
    public static func url(_ name: String) -> URL {
        var directory = productsDirectory
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return productsDirectory.appendingPathComponent(name)
    }

    /// Runs the built executable `name` with `arguments` in `directory`, feeding `input` on stdin.
    public static func run(_ name: String, _ arguments: [String], in directory: String? = nil,
                           input: Data = Data()) throws -> ProcessResult {
        try runProcess(url(name), arguments, in: directory, input: input)
    }

    /// A store at `path` made by `realm-import` from the example schemas and `fixtures/people.json`.
    public static func importDemoStore(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let imported = try run("realm-import", ["--store", path, "--schema", Repository.exampleSchemas, "--quiet",
                                                Repository.peopleFixture])
        #expect(imported.status == 0, "\(imported.stderr)", sourceLocation: sourceLocation)
    }
}
