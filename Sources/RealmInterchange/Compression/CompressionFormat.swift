import Glibc

/// How an input's bytes are packed, recognised by their first bytes (never by the file
/// name): plain text, gzip (read through zlib), xz (liblzma) or zstd (libzstd).
///
/// For example:
///
///     CompressionFormat(magic: [0x1F, 0x8B, 8, 0])     // .gzip
///     CompressionFormat(magic: Array("[{".utf8))       // .none
public enum CompressionFormat: Sendable, Equatable {
    case none
    case gzip
    case xz
    case zstd

    /// The longest magic number looked at.
    static let magicLength = 6

    public init(magic: some Collection<UInt8>) {
        let bytes = Array(magic.prefix(Self.magicLength))
        if bytes.starts(with: [0x1F, 0x8B]) {
            self = .gzip
        } else if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            self = .xz
        } else if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) {
            self = .zstd
        } else {
            self = .none
        }
    }

    /// The bytes a file starts with, read without moving its offset.
    static func magic(ofFile descriptor: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: magicLength)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, magicLength, 0) }
        return Array(bytes.prefix(max(read, 0)))
    }
}
