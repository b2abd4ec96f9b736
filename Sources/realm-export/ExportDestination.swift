import Foundation
import RealmCLI
import RealmInterchange

/// Where the export goes: stdout, or a file written under a temporary name beside it and renamed
/// into place only when the export succeeded, so a failed export leaves no partial file; gzip
/// compressed (`--gzip`, or a name ending in `.gz`) through a `GzipPipe`.
final class ExportDestination {
    let output: ExportOutput
    /// The name for messages (`stdout` or the path).
    let name: String
    private let descriptor: Int32
    private let finalPath: String?
    private let temporaryPath: String?
    private let gzip: GzipPipe?
    private var isOpen = true

    private init(descriptor: Int32, name: String, finalPath: String?, temporaryPath: String?, gzip: Bool) throws {
        self.descriptor = descriptor
        self.name = name
        self.finalPath = finalPath
        self.temporaryPath = temporaryPath
        self.gzip = gzip ? try GzipPipe(destination: descriptor, name: name) : nil
        self.output = .fileDescriptor(self.gzip?.descriptor ?? descriptor, name: name)
    }

    /// Opens `path` (nil or `-`: stdout), gzip-compressed when `gzip` or the name ends in `.gz`.
    static func open(_ path: String?, gzip: Bool = false) throws -> ExportDestination {
        guard let path, path != "-" else {
            return try ExportDestination(descriptor: STDOUT_FILENO, name: "stdout", finalPath: nil, temporaryPath: nil,
                                         gzip: gzip)
        }
        let temporary = temporaryPath(for: path)
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw IOFailure(ExportMessages.writeFailed(path, String(cString: strerror(errno))))
        }
        return try ExportDestination(descriptor: descriptor, name: path, finalPath: path, temporaryPath: temporary,
                                     gzip: gzip || path.hasSuffix(".gz"))
    }

    /// The name a file is written under before it is renamed to `path`: `.<name>.realm-export-<pid>` beside it.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).realm-export-\(getpid())").path
    }

    /// Flushes and, for a file, moves it into place.
    func finish() throws {
        try output.flush()
        try gzip?.finish()
        guard let finalPath, let temporaryPath else { return }
        isOpen = false
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporaryPath, finalPath) == 0 else {
            unlink(temporaryPath)
            throw IOFailure(ExportMessages.writeFailed(finalPath, String(cString: strerror(errno))))
        }
    }

    /// Discards a partly written file.
    func abandon() {
        try? gzip?.finish()
        guard let temporaryPath, isOpen else { return }
        isOpen = false
        close(descriptor)
        unlink(temporaryPath)
    }
}
