#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `write(2)` and `pwrite(2)`, named apart from the methods below.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func posixPWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: Int64) -> Int {
    pwrite(descriptor, buffer, count, off_t(offset))
}

/// A file written atomically: a new temporary file beside the destination
/// (`.<name>.<pid>.<n>.tmp`, created exclusively) receives the bytes; `commit()` flushes it to
/// disk and renames it over the destination. Until then the destination is untouched; `discard()`
/// (or dropping the value without committing) removes the temporary file.
final class FileOutput {
    /// The destination.
    let path: String
    /// The temporary file being written.
    let temporaryPath: String
    private var descriptor: Int32
    private var isOpen = true

    /// Creates the temporary file for `path`.
    init(path: String) throws(RealmFileError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(attempt).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw RealmFileError(.cannotOpen, RealmWriterMessages.cannotCreate(path, Self.errorText()))
        }
        self.descriptor = descriptor
        temporaryPath = temporary
    }

    deinit {
        discard()
    }

    /// Appends `bytes` to the temporary file.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RealmFileError) {
        var done = 0
        while done < bytes.count {
            let written = posixWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            done += written
        }
    }

    /// Overwrites bytes already written at `offset` (the file header).
    func write(_ bytes: [UInt8], at offset: Int64) throws(RealmFileError) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { posixPWrite(descriptor, $0.baseAddress! + done, bytes.count - done, offset + Int64(done)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            done += written
        }
    }

    /// Flushes the temporary file to disk and renames it over the destination; on failure it is
    /// removed and the destination left as it was.
    func commit() throws(RealmFileError) {
        var failure: String?
        if fsync(descriptor) != 0 { failure = Self.errorText() }
        if close(descriptor) != 0, failure == nil { failure = Self.errorText() }
        isOpen = false
        if failure == nil, rename(temporaryPath, path) != 0 { failure = Self.errorText() }
        if let failure {
            unlink(temporaryPath)
            throw RealmFileError(.cannotOpen, RealmWriterMessages.cannotCreate(path, failure))
        }
    }

    /// Closes and removes the temporary file (nothing when it was committed).
    func discard() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
        unlink(temporaryPath)
    }

    /// The current `errno` as an error about the destination.
    private func failure() -> RealmFileError {
        RealmFileError(.cannotOpen, RealmWriterMessages.cannotCreate(path, Self.errorText()))
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
