/// One node of a YAML document, with the 1-based position where it starts.
///
/// Mappings keep their pairs in document order (never a dictionary), so everything built from
/// them is deterministic.
public struct YAMLNode: Hashable, Sendable {
    /// What the node holds.
    public enum Content: Hashable, Sendable {
        case scalar(YAMLScalar)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public var content: Content
    public var location: SourceLocation

    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The key/value pairs, if this node is a mapping.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items, if this node is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// A short word for the kind of node, for messages ("a mapping", "a sequence", "a string").
    public var kindDescription: String {
        switch content {
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .scalar(let scalar): scalar.resolved.kindDescription
        }
    }
}

/// A scalar's text and whether it was written plain (unquoted), which decides how it resolves.
public struct YAMLScalar: Hashable, Sendable {
    public var text: String
    /// `true` for plain scalars; quoted and block (`|`, `>`) scalars are always strings.
    public var isPlain: Bool

    public init(text: String, isPlain: Bool) {
        self.text = text
        self.isPlain = isPlain
    }

    /// The value under the YAML 1.2 core schema (plain scalars only; quoted ones are strings).
    public var resolved: YAMLValue { YAMLValue.resolve(self) }
}

/// One entry of a mapping.
public struct YAMLPair: Hashable, Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }

    /// The key's text when the key is a scalar (schema keys always are).
    public var keyText: String? { key.scalar?.text }
}
