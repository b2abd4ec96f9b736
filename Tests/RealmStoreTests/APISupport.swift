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

/// A managed owner (id 1) whose `pets` are named `names`, in order, aged 0, 1, 2 …
func makeOwner(_ realm: Realm, _ names: [String]) throws -> Owner {
    let owner = Owner(value: ["id": 1])
    try realm.write {
        realm.add(owner)
        for (age, name) in names.enumerated() { owner.pets.append(Pet(value: ["name": name, "age": age])) }
    }
    return owner
}

/// The names of `list`'s pets, in order.
func petNames(_ list: List<Pet>) -> [String] { list.map(\.name) }
