import Foundation
import RealmCLI
import RealmJSON

/// The progress line on a terminal's stderr: bytes read of the total, objects per second and
/// the time left, redrawn at most five times a second and erased at the end.
final class ProgressBar {
    private let output: TextOutput
    /// The total size of the inputs, when every one is a regular file.
    private let totalBytes: Int?
    /// Bytes of the inputs already finished.
    private var finishedBytes = 0
    private let started = DispatchTime.now().uptimeNanoseconds
    /// The first line appears 200 ms in, when the rate means something.
    private lazy var lastDraw = started
    private var drawn = false

    init(inputs: [String], output: TextOutput) {
        self.output = output
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
    /// 200 ms have passed since the last drawing.
    func update(bytesOfInput: Int, objects: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw >= 200_000_000 else { return }
        lastDraw = now
        draw(bytes: finishedBytes + bytesOfInput, objects: objects, elapsed: Double(now - started) / 1e9)
    }

    func finishInput(_ source: JSONDocumentSource) {
        finishedBytes += source.bytesConsumed
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
