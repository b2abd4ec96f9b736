import Glibc

/// An anonymous temporary file holding one class's export until its turn in the output
/// (`ClassSpooler`): created in `$TMPDIR` (else `/tmp`) and unlinked at once, so it takes disk,
/// not memory, and vanishes with its descriptor whatever happens to the process.
///
/// For example:
///
///     let spool = ExportSpool()!
///     let output = ExportOutput.fileDescriptor(spool.descriptor, name: ExportSpool.name)
///     try output.write("[]"); try output.flush()
///     try spool.copy(from: 0, to: destination, className: "Dog")
final class ExportSpool {
    /// The name write failures give (they make the class be written directly instead).
    static let name = "a temporary file"

    let descriptor: Int32

    /// Creates the file in `directory` (nil: the default above); nil when it cannot be created
    /// (the caller exports without a spool).
    init?(directory: String? = nil) {
        let directory = directory ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/realm-export-spool-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends the file's bytes from `offset` to its end to `output`, in large reads.
    ///
    /// - Throws: `ExportError` (I/O) when the file cannot be read back, or `output` fails.
    func copy(from offset: Int, to output: ExportOutput, className: String) throws(ExportError) {
        let chunk = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        var position = offset
        while true {
            let count = pread(descriptor, buffer, chunk, off_t(position))
            if count < 0 {
                if errno == EINTR { continue }
                throw ExportError(ExportMessages.spoolReadFailed(className, String(cString: strerror(errno))), isIOFailure: true)
            }
            if count == 0 { return }
            try output.write(UnsafeBufferPointer(start: buffer, count: count))
            position += count
        }
    }
}
