import RealmEngine
import RealmQuery

/// The query front end and compiler on any text, as a predicate on `Person`, `Dog` or `Note`
/// (the first byte modulo 3 picks the class; the rest is the query) of a store holding `FuzzStores.seedJSON`: a query the parser and the
/// type checker accept runs without error, and one they reject is rejected by the store with
/// the same message.
///
/// Returns the property that failed, or `nil`.
///
/// For example:
///
///     fuzzQuery(Array("0name BEGINSWITH[c] 'a' SORT(age DESC)".utf8))   // nil: "0" is Person
public func fuzzQuery(_ bytes: [UInt8]) -> String? {
    guard let first = bytes.first else { return nil }
    let className = ["Person", "Dog", "Note"][Int(first) % 3]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    var expected: String?
    do {
        let parsed = try QueryParser.parse(text)
        _ = try QueryTypeChecker(schema: FuzzStores.schema).check(parsed, className: className)
    } catch {
        expected = error.description
    }
    let store: Store
    do {
        store = try queryStore()
    } catch {
        return "the query store cannot be made: \(error)"
    }
    do {
        _ = try store.query(className, text)
        if let expected { return "the store ran \(text.debugDescription), which the checker rejects: \(expected)" }
    } catch {
        guard let expected else {
            return "\(className) \(text.debugDescription) type-checks but fails: \(error)"
        }
        if "\(error)" != expected {
            return "\(text.debugDescription): the store says \(error), the checker \(expected)"
        }
    }
    return nil
}

/// The seeded store of the query target, made once per process.
// nonisolated(unsafe): libFuzzer and the replay tests call a target from one thread at a time.
nonisolated(unsafe) private var sharedQueryStore: Store?

private func queryStore() throws -> Store {
    if let sharedQueryStore { return sharedQueryStore }
    let store = try FuzzStores.seededStore("query.sqlite")
    sharedQueryStore = store
    return store
}
