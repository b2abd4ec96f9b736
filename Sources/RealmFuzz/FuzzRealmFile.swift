import RealmFile

/// A `.realm` file's bytes → header, tables, schema and every value of every object, decoded
/// from memory (`RealmFile.check(bytes:)`): whatever the bytes, decoding ends (no trap, no
/// hang) in a summary or in an error that has a message and says where in the file it is.
///
/// For example:
///
///     fuzzRealmFile(Array(try Data(contentsOf: url)))   // nil
func fuzzRealmFile(_ bytes: [UInt8]) -> String? {
    switch RealmFile.check(bytes: bytes) {
    case .success:
        return nil
    case .failure(let error):
        if error.message.isEmpty { return "a \(error.kind.rawValue) error without a message" }
        if error.offset == nil { return "a \(error.kind.rawValue) error without a byte offset: \(error.message)" }
        return nil
    }
}
