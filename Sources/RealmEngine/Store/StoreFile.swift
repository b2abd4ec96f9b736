import Foundation

/// What the file system says about a store file before SQLite opens it (docs/store-file.md,
/// "Opening"): SQLite would write to a file it opens read-write (a journal mode, a new empty
/// database), so a file is known to be a store before anything may write to it.
enum StoreFile {
    /// What the first bytes of a file show.
    enum Contents {
        /// No bytes at all.
        case empty
        /// Not SQLite's header: another kind of file.
        case notSQLite
        /// An SQLite database; `walMode` from its header (bytes 18 and 19 are 2 in WAL mode).
        case sqlite(walMode: Bool)
    }

    /// The kind of the file at `path` (which exists) from its first 100 bytes. Anything but a
    /// regular file (after symbolic links) is refused before it is opened: opening a named pipe
    /// would wait for a writer forever, and a directory or a device is never a store.
    static func contents(of path: String) throws -> Contents {
        var status = stat()
        if stat(path, &status) == 0, let kind = nonRegularKind(status.st_mode) {
            throw StoreError.notARegularFile(path, kind)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.unreadableFile(path)
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return .empty }
        guard header.count == 100, header.prefix(16).elementsEqual(Array("SQLite format 3\0".utf8)) else {
            return .notSQLite
        }
        return .sqlite(walMode: header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2)
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    /// Whether the store may be written: the file and its directory are writable for this
    /// process and their permission bits let someone write them. False on a read-only mount,
    /// for a user without write permission, and for a file (`0444`) or directory (`0555`) that
    /// nobody may write, even for root, whom permission checks let write anywhere: such a store
    /// is read as unchanging (`immutable=1`), so nothing here may write it either
    /// (docs/store-file.md, "Reading only").
    static func isWritable(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return allowsWriting(path) && allowsWriting(directory.isEmpty ? "." : directory)
    }

    private static func allowsWriting(_ path: String) -> Bool {
        var status = stat()
        return access(path, W_OK) == 0 && stat(path, &status) == 0 && status.st_mode & 0o222 != 0
    }

    /// Whether the file has a `-wal` file with committed or in-flight pages in it.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// Whether another process holds SQLite's write lock on the file (the RESERVED byte of
    /// SQLite's POSIX locks): it is inside a write transaction. Read from `/proc/locks`, since
    /// opening and closing the file here would drop this process's own SQLite locks on it.
    static func isLockedByWriter(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return false
        }
        let inode = ":\(status.st_ino)"
        let reservedByte = 0x4000_0001  // SQLite's RESERVED_BYTE (PENDING_BYTE + 1)
        let ownID = String(getpid())
        for line in table.split(separator: "\n") {
            // "1: POSIX  ADVISORY  WRITE 4242 08:01:393219 1073741825 1073741825"
            let fields = line.split(separator: " ")
            guard fields.count >= 8, fields[1] == "POSIX", fields[3] == "WRITE", fields[4] != ownID,
                  fields[5].hasSuffix(inode), let start = Int(fields[6]), start <= reservedByte else { continue }
            if fields[7] == "EOF" || (Int(fields[7]).map { $0 >= reservedByte } ?? false) { return true }
        }
        return false
    }
}
