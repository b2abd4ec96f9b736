import Foundation
import RealmStore
import TestSupport

/// A fresh Realm in a temporary file holding the hand-written test models.
func makeRealm(_ types: [ObjectBase.Type] = [Owner.self, Pet.self, Place.self]) throws -> Realm {
    try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("test.realm", prefix: "api"), objectTypes: types))
}

/// The message of a thrown error.
func message(_ error: any Error) -> String {
    (error as? StoreError ?? (error as? Realm.Error)?.underlying)?.message ?? String(describing: error)
}
