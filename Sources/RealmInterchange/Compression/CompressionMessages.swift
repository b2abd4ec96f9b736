/// The messages of compressed input and output, in one place.
enum CompressionMessages {
    static func corrupt(_ format: String, _ detail: String) -> String {
        "the \(format) data is corrupt (\(detail)); the decompressed text ends here"
    }

    static func truncated(_ format: String) -> String {
        "the \(format) data ends early (the file is truncated); the decompressed text ends here"
    }

    static func deflateFailed(_ name: String, _ detail: String) -> String {
        "cannot compress the output to '\(name)': \(detail)"
    }
}
