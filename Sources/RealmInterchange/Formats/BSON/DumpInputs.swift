import Foundation
import Glibc
import RealmSchema

/// The inputs of one `realm-import` run with mongodump's layout taken apart, as `mongorestore`
/// takes a dump directory (docs/mongodb.md, section 2.1):
///
/// - a directory (`dump/shop/`) stands for its `<Class>.bson` and `<Class>.bson.gz` files, in
///   sorted order, each file's class from its name; its `<Class>.metadata.json(.gz)` files are
///   metadata (an error if one is not); `oplog.bson`, `system.*` and `$…` collections, other
///   files and subdirectories are skipped with a note each, as mongorestore skips them. A
///   directory with none of these files but database directories that have them (the `dump/`
///   level) is a usage error naming them; `--class` with a directory is one too.
/// - a file given by name is metadata when its content is (`DumpMetadata.read`), whatever its
///   name, so `realm-import dump/shop/*` never imports `Person.metadata.json` as data; any other
///   input (stdin and other pipes included, which are read once) is data, as before.
///
/// Metadata is never imported: `diagnostics(schema:className:)` checks its indexes against the
/// schema's class.
///
/// For example:
///
///     let dump = try DumpInputs(["dump/shop"], className: nil)
///     dump.data                                     // ["dump/shop/Dog.bson", "dump/shop/Person.bson.gz"]
///     dump.diagnostics(schema: schema, className: nil)   // notes and warnings, one line each
public struct DumpInputs {
    /// The inputs to import as data, in order.
    public private(set) var data: [String] = []
    /// What was set aside, in the order found: skipped files' notes and metadata files.
    private var items: [Item] = []
    /// The data files found in directories, with the class each file's name names.
    private var directoryData: [(path: String, className: String)] = []

    private enum Item {
        case skipped(Diagnostic)
        /// A metadata file: its path, content, the name its file name gives (less
        /// `.metadata.json` and `.gz`), and, when found in a directory, whether a data file of
        /// that name is beside it.
        case metadata(path: String, DumpMetadata, fileName: String, hasData: Bool?)
    }

