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
    let files = try ProcessFiles(input: input)
    defer { files.remove() }
    let process = files.process(executable, arguments, in: directory)
    try process.run()
    process.waitUntilExit()
    return try files.result(of: process)
}

/// `runProcess` for async tests, holding no thread while the process runs: Swift Testing runs
/// tests on as many threads as there are cores, and a test that waits seconds for a process
/// (a lock timeout, a soak) would keep other tests off one of them.
///
///     let result = try await runProcessWithoutBlocking(Tool.url("realm-soak"), ["run", directory, "5"])
public func runProcessWithoutBlocking(_ executable: URL, _ arguments: [String], in directory: String? = nil,
                                      input: Data = Data()) async throws -> ProcessResult {
    let files = try ProcessFiles(input: input)
    defer { files.remove() }
    let process = files.process(executable, arguments, in: directory)
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in continuation.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
    return try files.result(of: process)
}

/// The temporary files a process reads its stdin from and writes its stdout and stderr to.
private struct ProcessFiles {
    let scratch: URL
    let stdin: FileHandle
    let stdout: FileHandle
    let stderr: FileHandle

    init(input: Data) throws {
        scratch = try Temporary.directory("realm-process")
        try input.write(to: scratch.appendingPathComponent("stdin"))
        try Data().write(to: scratch.appendingPathComponent("stdout"))
        try Data().write(to: scratch.appendingPathComponent("stderr"))
        stdin = try FileHandle(forReadingFrom: scratch.appendingPathComponent("stdin"))
        stdout = try FileHandle(forWritingTo: scratch.appendingPathComponent("stdout"))
        stderr = try FileHandle(forWritingTo: scratch.appendingPathComponent("stderr"))
    }

    /// The process, not yet started, with these files as its standard input and output.
    func process(_ executable: URL, _ arguments: [String], in directory: String?) -> Process {
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
        return process
    }

    /// What the process, now ended, printed and how it ended.
    func result(of process: Process) throws -> ProcessResult {
        try stdin.close()
        try stdout.close()
        try stderr.close()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: try Data(contentsOf: scratch.appendingPathComponent("stdout")), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: scratch.appendingPathComponent("stderr")), as: UTF8.self))
    }

    func remove() {
        try? FileManager.default.removeItem(at: scratch)
    }
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

    /// `run` for async tests, holding no thread while the tool runs (see `runProcessWithoutBlocking`).
    public static func runWithoutBlocking(_ name: String, _ arguments: [String], in directory: String? = nil,
                                          input: Data = Data()) async throws -> ProcessResult {
        try await runProcessWithoutBlocking(url(name), arguments, in: directory, input: input)
    }

    /// A store at `path` made by `realm-import` from the example schemas and `fixtures/people.json`.
    public static func importDemoStore(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let imported = try run("realm-import", ["--store", path, "--schema", Repository.exampleSchemas, "--quiet",
                                                Repository.peopleFixture])
        #expect(imported.status == 0, "\(imported.stderr)", sourceLocation: sourceLocation)
    }
}
