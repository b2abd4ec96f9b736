/// The messages of compressed input and output, in one place.
enum CompressionMessages {
    static func corrupt(_ detail: String) -> String {
        "the gzip data is corrupt (\(detail)); the decompressed text ends here"
    }

    static let truncated = "the gzip data ends early (the file is truncated); the decompressed text ends here"

    static func unsupported(_ format: String) -> String {
        "not supported: \(format)-compressed input (this build reads gzip only; decompress it first, "
            + "e.g. '\(format == "xz" ? "xz -d" : "zstd -d") FILE')"
    }

    static func deflateFailed(_ name: String, _ detail: String) -> String {
        "cannot compress the output to '\(name)': \(detail)"
    }
}
