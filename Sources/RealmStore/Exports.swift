// Generated models and Realm-style code use `Date`, `Data`, `UUID` and `URL` with only
// `import RealmStore`, as code written for Realm Swift does with `import RealmSwift`.
@_exported import Foundation
