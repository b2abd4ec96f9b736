import Foundation
import RealmFormats

extension Base64 {
    /// The bytes of padded base64 (Extended JSON `$binary`), decoded straight into the `Data`;
    /// nil when the text is not padded base64.
    static func data(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        guard let count = decodedCount(of: text) else { return nil }
        var data = Data(count: count)
        let valid = data.withUnsafeMutableBytes { decode(text, into: $0) }
        return valid ? data : nil
    }
}
