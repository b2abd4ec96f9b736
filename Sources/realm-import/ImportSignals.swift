import Dispatch
import Glibc
import RealmCLI
import RealmInterchange

/// SIGINT and SIGTERM while `realm-import` writes: instead of ending the process in the middle
/// of its transaction, a signal interrupts the reading of the input (`InputInterruption`), so
/// the import stops at the next document, rolls back (and drops a store it was creating) and
/// exits 130 or 143 (docs/command-line.md, section 2). A second signal ends the process at
/// once; what a killed import leaves is never used (see `StoreCreation`).
///
/// The signals' default actions are ignored from `init` to `restore()`; they are received by
/// dispatch sources, outside any signal handler.
final class ImportSignals {
    let interruption = InputInterruption()
    private var sources: [any DispatchSourceSignal] = []

    private static let handled: [Int32] = [SIGINT, SIGTERM]

    init() {
        for number in Self.handled {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [interruption] in
                if !interruption.interrupt(signal: number) { _exit(128 + number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        restore()
    }

    /// The default actions again (the import is over, committed or not).
    func restore() {
        for source in sources { source.cancel() }
        sources = []
        for number in Self.handled { signal(number, SIG_DFL) }
    }

    /// The exit status for a run stopped by `signal`.
    static func exitCode(for signal: Int32) -> ExitCode {
        signal == SIGTERM ? .terminated : .interrupted
    }

    /// The signal's name, for the closing message.
    static func name(of signal: Int32) -> String {
        signal == SIGTERM ? "SIGTERM" : "SIGINT"
    }
}

/// An import stopped by a signal: its transaction rolled back, a store it was creating dropped.
struct ImportInterrupted: Error {
    var signal: Int32
}
