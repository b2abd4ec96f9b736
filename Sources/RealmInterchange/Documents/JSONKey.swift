import Glibc

/// An object key borrowed from a `JSONDocument`: UTF-8 bytes, compared without allocating.
public struct JSONKey: CustomStringConvertible {
    /// The key's bytes (valid UTF-8, may hold NUL).
    public let utf8: UnsafeBufferPointer<UInt8>

    init(_ text: UnsafePointer<CChar>, count: Int) {
        utf8 = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// The key as a Swift `String` (allocates).
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    public var description: String { string }

    /// Whether the key's bytes equal those of `text`.
    public func equals(_ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == utf8.count
            && (utf8.isEmpty || memcmp(text.utf8Start, utf8.baseAddress!, utf8.count) == 0)
    }

    /// Whether the key's bytes equal those of `text`.
    public func equals(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.elementsEqual(utf8) }
    }

    /// Whether the key's bytes are `bytes`.
    public func equals(utf8 bytes: [UInt8]) -> Bool {
        bytes.count == utf8.count
            && (utf8.isEmpty || bytes.withUnsafeBytes { memcmp($0.baseAddress!, utf8.baseAddress!, utf8.count) == 0 })
    }

    /// The first byte, if any (`$` marks Extended JSON wrappers).
    public var firstByte: UInt8? { utf8.first }

    public static func == (key: JSONKey, text: StaticString) -> Bool { key.equals(text) }
    public static func == (key: JSONKey, text: String) -> Bool { key.equals(text) }
}
