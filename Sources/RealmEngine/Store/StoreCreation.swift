// `StoreCreation`: creating a store file all or nothing, under `<path>.creating`.

import Foundation
import Glibc

/// Creating a store file all or nothing (docs/store-file.md, section 8).
///
/// The new store is built under a temporary name beside its path, `<path>.creating`, and moved
/// to `path` only once it is complete (committed, closed, synced): a run that fails, is
/// interrupted or is killed never leaves a file at `path`. The creator holds an exclusive
/// `flock` on the temporary file while it works, so a later run can tell a creation under way
/// (locked) from one left behind by a killed process (unlocked), which it removes.
///
/// For example:
///
///     let creation = try StoreCreation(path: "people.sqlite")
///     do {
///         try loadEverything(into: Store(path: creation.temporaryPath, schema: schema))
///         try creation.publish()      // every Store on the temporary file is closed by now
///     } catch {
///         creation.abandon()
///         throw error
///     }
public final class StoreCreation {
    /// What is at `<path>.creating` when there is no file at `path`.
    public enum Leftover: Sendable, Equatable {
        /// Another process is creating the store now.
        case beingCreated
        /// A creating process was killed: the file is a half-made store, never to be used.
        case halfCreated
    }

    /// Where the store goes when it is complete.
    public let path: String
    /// Where it is built, `<path>.creating`; its SQLite files are `<path>.creating-journal`, …
    public let temporaryPath: String
    /// The temporary file, open and `flock`ed until `publish()` or `abandon()`.
    private var descriptor: Int32

    /// The temporary name of a store being created at `path`.
    public static func temporaryPath(for path: String) -> String {
        path + ".creating"
    }

    /// Claims `<path>.creating` for a new store, removing what a killed creator left there.
    ///
    /// - Throws: `StoreError` when another process is creating the store, or when the file
    ///   cannot be created.
    public init(path: String) throws {
        self.path = path
        temporaryPath = Self.temporaryPath(for: path)
        descriptor = -1
        // The file is made and locked under a name of this process's own, then linked to the
        // temporary name: whoever sees `<path>.creating` sees it locked.
        let claim = temporaryPath + ".\(getpid())"
        for _ in 0..<3 {
            unlink(claim)
            let created = open(claim, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard created >= 0 else { throw failure(errno) }
            guard flock(created, LOCK_EX | LOCK_NB) == 0, Self.moveWithoutReplacing(claim, to: temporaryPath) else {
                let code = errno
                unlink(claim)
                close(created)
                guard code == EEXIST else { throw failure(code) }
                guard Self.removeHalfCreated(temporaryPath) else { throw StoreError.beingCreated(path) }
                continue
            }
            descriptor = created
            return
        }
        throw StoreError.beingCreated(path)
    }

    deinit {
        if descriptor >= 0 { abandon() }
    }

    /// Claims `<path>.creating` for a new store as `init(path:)` does, first waiting while
    /// another process creates the store (as a writer waits for another's lock: up to
    /// `BusyWait.timeout`, telling `onWait` after a second); nil when a store is at `path`
    /// by then, made by that process or another: import into it instead.
    ///
    /// - Throws: `StoreError` when the other creation outlasts the wait, or when the file
    ///   cannot be created.
    public static func claim(path: String, onWait: (@Sendable (String) -> Void)? = nil) throws -> StoreCreation? {
        let wait = CreationWait(path: path, onWait: onWait)
        while true {
            try wait.whileBeingCreated()
            if FileManager.default.fileExists(atPath: path) { return nil }
            do {
                let creation = try StoreCreation(path: path)
                // Whoever made the store published it before giving its claim up.
                guard FileManager.default.fileExists(atPath: path) else { return creation }
                creation.abandon()
                return nil
            } catch let error as StoreError where error == StoreError.beingCreated(path) {
                continue  // another process claimed it first: wait for that one
            }
        }
    }

    /// Waits while another process creates the store at `path` (see `claim`).
    ///
    /// - Throws: `StoreError.beingCreated` when the creation outlasts the wait.
    public static func waitWhileBeingCreated(_ path: String, onWait: (@Sendable (String) -> Void)? = nil) throws {
        try CreationWait(path: path, onWait: onWait).whileBeingCreated()
    }

    /// What an interrupted or running creation left for a store at `path`, when there is no
    /// file at `path` itself; nil when there is nothing.
    public static func leftover(at path: String) -> Leftover? {
        leftover(temporaryPath: temporaryPath(for: path))
    }

    /// The error for using the store at `path` when `leftover` is there instead.
    public static func problem(_ leftover: Leftover, at path: String) -> StoreError {
        switch leftover {
        case .beingCreated: StoreError.beingCreated(path)
        case .halfCreated: StoreError.halfCreated(path)
        }
    }

    private static func leftover(temporaryPath: String) -> Leftover? {
        let probe = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return nil }
        defer { close(probe) }
        guard flock(probe, LOCK_SH | LOCK_NB) == 0 else { return .beingCreated }
        return .halfCreated
    }

