import Foundation
import RealmCLI
import RealmInterchange

/// How progress shows: a line redrawn in place on a terminal, or (stderr a file or pipe, as in
/// CI logs) one plain line every few seconds, as mongoimport prints.
enum ProgressStyle {
    case terminal
    case lines
}

/// The progress line on a terminal's stderr: bytes read of the total, objects per second and
/// the time left, redrawn at most five times a second and erased at the end. With `.lines`, a
/// line such as `[############............] people.json 31.5MB/63.0MB (50.0%) 41,322 objects/s`
/// every `REALM_IMPORT_PROGRESS_INTERVAL` seconds (default 3), never erased.
final class ProgressBar {
    private let output: TextOutput
    private let style: ProgressStyle
    private let inputs: [String]
    /// The input being read (an index into `inputs`).
    private var current = 0
    /// Nanoseconds between two drawings.
    private let interval: UInt64
    /// The total size of the inputs, when every one is a regular file.
    private let totalBytes: Int?
    /// Bytes of the inputs already finished.
    private var finishedBytes = 0
    private let started = DispatchTime.now().uptimeNanoseconds
    /// The first line appears 200 ms in, when the rate means something.
    private lazy var lastDraw = started
    private var drawn = false
    /// The bytes of the last log line of the current input (`.lines`), if any.
    private var lastLineBytes: Int?
    /// The objects imported so far, as last reported.
    private var objects = 0

    /// Lines as JSON objects (`--error-format json`), so that every line of stderr parses.
    private let json: Bool

    init(inputs: [String], output: TextOutput, style: ProgressStyle = .terminal, json: Bool = false) {
        self.output = output
        self.json = json
        self.style = style
        self.inputs = inputs
        interval = style == .terminal ? 200_000_000 : Self.lineInterval()
        var total = 0
        for input in inputs {
            guard input != "-", let size = (try? FileManager.default.attributesOfItem(atPath: input))?[.size] as? Int else {
                totalBytes = nil
                return
            }
            total += size
        }
        totalBytes = total
    }

    /// Called after every document with the bytes of the current input done so far; draws when
    /// the interval (200 ms on a terminal) has passed since the last drawing.
    func update(bytesOfInput: Int, objects: Int) {
        self.objects = objects
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw >= interval else { return }
        lastDraw = now
        let elapsed = Double(now - started) / 1e9
        if style == .lines {
            output.err(line(bytes: finishedBytes + bytesOfInput, objects: objects, elapsed: elapsed) + "\n")
            lastLineBytes = finishedBytes + bytesOfInput
        } else {
            draw(bytes: finishedBytes + bytesOfInput, objects: objects, elapsed: elapsed)
        }
    }

    /// Called when an input has been read: in `.lines` style, an input that had lines gets one
    /// for its end (100% of it), unless its last line said so already.
    func finishInput(_ source: DocumentSource) {
        finishedBytes += source.fileBytesConsumed
        if let lastLineBytes, lastLineBytes < finishedBytes {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            output.err(line(bytes: finishedBytes, objects: objects, elapsed: elapsed) + "\n")
        }
        lastLineBytes = nil
        current += 1
    }

    /// One log line: `[####....] people.json 31.5MB/63.0MB (50.0%) 41,322 objects/s`.
    private func line(bytes: Int, objects: Int, elapsed: Double) -> String {
        let name = current < inputs.count ? (inputs[current] == "-" ? "<stdin>" : inputs[current]) : ""
        let perSecond = Int(elapsed > 0 ? Double(objects) / elapsed : 0)
        if json {
            return "{\"severity\":\"note\",\"kind\":\"progress\",\"input\":\(DiagnosticPrinter.quoted(name)),\"bytes\":\(bytes),"
                + "\"totalBytes\":\(totalBytes.map(String.init) ?? "null"),\"objects\":\(objects),\"objectsPerSecond\":\(perSecond)}"
        }
        let rate = Self.grouped(perSecond) + " objects/s"
        guard let totalBytes, totalBytes > 0 else {
            return "\(name) \(Self.compact(bytes)) \(rate)"
        }
        let fraction = min(1, Double(bytes) / Double(totalBytes))
        let filled = Int(fraction * 24)
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + "]"
        return "\(bar) \(name) \(Self.compact(bytes))/\(Self.compact(totalBytes)) (\(String(format: "%.1f", fraction * 100))%) \(rate)"
    }

    /// `REALM_IMPORT_PROGRESS_INTERVAL` (seconds, may be fractional) or 3 s.
    private static func lineInterval() -> UInt64 {
        let text = ProcessInfo.processInfo.environment["REALM_IMPORT_PROGRESS_INTERVAL"] ?? ""
        guard let seconds = Double(text), seconds >= 0, seconds < 86_400 else { return 3_000_000_000 }
        return UInt64(seconds * 1e9)
    }

    /// `41,322`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// `31.5MB`.
    private static func compact(_ bytes: Int) -> String {
        String(format: "%.1fMB", Double(bytes) / 1_000_000)
    }

    /// Erases the line (before diagnostics and the summary are printed).
    func clear() {
        if drawn { output.err("\r\u{1B}[K") }
        drawn = false
    }

    private func draw(bytes: Int, objects: Int, elapsed: Double) {
        let rate = elapsed > 0 ? Double(objects) / elapsed : 0
        var line = "\r\u{1B}[K"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let filled = Int(fraction * 24)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + "] "
            line += "\(Self.megabytes(bytes)) / \(Self.megabytes(totalBytes))"
            if fraction > 0 {
                line += "  ETA \(Self.duration(elapsed / fraction - elapsed))"
            }
        } else {
            line += Self.megabytes(bytes)
        }
        line += "  \(objects) objects, \(Int(rate)) objects/s"
        output.err(line)
        drawn = true
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    private static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
