/// Standard base64 (RFC 4648, with padding), used for long `Data` defaults.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    static func encode(_ bytes: [UInt8]) -> String {
        var result = ""
        result.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (offset, byte) in chunk.enumerated() {
                group |= UInt32(byte) << (16 - 8 * UInt32(offset))
            }
            for position in 0..<4 {
                if position <= chunk.count {
                    result.append(alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)])
                } else {
                    result.append("=")
                }
            }
            index += 3
        }
        return result
    }
}
