import RealmEngine
import RealmSchema

/// An enum stored as its raw value (a string or an integer), as in Realm Swift. A stored raw
/// value that is not a case traps when read, as Realm does.
///
/// For example:
///
///     enum Status: String, PersistableEnum { case active, retired }
///     @Persisted var status: Status = .active
public protocol PersistableEnum: RealmCollectionValue, RawRepresentable, CaseIterable, Hashable where RawValue: _RealmScalar {}

extension PersistableEnum {
    public static var _rlmBase: BaseType { RawValue._rlmBase }

    public static func _rlmDefault() -> Self {
        guard let first = allCases.first else { RealmMessages.trap(RealmMessages.noCases(Self.self)) }
        return first
    }

    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Self {
        guard let raw = RawValue(storeValue: value), let result = Self(rawValue: raw) else {
            RealmMessages.trap(RealmMessages.notACase(value, of: Self.self))
        }
        return result
    }

    public var _rlmStoreValue: StoreValue { rawValue._rlmStoreValue }

    public static func _rlmFromAny(_ value: Any) -> Self? {
        if let typed = value as? Self { return typed }
        return RawValue._rlmFromAny(value).flatMap(Self.init(rawValue:))
    }
}
