import Foundation

/// Runs one of the built executables and captures what it printed.
struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ToolRunner {
    /// The directory holding the built products (`.build/<triple>/debug`), found next to the test binary.
    static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .resolvingSymlinksInPath()
    }

    /// Runs `tool` with `arguments` in `directory`, feeding `input` on stdin.
    static func run(_ tool: String, _ arguments: [String], in directory: String? = nil,
                    input: Data = Data()) throws -> ToolResult {
        let process = Process()
        var executable = productsDirectory.appendingPathComponent(tool)
        if !FileManager.default.fileExists(atPath: executable.path) {
            executable = productsDirectory.deletingLastPathComponent().appendingPathComponent(tool)
        }
        process.executableURL = executable
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
        }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus,
                          stdout: String(decoding: out, as: UTF8.self),
                          stderr: String(decoding: err, as: UTF8.self))
    }

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "realm-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The repository root (for the example schemas and fixtures).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

extension String {
    func write(toFile path: String) throws {
        try Data(utf8).write(to: URL(fileURLWithPath: path))
    }
}
