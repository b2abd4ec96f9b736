import Foundation
import RealmEngine

extension Realm {
    /// The error opening a Realm, deleting its files, copying it or writing it throws: Realm Swift's `Realm.Error`,
    /// with its codes (`RLMError.Code`, same raw values), so `catch Realm.Error.fileNotFound`
    /// and `error.code == .schemaMismatch` read as in Realm. The message is the store's
    /// (`StoreError`, kept as `underlying`), in the project's words.
    ///
    /// For example:
    ///
    ///     do {
    ///         _ = try Realm(configuration: Realm.Configuration(fileURL: url, readOnly: true))
    ///     } catch Realm.Error.fileNotFound {
    ///         print("no file yet")
    ///     }
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Realm's error codes (`RLMError.Code`), with Realm's raw values.
        public enum Code: Int, Sendable {
            case fail = 1
            case fileAccess = 2
            case filePermissionDenied = 3
            case fileExists = 4
            case fileNotFound = 5
            case fileFormatUpgradeRequired = 6
            case incompatibleLockFile = 8
            case addressSpaceExhausted = 9
            case schemaMismatch = 10
            case alreadyOpen = 12
            case invalidInput = 13
            case outOfDiskSpace = 14
            case incompatibleSession = 15
            case unsupportedFileFormatVersion = 16
            case multipleSyncAgents = 17
            case subscriptionFailed = 18
            case fileOperationFailed = 19
            case invalidDatabase = 20
            case incompatibleHistories = 21
            case noSubscriptionForWrite = 22
        }

        /// What went wrong.
        public let code: Code
        /// The message.
        public let localizedDescription: String
        /// The file the error is about, when there is one.
        public let fileURL: URL?
        /// The store's error this one reports, when there is one.
        public let underlying: StoreError?

        /// An error of `code` with `message`.
        public init(_ code: Code, _ message: String, fileURL: URL? = nil, underlying: StoreError? = nil) {
            self.code = code
            self.localizedDescription = message
            self.fileURL = fileURL
            self.underlying = underlying
        }

        /// An error of `code`, as Realm Swift's `Realm.Error(.fail)` makes one (for code that
        /// throws Realm's errors itself): the message is `userInfo[NSLocalizedDescriptionKey]`
        /// when it is a string, else Foundation's generic text for the code.
        ///
        /// For example:
        ///
        ///     throw Realm.Error(.fail)
        public init(_ code: Code, userInfo: [String: Any] = [:]) {
            let message = userInfo[NSLocalizedDescriptionKey] as? String
                ?? "The operation couldn’t be completed. (\(Self.errorDomain) error \(code.rawValue).)"
            self.init(code, message, fileURL: userInfo[NSURLErrorKey] as? URL)
        }

        /// Realm's error domain.
        public static var errorDomain: String { "io.realm" }
        /// The code's raw value, as `NSError.code` gives it in Realm.
        public var errorCode: Int { code.rawValue }
        public var description: String { localizedDescription }

        public static func == (lhs: Error, rhs: Error) -> Bool {
            lhs.code == rhs.code && lhs.localizedDescription == rhs.localizedDescription
        }

        public static let fail: Code = .fail
        public static let fileAccess: Code = .fileAccess
        public static let filePermissionDenied: Code = .filePermissionDenied
        public static let fileExists: Code = .fileExists
        public static let fileNotFound: Code = .fileNotFound
        public static let fileFormatUpgradeRequired: Code = .fileFormatUpgradeRequired
        public static let incompatibleLockFile: Code = .incompatibleLockFile
        public static let addressSpaceExhausted: Code = .addressSpaceExhausted
        public static let schemaMismatch: Code = .schemaMismatch
        public static let alreadyOpen: Code = .alreadyOpen
        public static let invalidInput: Code = .invalidInput
        public static let outOfDiskSpace: Code = .outOfDiskSpace
        public static let invalidDatabase: Code = .invalidDatabase
        public static let fileOperationFailed: Code = .fileOperationFailed

        /// The Realm error reporting a store error met opening the file at `path` (other
        /// errors, such as a task's cancellation, stay as they are).
        static func opening(_ path: String, _ error: any Swift.Error) -> any Swift.Error {
            guard let store = error as? StoreError else { return error }
            return Error(code(of: store, path), store.description, fileURL: URL(fileURLWithPath: path), underlying: store)
        }

        /// The Realm error reporting a failure of the file at `path` met writing it (a commit,
        /// an operation of a write transaction, `writeCopy`): SQLite's read-only, permission,
        /// I/O, full-disk and damaged-file failures become `Realm.Error`s, as Realm reports them;
        /// other errors (Realm's exceptions, a cancelled task, a lock waited on too long) stay
        /// as they are.
        static func writing(_ path: String, _ error: any Swift.Error) -> any Swift.Error {
            guard let store = error as? StoreError, case .sqlite(let extended) = store.code,
                  fileFailures.contains(extended & 0xff) else { return error }
            return Error(code(of: store, path), store.description, fileURL: URL(fileURLWithPath: path), underlying: store)
        }

        private static let fileFailures: Set<Int32> = [
            SQLiteCode.readOnly, SQLiteCode.permission, SQLiteCode.full, SQLiteCode.ioError, SQLiteCode.cantOpen,
            SQLiteCode.corrupt, SQLiteCode.notADatabase,
        ]

        private static func code(of error: StoreError, _ path: String) -> Code {
            switch error.code {
            case .migrationRequired, .invalidSchemaVersion: return .schemaMismatch
            case .invalidFile: return FileManager.default.fileExists(atPath: path) ? .invalidDatabase : .fileNotFound
            case .sqlite(let extended):
                switch extended & 0xff {
                case SQLiteCode.readOnly, SQLiteCode.permission: return .filePermissionDenied
                case SQLiteCode.full: return .outOfDiskSpace
                case SQLiteCode.cantOpen:
                    if parentIsNotADirectory(path) { return .fileOperationFailed }
                    if lacksDirectory(path) { return .fileNotFound }
                    return refusesNewFiles(path) ? .filePermissionDenied : .fileAccess
                case SQLiteCode.ioError: return .fileAccess
                case SQLiteCode.corrupt, SQLiteCode.notADatabase: return .invalidDatabase
                default: return .fail
                }
            default: return .fail
            }
        }
    }
}

extension Realm.Error {
    /// Whether the directory `path` would be in does not exist (Realm core reports such a
    /// file as not found).
    private static func lacksDirectory(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return !directory.isEmpty && !FileManager.default.fileExists(atPath: directory)
    }

    /// Whether what `path` would be in is a file, not a directory (Realm reports a failed file
    /// operation).
    private static func parentIsNotADirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let parent = (path as NSString).deletingLastPathComponent
        return !parent.isEmpty && FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Whether `path` is missing in a directory that exists but may not be written (its
    /// permissions, or a read-only mount), so a file cannot be created there.
    private static func refusesNewFiles(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return !FileManager.default.fileExists(atPath: path) && FileManager.default.fileExists(atPath: directory)
            && access(directory.isEmpty ? "." : directory, W_OK) != 0
    }
}

extension Realm.Error.Code {
    /// Whether `error` is a `Realm.Error` of this code: `catch Realm.Error.fileNotFound`.
    public static func ~= (code: Realm.Error.Code, error: any Swift.Error) -> Bool {
        (error as? Realm.Error)?.code == code
    }
}
