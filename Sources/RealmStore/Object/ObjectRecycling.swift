@_spi(Reflection) import Swift

/// When iteration may re-point the object it returned last at the next row instead of making
/// a new one (`ObjectCursor`): Realm Swift hands out a new accessor per row, and an accessor
/// that nothing else can reach is indistinguishable from a new one, so re-pointing it saves
/// the allocation, the initialisation of every `@Persisted` wrapper and their teardown.
///
/// An object is re-pointed only when
/// - its model stores nothing but `@Persisted` wrappers (a plain `var` or a `lazy` property
///   could carry a value set on one row over to the next), and
/// - only the iterator holds it: no other strong reference (an array, a variable kept after
///   the loop), no `weak` or `unowned` reference, and it still reads from its page (an
///   object that made a state of its own, for a write, an observer, its key, is never reused).
///
/// As for Realm Swift's accessors, a model's `init()` is not run again for a reused object.
///
/// For example:
///
///     for dog in realm.objects(Dog.self) { print(dog.name) }   // one Dog object, re-pointed
///     let kept = Array(realm.objects(Dog.self))                  // distinct objects
enum ObjectRecycling {
    /// Whether the objects of `type` may be re-pointed: every stored field the model adds to
    /// `ObjectBase`'s own is a `@Persisted` wrapper.
    static func allowed(for type: ObjectBase.Type) -> Bool {
        let base = fieldCount(of: ObjectBase.self)
        var index = 0, onlyWrappers = true
        _forEachField(of: type, options: classType) { _, _, fieldType, _ in
            defer { index += 1 }
            if index >= base, !(fieldType is any PersistedField.Type) { onlyWrappers = false }
            return onlyWrappers
        }
        return onlyWrappers
    }

    /// Whether the object in `object` is reachable only through it: no other strong reference
    /// and no weak or unowned one. (The runtime counts one unowned reference for all the strong
    /// ones, and one weak reference for the unowned ones.)
    @inline(__always)
    static func isUnseen(_ object: inout ObjectBase?) -> Bool {
        guard isKnownUniquelyReferenced(&object) else { return false }
        // Counted without a reference of the check's own (which would cost a retain and a release).
        return Unmanaged.passUnretained(object.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            _getUnownedRetainCount($0) == 1 && _getWeakRetainCount($0) == 1
        }
    }

    private static func fieldCount(of type: AnyClass) -> Int {
        var count = 0
        _forEachField(of: type, options: classType) { _, _, _, _ in
            count += 1
            return true
        }
        return count
    }

    /// `_EachFieldOptions.classType`, as `ModelReflection` spells it.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)
}
