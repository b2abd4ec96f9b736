import Foundation
import RealmStore

/// A fresh Realm in a temporary file holding the hand-written test models.
func makeRealm(_ types: [ObjectBase.Type] = [Owner.self, Pet.self, Place.self]) throws -> Realm {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return try Realm(configuration: Realm.Configuration(fileURL: directory.appendingPathComponent("test.realm"), objectTypes: types))
}

/// The message of a thrown error.
func message(_ error: any Error) -> String {
    (error as? StoreError)?.message ?? String(describing: error)
}
