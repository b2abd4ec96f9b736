import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `Store.forEachObjectWithValues` (the exporter's reader: one statement for a class's rows and
/// one per collection property, merged by owner) yields exactly what reading object by object
/// gives: the objects of `objects(_:order:)` in that order, each with `values(of:)`, over stores
/// whose keys do not follow primary-key order, with gaps, empty and shared collections.
@Suite("realm-export streaming reader")
struct ExportStreamingTests {
    @Test(arguments: [false, true])
    func streamedValuesEqualObjectByObjectReads(singleClass: Bool) throws {
        let store = try ExportGoldenTests.store(singleClass: singleClass)
        for model in store.schema.models where model.kind == .object {
            for order in [ObjectOrder.primaryKey, .insertion] {
                var streamed: [(ObjectKey, [StoreValue])] = []
                try store.forEachObjectWithValues(model.name, order: order) { streamed.append(($0, $1)) }
                let objects = try store.objects(model.name, order: order)
                #expect(streamed.map(\.0) == objects, "\(model.name) \(order)")
                for (object, values) in streamed {
                    #expect(values == (try store.values(of: object)), "\(object)")
                }
                #expect(!objects.isEmpty)
            }
        }
    }

    @Test func keyRangeIsTheFirstAndLastKeyAndTheCount() throws {
        let store = try ExportGoldenTests.store()
        var sawGap = false
        for model in store.schema.models where model.kind != .asymmetric {
            let keys = try store.objects(model.name, order: .insertion).map(\.key)
            let range = try store.keyRange(model.name)
            if let first = keys.first, let last = keys.last {
                #expect(range?.first == first && range?.last == last && range?.count == Int64(keys.count), "\(model.name)")
                if last - first + 1 != Int64(keys.count) { sawGap = true }
            } else {
                #expect(range == nil, "\(model.name)")
            }
        }
        #expect(sawGap)
    }

    @Test func primaryKeyValueIsTheKeyPropertysValue() throws {
        let store = try ExportGoldenTests.store()
        for model in store.schema.models where model.kind == .object {
            for object in try store.objects(model.name) {
                if let primaryKey = model.primaryKey {
                    #expect(try store.primaryKeyValue(of: object) == store.get(object, primaryKey))
                } else {
                    #expect(throws: StoreError.self) { try store.primaryKeyValue(of: object) }
                }
            }
        }
    }
}
