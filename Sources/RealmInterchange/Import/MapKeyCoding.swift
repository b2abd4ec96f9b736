/// How map keys (and dictionary keys inside mixed values) that Realm forbids are handled.
public enum MapKeyPolicy: String, Sendable, Hashable {
    /// Percent-encode `%` → `%25`, `.` → `%2E`, `$` → `%24` (every `$`, not only a leading one).
    case encode
    /// Keep keys as they are and report those Realm rejects, with Realm's message.
    case reject
}

/// A map key Realm does not accept, with Realm core's message.
public struct MapKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `Dictionary::insert: key must not contain '.'` or `… must not start with '$'`.
    public var message: String
    public var description: String { message }
}

/// Map-key percent encoding (docs/map-keys.md) and its exact inverse, shared by import and export.
///
/// For example:
///
///     MapKeyCoding.encode("shirt.size")   // "shirt%2Esize"
///     MapKeyCoding.decode("%24plan")      // "$plan"
public enum MapKeyCoding {
    /// `key` with `%`, `.` and `$` percent-encoded; other characters unchanged.
    public static func encode(_ key: String) -> String {
        var key = key
        return key.withUTF8 { needsEncoding($0) ? encode(utf8: $0) : nil } ?? key
    }

    /// `encode(_:)` of a key's UTF-8 bytes (valid UTF-8), as a `String` made once.
    static func encode(utf8 key: UnsafeBufferPointer<UInt8>) -> String {
        let escapes = key.reduce(0) { count, byte in count + (byte == 0x25 || byte == 0x2E || byte == 0x24 ? 1 : 0) }
        return String(unsafeUninitializedCapacity: key.count + 2 * escapes) { output in
            var count = 0
            for byte in key {
                let escaped: UInt8? = switch byte {
                case UInt8(ascii: "%"): UInt8(ascii: "5")
                case UInt8(ascii: "."): UInt8(ascii: "E")
                case UInt8(ascii: "$"): UInt8(ascii: "4")
                default: nil
                }
                if let escaped {
                    output[count] = UInt8(ascii: "%")
                    output[count + 1] = UInt8(ascii: "2")
                    output[count + 2] = escaped
                    count += 3
                } else {
                    output[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    /// The inverse of `encode`: `%25` → `%`, `%2E` → `.`, `%24` → `$`; any other `%`
    /// sequence is left as it is.
    public static func decode(_ key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "%")) else { return key }
        let source = Array(key.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        source.withUnsafeBufferPointer { decode(utf8: $0, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `decode(_:)` of a key's UTF-8 bytes, appended to `output` (an exporter's map keys,
    /// without a `String`).
    ///
    /// For example:
    ///
    ///     var bytes: [UInt8] = []
    ///     "a%2Eb".utf8.withContiguousStorageIfAvailable { MapKeyCoding.decode(utf8: $0, into: &bytes) }   // "a.b"
    public static func decode(utf8 key: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < key.count {
            if key[index] == UInt8(ascii: "%"), index + 2 < key.count, key[index + 1] == UInt8(ascii: "2"),
               let decoded = decodedByte(key[index + 2]) {
                output.append(decoded)
                index += 3
            } else {
                output.append(key[index])
                index += 1
            }
        }
    }

    /// Whether `encode` would change the key.
    public static func needsEncoding(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") }
    }

    /// Checks a key against Realm's rules (reject mode): no leading `$`, no `.` anywhere.
    public static func validate(_ utf8: some Collection<UInt8>) throws(MapKeyError) {
        if utf8.first == UInt8(ascii: "$") { throw MapKeyError(message: JSONMessages.mapKeyLeadingDollar) }
        if utf8.contains(UInt8(ascii: ".")) { throw MapKeyError(message: JSONMessages.mapKeyContainsDot) }
    }

    /// The key to store for the JSON key bytes `utf8` under `policy`.
    public static func storedKey(_ utf8: UnsafeBufferPointer<UInt8>, policy: MapKeyPolicy) throws(MapKeyError) -> String {
        switch policy {
        case .encode:
            return needsEncoding(utf8) ? encode(utf8: utf8) : String(decoding: utf8, as: UTF8.self)
        case .reject:
            try validate(utf8)
            return String(decoding: utf8, as: UTF8.self)
        }
    }

    private static func decodedByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "5"): UInt8(ascii: "%")
        case UInt8(ascii: "E"): UInt8(ascii: ".")
        case UInt8(ascii: "4"): UInt8(ascii: "$")
        default: nil
        }
    }
}
