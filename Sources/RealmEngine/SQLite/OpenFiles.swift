import Foundation
import Synchronization

/// The files this process has SQLite connections open on, by device and inode.
///
/// POSIX advisory locks belong to a process and a file, not to a descriptor: closing ANY
/// descriptor of a file drops every lock the process holds on it, SQLite's included. A Realm
/// keeps a read transaction (SQLite's SHARED lock) open between operations, so reading a
/// store's header with a descriptor of our own while another connection of this process is
/// open would silently drop that lock; another process could then take the file's exclusive
/// lock (to checkpoint and delete the write-ahead log at its close) under our readers' feet.
/// A file with a connection open here is known to be a store already: `Store` opens another
/// connection on it without looking at its bytes first (docs/store-file.md, "Opening").
enum OpenFiles {
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static let counts = Mutex<[FileID: Int]>([:])

    private static func id(_ path: String) -> FileID? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Notes a connection opened on `path`; returns what `closed(_:)` needs.
    static func opened(_ path: String) -> AnyHashable? {
        guard let file = id(path) else { return nil }
        counts.withLock { $0[file, default: 0] += 1 }
        return file
    }

    /// Notes the end of a connection `opened(_:)` returned `token` for.
    static func closed(_ token: AnyHashable?) {
        guard let file = token?.base as? FileID else { return }
        counts.withLock { counts in
            let remaining = (counts[file] ?? 1) - 1
            counts[file] = remaining > 0 ? remaining : nil
        }
    }

    /// Whether this process has a connection open on the file at `path`.
    static func isOpen(_ path: String) -> Bool {
        guard let file = id(path) else { return false }
        return counts.withLock { $0[file] != nil }
    }
}
