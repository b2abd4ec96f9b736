/// Collects what the wrappers of a prototype report while its properties are read: the
/// storage key path and options of a `persistedProperties()` entry, and for a key path such as
/// `\Dog.owner?.name` every property it passes through (links then read as prototypes of the
/// linked class, so the key path can go on).
///
/// For example:
///
///     let prototype = Dog(); prototype._discovery = DiscoveryRecorder(followingLinks: true)
///     _ = prototype[keyPath: \Dog.owner?.name]   // steps: Dog.owner, Person.name
final class DiscoveryRecorder {
    /// One property read: the object it was read on, the wrapper's storage key path and
    /// offset in that object.
    struct Step {
        let type: ObjectBase.Type
        let storage: AnyKeyPath
        let offset: Int
    }

    var storage: AnyKeyPath?
    var options = PersistedOptions()
    private(set) var steps: [Step] = []
    private let followsLinks: Bool

    init(followingLinks: Bool = false) {
        self.followsLinks = followingLinks
    }

    func record(_ storage: AnyKeyPath, _ options: PersistedOptions, object: ObjectBase, offset: Int) {
        self.storage = storage
        self.options = options
        steps.append(Step(type: type(of: object), storage: storage, offset: offset))
    }

    /// A prototype of `type` reporting to this recorder, when links are followed.
    func prototype(of type: ObjectBase.Type?) -> ObjectBase? {
        guard followsLinks, let type else { return nil }
        let object = type.init()
        object._discovery = self
        return object
    }
}
