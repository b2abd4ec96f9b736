import Foundation

/// Another tool's flag (mongoimport's and mongoexport's) that a command takes as it means it
/// here, rather than as an unknown option: accepted with a one-line note when the behaviour is
/// already this tool's, taken as one of this command's own options where that is the equivalent,
/// or refused with a message saying what to do instead. `docs/mongodb.md` lists them all.
///
/// For example:
///
///     ForeignOption(["--jsonArray"], .note("a JSON array is detected from the input; --jsonArray is not needed"))
///     ForeignOption(["--fieldFile"], takesValue: true) { path in .same(as: "--fields", value: try fieldsFile(path)) }
public struct ForeignOption: Sendable {
    /// What the flag does here.
    public enum Outcome: Sendable, Equatable {
        /// Accepted: the behaviour is already this tool's. The note is printed (not with `--quiet`).
        case note(String)
        /// Taken as this command's option `option` (with `value` for one that takes a value).
        case same(as: String, value: String?)
        /// Refused, exit status 64, with this message.
        case refused(String)
    }

    /// The spellings (`--numInsertionWorkers`, `-j`).
    public var names: [String]
    /// Whether a value follows (`-j 4`, `--parseGrace=skipRow`).
    public var takesValue: Bool
    /// The outcome for the value given (nil for a flag).
    public var outcome: @Sendable (String?) throws(UsageError) -> Outcome

    public init(_ names: [String], takesValue: Bool = false,
                outcome: @escaping @Sendable (String?) throws(UsageError) -> Outcome) {
        self.names = names
        self.takesValue = takesValue
        self.outcome = outcome
    }

    /// A flag or valued option whose outcome does not depend on its value.
    public init(_ names: [String], takesValue: Bool = false, _ outcome: Outcome) {
        self.init(names, takesValue: takesValue) { _ in outcome }
    }

    /// The server connection and authentication flags of MongoDB's tools: a store is a local file.
    public static func server(for command: String) -> [ForeignOption] {
        let names = ["--host", "--port", "--username", "-u", "--password", "-p", "--authenticationDatabase",
                     "--authenticationMechanism", "--awsSessionToken", "--gssapiServiceName", "--gssapiHostName",
                     "--config", "--readPreference", "--writeConcern", "--sslCAFile", "--sslPEMKeyFile", "--tlsCAFile",
                     "--tlsCertificateKeyFile", "--tlsCertificateKeyFilePassword", "--tlsCRLFile"]
        let flags = ["--ssl", "--tls", "--tlsInsecure", "--sslAllowInvalidCertificates", "--sslAllowInvalidHostnames",
                     "--tlsAllowInvalidCertificates", "--tlsAllowInvalidHostnames", "--slaveOk"]
        let message = "\(command) works on a local store file (--store FILE); there is no server to connect to"
        return names.map { ForeignOption([$0], takesValue: true, .refused(message + " ('\($0)')")) }
            + flags.map { ForeignOption([$0], .refused(message + " ('\($0)')")) }
    }

    /// `--fieldFile F`: the field names of file `path`, one a line, as `--fields` takes them.
    public static func fieldList(inFile path: String?, flag: String) throws(UsageError) -> String {
        let lines = try text(ofFile: path, flag: flag).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw UsageError("'\(flag)' names a file without field names: '\(path ?? "")'.") }
        return lines.joined(separator: ",")
    }

    /// The text of file `path`, for a flag that takes its value from a file (`--queryFile`).
    public static func text(ofFile path: String?, flag: String) throws(UsageError) -> String {
        guard let path, let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("'\(flag)' names a file that cannot be read: '\(path ?? "")'.")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
