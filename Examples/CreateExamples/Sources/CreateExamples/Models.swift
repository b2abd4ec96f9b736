import RealmStore

// The guide's Dog model, as Realm Swift declares it, plus the property table RealmStore
// reads instead of reflecting over the class (docs/swift-api.md, section 4).
class Dog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var color = ""
    @Persisted var currentCity = ""
    @Persisted var citiesVisited: MutableSet<String>
    @Persisted var companion: AnyRealmValue

    // Map of city name -> favorite park in that city
    @Persisted var favoriteParksByCity: Map<String, String>
}
