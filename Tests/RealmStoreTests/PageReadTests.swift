import Foundation
import RealmEngine
import RealmStore
import Testing

/// The objects a live iteration makes read their common scalars (String, integers, Double,
/// Bool) straight from the page of rows while the Realm has not changed, and everything else
/// as any object does: the pages after the first hold only the columns the loop read, and a
/// column a page did not copy, or any column once the Realm changed, is read from the
/// object's row at the Realm's current version.
@Suite struct PageReadTests {
    @Test func laterPagesHoldOnlyTheColumnsReadAndReadThemBack() throws {
        let rows = StoredRowTests()
        let realm = try rows.realm(count: 600)
        var checked = 0
        for (i, object) in realm.objects(RowTypes.self).enumerated() {
            // Read by the typed readers (int, bool, double, string) and by the generic path (mixed,
            // whose type column is copied with it; an optional string).
            #expect(object.id == i && object.flag == (i % 2 == 0) && object.double == -Double(i) / 4)
            #expect(object.text == "row \(i) – ünïcødé" && object.optionalText == (i % 2 == 0 ? "t\(i)" : nil))
            switch (i % 3, object.mixed) {
            case (0, .string(let s)): #expect(s == "m\(i)")
            case (1, .double(let d)): #expect(d == Double(i))
            case (2, .none): break
            default: Issue.record("mixed of \(i) is \(object.mixed)")
            }
            if i >= 256 {
                // A narrowed page: the columns not read in the loop come from the object's row.
                rows.check(object, i)
            }
            checked += 1
        }
        #expect(checked == 600)
    }

    @Test func aColumnAPageDidNotCopyIsReadAtTheCurrentVersion() throws {
        let realm = try makeRealm()
        try realm.write {
            for i in 0..<600 { realm.create(Pet.self, value: ["name": "p\(i)", "age": i]) }
        }
        var kept: [Pet] = []
        var names: [String] = []
        for (i, pet) in realm.objects(Pet.self).enumerated() {
            names.append(pet.name)
            guard i >= 300 && i < 310 else { continue }
            // The second page copied only the names.
            kept.append(pet)
            if i == 305 {
                #expect(kept[1].age == 301, "an unread column, read from the row")
                try realm.write {
                    pet.age = 1000
                    kept[0].name = "renamed"
                    kept[2].age = 2000
                }
                #expect(pet.age == 1000 && kept[2].age == 2000, "unread columns after a write")
                #expect(kept[0].name == "renamed" && kept[3].name == "p303", "read columns after a write")
                #expect(kept[4].age == 304)
            }
        }
        #expect(names == (0..<600).map { "p\($0)" })
        #expect(kept.map(\.age) == [300, 301, 2000, 303, 304, 1000, 306, 307, 308, 309])
    }
}