    /// Moves the finished store to `path`: syncs the temporary file, renames it (never over a
    /// file that appeared at `path` meanwhile) and syncs the directory. Every `Store` on
    /// `temporaryPath` must be closed first, so that SQLite has written its WAL back and
    /// removed it.
    ///
    /// - Throws: `StoreError` when the store is still open, a file appeared at `path`, or the
    ///   file system refused; the temporary file is removed then.
    public func publish() throws {
        precondition(descriptor >= 0, StoreError.Trap.creationFinished)
        do {
            for suffix in ["-wal", "-journal"] where Self.fileSize(temporaryPath + suffix) ?? 0 > 0 {
                throw StoreError.creationStillOpen(path)
            }
            guard fsync(descriptor) == 0 else { throw failure(errno) }
            guard Self.moveWithoutReplacing(temporaryPath, to: path) else {
                let code = errno
                throw code == EEXIST ? StoreError.createdMeanwhile(path) : failure(code)
            }
            Self.syncDirectory(of: path)
        } catch {
            abandon()
            throw error
        }
        for suffix in ["-wal", "-shm", "-journal"] { unlink(temporaryPath + suffix) }
        close(descriptor)
        descriptor = -1
    }

    /// Removes the temporary file and its SQLite files and gives the claim up; nothing of the
    /// creation is left. Safe to call more than once.
    public func abandon() {
        guard descriptor >= 0 else { return }
        Self.removeFiles(of: temporaryPath)
        close(descriptor)
        descriptor = -1
    }

    /// Renames `source` to `destination` unless a file is there (false with `errno` EEXIST):
    /// `link` then `unlink`, which is atomic (`rename` would replace the file); on a file
    /// system without hard links, `rename` after a check. False with `errno` set on failure.
    private static func moveWithoutReplacing(_ source: String, to destination: String) -> Bool {
        if link(source, destination) == 0 {
            unlink(source)
            return true
        }
        guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP else { return false }
        if access(destination, F_OK) == 0 {
            errno = EEXIST
            return false
        }
        return rename(source, destination) == 0
    }

    /// The file system's refusal `code` as a store error.
    private func failure(_ code: Int32) -> StoreError {
        StoreError.creationFailed(path, reason: String(cString: strerror(code)))
    }

    /// Removes the store a killed creator left at `temporaryPath`; false, removing nothing,
    /// when another process holds it (its creation is under way).
    private static func removeHalfCreated(_ temporaryPath: String) -> Bool {
        let probe = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return true }
        defer { close(probe) }
        guard flock(probe, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Only if the name still is the file locked here (another run may have replaced it).
        var held = stat(), named = stat()
        if fstat(probe, &held) == 0, stat(temporaryPath, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
            removeFiles(of: temporaryPath)
        }
        return true
    }

    private static func removeFiles(of temporaryPath: String) {
        for file in [temporaryPath, temporaryPath + "-journal", temporaryPath + "-wal", temporaryPath + "-shm"] {
            unlink(file)
        }
    }

    private static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Makes the rename durable (best effort: some file systems cannot sync a directory).
    private static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let handle = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0 else { return }
        fsync(handle)
        close(handle)
    }
}

/// Waiting for another process's creation of a store, as `BusyWait` waits for a lock.
private final class CreationWait {
    let path: String
    let onWait: (@Sendable (String) -> Void)?
    let started = ContinuousClock.now
    var noticed = false

    init(path: String, onWait: (@Sendable (String) -> Void)?) {
        self.path = path
        self.onWait = onWait
    }

    /// Returns once no process holds `<path>.creating` (polled every 20 ms).
    func whileBeingCreated() throws {
        while StoreCreation.leftover(at: path) == .beingCreated {
            let waited = ContinuousClock.now - started
            guard waited < BusyWait.timeout else {
                throw StoreError.beingCreated(path, waitedSeconds: Int((waited + .milliseconds(500)).components.seconds))
            }
            if !noticed, waited >= BusyWait.noticeAfter {
                noticed = true
                onWait?(StoreError.waitingNotice(path))
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}

extension Store {
    /// The error for opening `path` where there is no file: a store another process is
    /// creating, one a killed import left half-created, or no such file.
    static func missingFileError(_ path: String) -> StoreError {
        StoreCreation.leftover(at: path).map { StoreCreation.problem($0, at: path) } ?? StoreError.noSuchFile(path)
    }
}