    /// Takes `inputs` apart; `detectsMetadata` false (CSV or TSV input) reads every file as data.
    ///
    /// - Throws: `ImportRunError.dumpDirectory` for a directory that cannot be imported as
    ///   given; `SourceError` for a directory's metadata file that is not metadata (`.malformed`)
    ///   or an unreadable directory or file (`.io`).
    public init(_ inputs: [String], className: String?, detectsMetadata: Bool = true) throws {
        for input in inputs {
            var isDirectory: ObjCBool = false
            if input != "-" && FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) && isDirectory.boolValue {
                if className != nil { throw ImportRunError.dumpDirectory(input, message: DumpMessages.classWithDirectory(input)) }
                try addDirectory(input)
            } else if detectsMetadata && Self.isRegularFile(input), let metadata = try? DumpMetadata.read(path: input) {
                items.append(.metadata(path: input, metadata, fileName: Self.fileName(of: input), hasData: nil))
            } else {
                data.append(input)
            }
        }
    }

    /// Whether `path` is a regular file (after symbolic links): only those are read twice, once
    /// to tell metadata; a pipe (`<(zcat …)`) or stdin is data, read once.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return path != "-" && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The kinds of file a dump directory holds, told by the name as mongorestore tells them.
    private enum Entry {
        case data(String), metadata(String), oplog, system, other

        var isData: Bool {
            if case .data = self { return true }
            return false
        }
    }

    private static func entry(_ name: String) -> Entry {
        for suffix in [".metadata.json", ".metadata.json.gz"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let base = String(name.dropLast(suffix.count))
            return isSystem(base) ? .system : .metadata(base)
        }
        for suffix in [".bson", ".bson.gz"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let base = String(name.dropLast(suffix.count))
            if base == "oplog" { return .oplog }
            return isSystem(base) ? .system : .data(base)
        }
        return .other
    }

    /// Whether a collection is one mongorestore does not restore as data: `system.*`, and the
    /// `$admin.system.*` files of `mongodump --dumpDbUsersAndRoles`.
    private static func isSystem(_ collection: String) -> Bool {
        collection.hasPrefix("system.") || collection.hasPrefix("$")
    }

    /// A file's name less `.metadata.json`, `.bson` and `.gz`.
    private static func fileName(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? "")
        for suffix in [".gz", ".metadata.json", ".bson"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return String(name)
    }

    /// `directory`'s entries, sorted, each path as `directory` spells it plus the name.
    private static func entries(of directory: String) throws -> [(path: String, name: String, isDirectory: Bool)] {
        guard let handle = opendir(directory) else { throw SourceError(.io, .error(JSONMessages.openFailed(directory, code: errno))) }
        closedir(handle)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return names.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: prefix + name, isDirectory: &isDirectory)
            return (prefix + name, name, isDirectory.boolValue)
        }
    }

    private mutating func addDirectory(_ directory: String) throws {
        let entries = try Self.entries(of: directory)
        var dataNames: [String: String] = [:]
        var found: [Item] = []
        var metadata: [(path: String, name: String)] = []
        for (path, name, isDirectory) in entries {
            if isDirectory {
                found.append(.skipped(Diagnostic(.note, DumpMessages.skippedSubdirectory(path))))
                continue
            }
            switch Self.entry(name) {
            case .data(let base):
                if let other = dataNames[base] {
                    throw ImportRunError.dumpDirectory(directory, message: DumpMessages.bothCompressions(other, path))
                }
                dataNames[base] = path
            case .metadata(let base):
                metadata.append((path, base))
                found.append(.metadata(path: path, DumpMetadata(), fileName: base, hasData: nil))
            case .oplog:
                found.append(.skipped(Diagnostic(.note, DumpMessages.skippedOplog(path))))
            case .system:
                found.append(.skipped(Diagnostic(.note, DumpMessages.skippedSystemCollection(path))))
            case .other:
                found.append(.skipped(Diagnostic(.note, DumpMessages.skippedFile(path))))
            }
        }
        if dataNames.isEmpty && metadata.isEmpty {
            let databases = try entries.filter { entry in
                try entry.isDirectory && Self.entries(of: entry.path).contains { Self.entry($0.name).isData }
            }.map(\.path)
            if !databases.isEmpty {
                throw ImportRunError.dumpDirectory(directory, message: DumpMessages.databasesDirectory(directory, databases: databases))
            }
            throw ImportRunError.dumpDirectory(directory, message: DumpMessages.emptyDirectory(directory))
        }
        // Read the metadata files once the directory is known to be a dump.
        for (position, item) in found.enumerated() {
            guard case .metadata(let path, _, let base, _) = item else { continue }
            guard let content = try DumpMetadata.read(path: path) else {
                throw SourceError(.malformed, .error(DumpMessages.notMetadata(path)))
            }
            found[position] = .metadata(path: path, content, fileName: base, hasData: dataNames[base] != nil)
        }
        let sorted = dataNames.sorted { $0.value < $1.value }
        data += sorted.map(\.value)
        directoryData += sorted.map { (path: $0.value, className: $0.key) }
        items += found
    }

    /// Checks that every data file found in a directory names a class of `schema`, before
    /// anything is read: a collection the schema lacks is not left out silently.
    ///
    /// - Throws: `ImportRunError.dumpDirectory` naming the first such file and the classes.
    public func checkClasses(_ schema: CompiledSchema) throws(ImportRunError) {
        for (path, name) in directoryData where schema.model(named: name) == nil {
            let classes = schema.models.filter { $0.kind != .embedded }.map(\.name).sorted()
            throw ImportRunError.dumpDirectory(path, message: DumpMessages.unknownCollection(path, name: name, classes: classes))
        }
    }

    /// Notes for the skipped files and the metadata files' checks against `schema`, in the
    /// order found: a view's metadata is skipped; otherwise its class is the one its file name
    /// names, else `--class`, else its `collectionName` (a note when that differs, one when no
    /// class of the schema fits); metadata found in a directory without its data file gets a
    /// note; then `DumpMetadata.check(against:file:)`.
    public func diagnostics(schema: CompiledSchema, className: String?) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for item in items {
            switch item {
            case .skipped(let note):
                result.append(note)
            case let .metadata(path, metadata, fileName, hasData):
                if metadata.isView {
                    result.append(Diagnostic(.note, DumpMessages.view(path, name: metadata.collectionName ?? fileName)))
                    continue
                }
                let candidates = [fileName, className, metadata.collectionName].compactMap { $0 }
                guard let model = candidates.lazy.compactMap({ schema.model(named: $0) }).first(where: { $0.kind != .embedded }) else {
                    result.append(Diagnostic(.note, DumpMessages.unknownClass(path, name: fileName)))
                    continue
                }
                if let name = metadata.collectionName, name != model.name {
                    result.append(Diagnostic(.note, DumpMessages.collectionNameDiffers(path, collectionName: name, className: model.name)))
                }
                if hasData == false { result.append(Diagnostic(.note, DumpMessages.noDataFile(path, className: fileName))) }
                result += metadata.check(against: model, file: path)
            }
        }
        return result
    }
}
