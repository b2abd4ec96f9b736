import Foundation
import RealmSchema

/// Reads the schema files named on a command line: files as given, directories as every
/// `*.yaml`/`*.yml` file in them, sorted by name so that output never depends on the file system.
public enum SchemaInputs {
    public static func load(_ paths: [String], relativeTo root: String? = nil, fileManager: FileManager = .default) throws -> [SchemaSource] {
        guard !paths.isEmpty else {
            throw UsageError.missingArgument("<schema> ...")
        }
        var sources: [SchemaSource] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw IOFailure("\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = try contents(ofDirectory: path, fileManager: fileManager)
                    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                    .sorted()
                if names.isEmpty {
                    throw IOFailure("\(path): no *.yaml files in this directory")
                }
                for name in names {
                    let file = path.hasSuffix("/") ? path + name : path + "/" + name
                    sources.append(try read(file, relativeTo: root))
                }
            } else {
                sources.append(try read(path, relativeTo: root))
            }
        }
        return sources
    }

    /// Reads one file, or a pipe to its end (`--schema <(…)`, a named pipe); bytes that are not
    /// UTF-8 are left to the YAML reader to report.
    public static func read(_ path: String, relativeTo root: String? = nil) throws -> SchemaSource {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            throw IOFailure("\(path): cannot read file")
        }
        try? handle.close()
        guard let text = String(data: data, encoding: .utf8) else {
            let location = firstInvalidUTF8(in: data, file: displayPath(path, relativeTo: root))
            throw Diagnostic.error("invalid UTF-8 in schema file", at: location)
        }
        return SchemaSource(path: displayPath(path, relativeTo: root), text: text)
    }

    /// The path as shown in diagnostics and generated headers: relative to `root` (default:
    /// the current directory) when the file lies under it, so output never holds absolute paths
    /// of one machine.
    public static func displayPath(_ path: String, relativeTo root: String? = nil) -> String {
        guard path.hasPrefix("/") else {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        let cwd = root ?? FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The 1-based line and column of the first byte sequence that is not UTF-8.
    static func firstInvalidUTF8(in data: Data, file: String) -> SourceLocation {
        var line = 1, column = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if Unicode.UTF8.decode(encoded) == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput, .error:
                break loop
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    private static func contents(ofDirectory path: String, fileManager: FileManager) throws -> [String] {
        do {
            return try fileManager.contentsOfDirectory(atPath: path)
        } catch {
            throw IOFailure("\(path): cannot list directory")
        }
    }
}
