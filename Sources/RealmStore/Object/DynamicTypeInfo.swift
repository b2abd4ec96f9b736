import Foundation
import RealmEngine
import RealmSchema
import Synchronization

/// The models of classes read by name: a `DynamicObject`'s managed state carries one, made
/// once per class and kind (the store's schema says which), so the objects of a dynamic List
/// or Results share it.
///
/// For example:
///
///     let info = DynamicTypeInfo.of(ObjectKey(className: "Dog", key: 1), in: realm)
enum DynamicTypeInfo {
    private static let cache = Mutex<[String: TypeInfo]>([:])

    /// The model of the class of `key` in `realm`'s store (traps for a class the file lacks,
    /// with Realm's message).
    static func of(_ key: ObjectKey, in realm: Realm) -> TypeInfo {
        guard let model = realm.store.schema.model(named: key.className) else {
            RealmMessages.trap(RealmMessages.unknownClass(key.className))
        }
        return cache.withLock { cache in
            if let info = cache[model.name], info.kind == model.kind { return info }
            let info = TypeInfo(dynamic: ModelSchema(name: model.name, kind: model.kind))
            cache[model.name] = info
            return info
        }
    }
}
