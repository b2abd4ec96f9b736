import RealmInterchange

/// Map-key encoding on any text: `decode(encode(key)) == key`, the encoded key holds no `.`
/// or `$` (so Realm accepts it), and a key that needs no encoding is left as it is.
///
/// Returns the property that failed, or `nil`.
///
/// For example:
///
///     fuzzMapKey(Array("100%.$x".utf8))   // nil
public func fuzzMapKey(_ bytes: [UInt8]) -> String? {
    let key = String(decoding: bytes, as: UTF8.self)
    let encoded = MapKeyCoding.encode(key)
    if MapKeyCoding.decode(encoded) != key {
        return "decode(encode(\(key.debugDescription))) is \(MapKeyCoding.decode(encoded).debugDescription)"
    }
    if (try? MapKeyCoding.validate(Array(encoded.utf8))) == nil {
        return "encode(\(key.debugDescription)) = \(encoded.debugDescription) is not a valid Realm key"
    }
    if !MapKeyCoding.needsEncoding(key.utf8) && encoded != key {
        return "encode changed \(key.debugDescription), which needs no encoding"
    }
    return nil
}
