/// Nested collections of an `AnyRealmValue` from Swift collections, as Realm Swift makes them.
extension AnyRealmValue {
    /// A `.dictionary` holding `dictionary`'s entries (an unmanaged Map until assigned to a
    /// managed property).
    ///
    /// For example:
    ///
    ///     dog.companion = .fromDictionary(["name": .string("Fluffy"), "age": .int(3)])
    public static func fromDictionary(_ dictionary: Dictionary<String, AnyRealmValue>) -> AnyRealmValue {
        .dictionary(Map(entries: dictionary))
    }

    /// A `.list` holding `array`'s elements in order (an unmanaged List until assigned).
    ///
    /// For example:
    ///
    ///     dog.companion = .fromArray([.int(1), .string("two")])
    public static func fromArray(_ array: Array<AnyRealmValue>) -> AnyRealmValue {
        .list(List(elements: array))
    }
}
