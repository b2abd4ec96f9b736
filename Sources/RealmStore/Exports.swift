// Generated models and Realm-style code use `Date`, `Data`, `UUID` and `URL` with only
// `import RealmStore`, as code written for Realm Swift does with `import RealmSwift`.
@_exported import Foundation

// The engine's value and error types that Realm Swift code names: they come with `import
// RealmStore` too. The rest of the engine (the dynamic `Store`, its SQL) stays behind it.
@_exported import struct RealmEngine.Decimal128
@_exported import class RealmEngine.Migration
@_exported import struct RealmEngine.ObjectId
@_exported import struct RealmEngine.StoreError
@_exported import enum RealmEngine.UpdatePolicy
