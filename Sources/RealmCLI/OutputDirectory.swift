import Foundation

/// Writes generated files into a directory, touching only files whose bytes changed, or checks
/// that the directory is up to date (`--check`).
public struct OutputDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The state of one generated file on disk.
    public enum FileState: String, Sendable, Equatable {
        case upToDate = "up to date"
        case missing
        case stale
    }

    /// Compares each `(relativePath, contents)` with what is on disk.
    public func states(of files: [(path: String, contents: String)]) -> [(path: String, state: FileState)] {
        files.map { file in
            guard let existing = FileManager.default.contents(atPath: fullPath(file.path)) else {
                return (file.path, .missing)
            }
            return (file.path, existing.elementsEqual(file.contents.utf8) ? .upToDate : .stale)
        }
    }

    /// Writes the files whose content differs; returns the relative paths written.
    @discardableResult
    public func write(_ files: [(path: String, contents: String)]) throws -> [String] {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw IOFailure("\(path): cannot create directory")
        }
        var written: [String] = []
        for (file, state) in zip(files, states(of: files)) where state.state != .upToDate {
            let target = fullPath(file.path)
            let directory = (target as NSString).deletingLastPathComponent
            do {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw IOFailure("\(target): cannot write file")
            }
            written.append(file.path)
        }
        return written
    }

    public func fullPath(_ relative: String) -> String {
        path.hasSuffix("/") ? path + relative : path + "/" + relative
    }
}
