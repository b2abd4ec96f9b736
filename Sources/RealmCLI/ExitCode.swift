/// The exit statuses of docs/command-line.md, section 2, shared by every command.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// The input or schema is invalid; nothing was written (also: `--check` found stale files).
    case invalidInput = 1
    /// An I/O or store failure; nothing was written.
    case failure = 2
    /// The command was invoked wrongly.
    case usage = 64
    /// Stopped by SIGINT (128 + 2); nothing was written.
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15); nothing was written.
    case terminated = 143
}

/// An I/O failure (unreadable input, unwritable output): exit status 2.
public struct IOFailure: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Ends a command early with a status and no further message (for example `--check` finding
/// stale files after it has already listed them).
public struct ExitRequest: Error, Sendable {
    public var code: ExitCode

    public init(_ code: ExitCode) {
        self.code = code
    }
}
