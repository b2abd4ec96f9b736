import Foundation

/// Fresh files and directories under the system's temporary directory.
public enum Temporary {
    /// A new empty directory named `<prefix>-<UUID>`. It is left behind after the test, so a
    /// failing test's files can be looked at; `TemporaryDirectory` removes its directory.
    public static func directory(_ prefix: String = "realm-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The path of a new empty directory (see `directory(_:)`).
    public static func path(_ prefix: String = "realm-tests") throws -> String {
        try directory(prefix).path
    }

    /// Where a file named `name` goes in a new empty directory (the file itself is not created).
    public static func fileURL(_ name: String, prefix: String = "realm-tests") throws -> URL {
        try directory(prefix).appendingPathComponent(name)
    }

    /// The path of a file named `name` holding `bytes`, in a new directory.
    public static func file(_ bytes: [UInt8], name: String, prefix: String = "realm-tests") throws -> String {
        let url = try fileURL(name, prefix: prefix)
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// A temporary directory removed when the value is deinitialised.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ prefix: String = "realm-tests") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    public func path(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }
}

extension String {
    /// Writes the string's UTF-8 bytes to the file at `path`.
    public func write(toFile path: String) throws {
        try Data(utf8).write(to: URL(fileURLWithPath: path))
    }
}
