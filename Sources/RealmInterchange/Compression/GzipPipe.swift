internal import CZlib
import Foundation
import Glibc

/// gzip output for `realm-export --gzip` (or `-o NAME.gz`): the writer writes plain bytes to
/// `descriptor`, the write end of a pipe, and a second thread compresses what comes out of
/// the pipe into `destination`, so the exporter's own output path is unchanged and memory
/// stays at the pipe's and zlib's buffers.
///
/// For example:
///
///     let gzip = try GzipPipe(destination: fileDescriptor, name: "people.json.gz")
///     let output = ExportOutput.fileDescriptor(gzip.descriptor, name: "people.json.gz")
///     try output.write(utf8: "{}\n"); try output.flush()
///     try gzip.finish()      // closes the pipe, waits for the last bytes, reports any failure
// @unchecked: `failure` is written by the compressing thread before it signals `done`, and read
// only after waiting on `done`; `isOpen` is used only by the owner's thread.
public final class GzipPipe: @unchecked Sendable {
    /// Where the plain bytes are written.
    public let descriptor: Int32
    private let readEnd: Int32
    private let destination: Int32
    private let name: String
    private let done = DispatchSemaphore(value: 0)
    /// The first failure of the compressing thread (set before `done` is signalled).
    private var failure: String?
    private var isOpen = true

    /// - Throws: `ExportError` (I/O) when no pipe can be made.
    public init(destination: Int32, name: String) throws(ExportError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ExportError(CompressionMessages.deflateFailed(name, String(cString: strerror(errno))), isIOFailure: true)
        }
        readEnd = ends[0]
        descriptor = ends[1]
        self.destination = destination
        self.name = name
        let thread = Thread { [self] in
            compress()
            done.signal()
        }
        thread.start()
    }

    /// Closes the pipe, waits until everything is compressed and written, and reports the
    /// first failure.
    ///
    /// - Throws: `ExportError` (I/O).
    public func finish() throws(ExportError) {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
        done.wait()
        close(readEnd)
        if let failure { throw ExportError(CompressionMessages.deflateFailed(name, failure), isIOFailure: true) }
    }

    /// Compresses until the pipe's write end is closed; after a failure, keeps reading (and
    /// dropping) so the writer never blocks.
    private func compress() {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let capacity = 1 << 16
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer {
            deflateEnd(stream)
            stream.deallocate()
            input.deallocate()
            output.deallocate()
        }
        // 16 + 15: a gzip header and trailer around the largest window; level 6, gzip's default.
        if realm_zlib_deflate_init(stream, 6, 16 + 15) != Z_OK { failure = "zlib could not start" }
        while true {
            let count = read(readEnd, input, capacity)
            if count < 0 && errno == EINTR { continue }
            let ended = count <= 0
            if count < 0 && failure == nil { failure = String(cString: strerror(errno)) }
            guard failure == nil else {
                if ended { return }
                continue
            }
            stream.pointee.next_in = input
            stream.pointee.avail_in = UInt32(max(count, 0))
            repeat {
                stream.pointee.next_out = output
                stream.pointee.avail_out = UInt32(capacity)
                let status = deflate(stream, ended ? Z_FINISH : Z_NO_FLUSH)
                if status == Z_STREAM_ERROR { failure = "zlib status \(status)" }
                let produced = capacity - Int(stream.pointee.avail_out)
                if failure == nil, !writeAll(output, produced) { failure = String(cString: strerror(errno)) }
            } while stream.pointee.avail_out == 0 && failure == nil
            if ended { return }
        }
    }

    private func writeAll(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) -> Bool {
        var written = 0
        while written < count {
            let result = write(destination, bytes + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += result
        }
        return true
    }
}
