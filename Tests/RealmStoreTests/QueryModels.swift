import Foundation
import RealmStore

/// Models for the type-safe query tests: one property of each family a query can reach.
final class QPerson: Object {
    @Persisted var name = ""
    @Persisted var nickname: String?
    @Persisted var age = 0
    @Persisted var height: Double?
    @Persisted var born = Date(timeIntervalSince1970: 0)
    @Persisted var photo = Data()
    @Persisted var active = false
    @Persisted var dogs: List<QDog>
    @Persisted var best: QDog?
    @Persisted var tags: MutableSet<String>
    @Persisted var nums: List<Int>
    @Persisted var scores: Map<String, Int>
    @Persisted var pets: Map<String, QDog?>
    @Persisted var extra: AnyRealmValue
    @Persisted var mood = QMood.calm
    @Persisted var pack: MutableSet<QDog>

    override class func persistedProperties() -> [PersistedProperty] {
        [
            PersistedProperty("name", \QPerson.name), PersistedProperty("nickname", \QPerson.nickname),
            PersistedProperty("age", \QPerson.age), PersistedProperty("height", \QPerson.height),
            PersistedProperty("born", \QPerson.born), PersistedProperty("photo", \QPerson.photo),
            PersistedProperty("active", \QPerson.active), PersistedProperty("dogs", \QPerson.dogs),
            PersistedProperty("best", \QPerson.best), PersistedProperty("tags", \QPerson.tags),
            PersistedProperty("nums", \QPerson.nums), PersistedProperty("scores", \QPerson.scores),
            PersistedProperty("pets", \QPerson.pets), PersistedProperty("extra", \QPerson.extra),
            PersistedProperty("mood", \QPerson.mood), PersistedProperty("pack", \QPerson.pack),
        ]
    }

    /// Not persisted: a key path to it cannot name a property.
    var greeting: String { "hello" }
}

enum QMood: String, PersistableEnum {
    case calm, happy, sad
}

final class QDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<QPerson>

    override class func persistedProperties() -> [PersistedProperty] {
        [PersistedProperty("name", \QDog.name), PersistedProperty("age", \QDog.age), PersistedProperty("owners", \QDog.owners)]
    }
}

/// The people of the query tests: Ann, Bob, `Ål "%@" O'Neil` (quotes and `%@` in a value)
/// and ren (moods happy, sad, calm, happy), with the dogs Rex (5), Fido (2), Spot (8) and Bella (4).
enum QueryData {
    static let al = "Ål \"%@\" O'Neil"

    static func realm() throws -> Realm {
        let realm = try makeRealm([QPerson.self, QDog.self])
        try realm.write {
            let dog = { (name: String, age: Int) in realm.create(QDog.self, value: ["name": name, "age": age]) }
            let rex = dog("Rex", 5), fido = dog("Fido", 2), spot = dog("Spot", 8), bella = dog("Bella", 4)
            let ann = person(realm, "Ann", nickname: "annie", age: 30, height: 1.6, year: 2000, active: true, extra: .int(7))
            ann.photo = Data([1, 2, 3])
            ann.dogs.append(objectsIn: [rex, fido])
            ann.best = rex
            ann.tags.insert(objectsIn: ["red", "blue"])
            ann.nums.append(objectsIn: [1, 5, 9])
            ann.scores["math"] = 95
            ann.scores["art"] = 70
            ann.pets["home"] = rex
            ann.mood = .happy
            let bob = person(realm, "Bob", nickname: nil, age: 17, height: nil, year: 2010, active: false, extra: .string("seven"))
            bob.photo = Data([4])
            bob.dogs.append(fido)
            bob.tags.insert("green")
            bob.nums.append(2)
            bob.scores["math"] = 60
            bob.mood = .sad
            let al = person(realm, al, nickname: "al", age: 45, height: 1.8, year: 1980, active: true, extra: .double(7.5))
            al.dogs.append(objectsIn: [rex, spot, bella])
            al.best = spot
            al.scores["art"] = 99
            al.scores["music"] = 50
            al.pets["a"] = spot
            al.pets["b"] = bella
            al.pack.insert(objectsIn: [spot, bella, fido])
            person(realm, "ren", nickname: "René", age: 3, height: 1.0, year: 2023, active: false, extra: .none).mood = .happy
        }
        return realm
    }

    private static func person(_ realm: Realm, _ name: String, nickname: String?, age: Int, height: Double?, year: Int,
                               active: Bool, extra: AnyRealmValue) -> QPerson {
        let person = realm.create(QPerson.self, value: ["name": name, "age": age, "active": active])
        person.nickname = nickname
        person.height = height
        person.born = Date(timeIntervalSince1970: Double(year - 1970) * 365.25 * 86_400)
        person.extra = extra
        return person
    }
}
