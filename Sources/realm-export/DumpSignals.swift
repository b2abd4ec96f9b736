import Dispatch
import Foundation
import Glibc

/// SIGINT and SIGTERM during `realm-export --type bson -o DIR` (or `--type realm -o FILE`): the
/// temporary files of the dump (or the Realm file being written) are removed and the process
/// ends with 130 or 143, so an interrupted dump leaves DIR (or FILE) as it was, without stray
/// files. A temporary file is tracked before it is created; while the
/// finished files are renamed into place (`finishing`), a signal waits until all of them are,
/// so a dump is never left half old, half new by a signal.
///
/// For example:
///
///     let signals = DumpSignals()
///     signals.track(ExportDestination.temporaryPath(for: "dump/Person.bson"))
///     …
///     signals.finishing { for destination in destinations { try destination.finish() } }
///     signals.restore()
final class DumpSignals {
    private let lock = NSLock()
    private var paths: [String] = []
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.lock()
                for path in paths { unlink(path) }
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        restore()
    }

    /// Removes `path` if a signal comes.
    func track(_ path: String) {
        lock.withLock { paths.append(path) }
    }

    /// Runs `body` (the renames) with signals held off.
    func finishing(_ body: () throws -> Void) rethrows {
        lock.lock()
        defer { lock.unlock() }
        try body()
        paths = []
    }

    /// The default actions again.
    func restore() {
        for source in sources { source.cancel() }
        sources = []
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
