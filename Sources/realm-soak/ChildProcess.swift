import Foundation

/// A process the soak starts: one of the package's executables (found beside `realm-soak`),
/// its stdin empty and its stdout and stderr written to files, so no pipe can fill up.
final class ChildProcess {
    /// The directory of the running executable, where `swift build` puts its siblings.
    static let toolsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    let process = Process()
    let output: URL
    let errors: URL
    /// The files the process was given (closed once it ended).
    private var handles: [FileHandle] = []

    /// Starts `tool` with `arguments` in `directory`; its output goes to `<name>.out` and
    /// `<name>.err` there.
    init(_ tool: String, _ arguments: [String], in directory: String, name: String) throws {
        let base = URL(fileURLWithPath: directory)
        output = base.appendingPathComponent(name + ".out")
        errors = base.appendingPathComponent(name + ".err")
        try Data().write(to: output)
        try Data().write(to: errors)
        process.executableURL = Self.toolsDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = base
        handles = [try FileHandle(forWritingTo: output), try FileHandle(forWritingTo: errors)]
        process.standardOutput = handles[0]
        process.standardError = handles[1]
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["REALM_IMPORT_PROGRESS_INTERVAL"] = "3600"   // no progress lines in stderr
        process.environment = environment
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits for the process to end; returns its exit status (or 128 + signal).
    func wait() -> Int32 {
        process.waitUntilExit()
        for handle in handles { try? handle.close() }
        handles = []
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Waits up to `seconds` for the process to end; kills it (SIGKILL) and returns nil if it did not.
    func wait(atMost seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(pid, SIGKILL)
            _ = wait()
            return nil
        }
        return wait()
    }

    var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Runs `tool` to its end: exit status, stdout, stderr.
    static func run(_ tool: String, _ arguments: [String], in directory: String,
                    name: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(tool, arguments, in: directory, name: name)
        let status = child.wait()
        return (status, child.stdout, child.stderr)
    }

    /// The resident set of process `pid` in KiB (`VmRSS` of /proc/PID/status), nil once it is gone.
    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
