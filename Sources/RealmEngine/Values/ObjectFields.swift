/// The supplied properties of one object that the store creates or updates: what
/// `createObject`, `insertObject` and `updateObject` read, one property at a time.
///
/// A `[String: InputValue]` (property name → input) is the public form; the importer hands
/// over `FieldsByPosition`, which needs no hashing per property.
protocol ObjectFields {
    /// The input supplied for `property`, which sits at `position` of its class's
    /// `ClassInfo.properties`; nil when the property is absent.
    func input(for property: PropertyInfo, at position: Int) -> InputValue?

    /// `input(for:at:)` for a caller that reads each property once and keeps what it gets:
    /// `FieldsByPosition` hands its input over without a copy (leaving nil); a dictionary, which
    /// would have to copy its storage to change, returns a copy.
    mutating func take(for property: PropertyInfo, at position: Int) -> InputValue?

    /// The collection input supplied in pieces at `position`, if any (see `CollectionPieces`).
    func stream(at position: Int) -> CollectionPieces?
}

extension Dictionary: ObjectFields where Key == String, Value == InputValue {
    @inline(__always)
    func input(for property: PropertyInfo, at position: Int) -> InputValue? {
        field(property.name)
    }

    @inline(__always)
    func take(for property: PropertyInfo, at position: Int) -> InputValue? {
        field(property.name)
    }

    /// The input under `name`. A small object's fields (an embedded address) are searched by
    /// comparing names, which costs less than hashing `name`; equal names as `==` has them,
    /// as the dictionary's lookup would.
    private func field(_ name: String) -> InputValue? {
        guard count <= 8 else { return self[name] }
        var index = startIndex
        while index != endIndex {
            if keys[index] == name { return values[index] }
            formIndex(after: &index)
        }
        return nil
    }

    @inline(__always)
    func stream(at position: Int) -> CollectionPieces? { nil }
}

/// The inputs of one object by property position, in the order of the model's
/// `ModelSchema.persistedProperties` (the store's schema): nil where a property is absent.
///
/// For `createForImport`, which skips hashing a name per property; build it from the same
/// schema the store has (`beginImport(schema:)` installs it).
///
/// For example:
///
///     var fields = FieldsByPosition(count: model.persistedProperties.count)
///     fields[0] = .value(.int(1))
package struct FieldsByPosition: ObjectFields {
    /// One slot per persisted property.
    package private(set) var inputs: [InputValue?]
    /// Collections given in pieces instead, by position (usually none).
    package private(set) var streams: [(position: Int, collection: CollectionPieces)] = []

    /// Fields with every property absent.
    ///
    /// (Appended to a reserved array: `Array(repeating:count:)` allocates through a generic path
    /// of the standard library that looks up the array's type metadata on every call.)
    @inlinable
    package init(count: Int) {
        inputs = []
        inputs.reserveCapacity(count)
        for _ in 0..<count { inputs.append(nil) }
    }

    /// Fields holding `inputs` as they are, one slot per persisted property (nil where absent).
    ///
    /// The array is not copied unless a slot is changed while another owner still holds it:
    /// inputs converted ahead of time need no setter call per property.
    @inlinable
    package init(inputs: [InputValue?]) {
        self.inputs = inputs
    }

    /// The input at `position` (nil when absent).
    @inlinable
    package subscript(position: Int) -> InputValue? {
        get { inputs[position] }
        set { inputs[position] = newValue }
    }

    @inline(__always)
    func input(for property: PropertyInfo, at position: Int) -> InputValue? {
        inputs[position]
    }

    @inline(__always)
    mutating func take(for property: PropertyInfo, at position: Int) -> InputValue? {
        inputs[position].take()
    }

    /// Gives the List, MutableSet or Map at `position` in pieces instead of as one input.
    package mutating func stream(_ collection: CollectionPieces, at position: Int) {
        inputs[position] = nil
        streams.append((position, collection))
    }

    @inline(__always)
    func stream(at position: Int) -> CollectionPieces? {
        streams.isEmpty ? nil : streams.first { $0.position == position }?.collection
    }
}
