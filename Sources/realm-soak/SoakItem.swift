import Foundation
import RealmStore

/// The soak's model. Every batch, whichever process writes it, is `Batch.size` objects
/// `<batch>/0` … with `batch` naming it and `seq` numbering its objects, so any reader can tell
/// a whole batch from a part of one: a batch has exactly one object with `seq == 0`.
final class SoakItem: Object {
    @Persisted(primaryKey: true) var sku: String
    @Persisted(indexed: true) var batch: String
    @Persisted(indexed: true) var seq: Int
    @Persisted var qty: Int

    /// The same model in the schema language, for `realm-import --schema`.
    static let schemaYAML = """
        models:
          SoakItem:
            primaryKey: sku
            properties:
              sku: string
              batch: { type: string, indexed: true }
              seq: { type: int, indexed: true }
              qty: int

        """

    /// The Realm of the soak's store, holding only `SoakItem`.
    static func realm(_ path: String) throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [SoakItem.self]))
    }
}

/// A batch's name and the keys of its objects.
struct Batch {
    /// Objects per batch, for every writer.
    static let size = 20
    /// `seq` summed over one batch.
    static let seqSum = size * (size - 1) / 2

    let name: String

    func sku(_ seq: Int) -> String { "\(name)/\(seq)" }

    var skus: [String] { (0..<Self.size).map(sku) }

    /// The batch as NDJSON for `realm-import`, `qty` set to `qty`.
    func documents(qty: Int) -> String {
        (0..<Self.size).map { Self.document(sku: sku($0), batch: name, seq: $0, qty: qty) }.joined()
    }

    /// One object as an NDJSON line (an upsert of an existing object gives its own batch and seq).
    static func document(sku: String, batch: String, seq: Int, qty: Int) -> String {
        #"{"sku": "\#(sku)", "batch": "\#(batch)", "seq": \#(seq), "qty": \#(qty)}"# + "\n"
    }
}
