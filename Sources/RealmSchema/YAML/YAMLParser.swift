/// Reads one YAML document into an ordered `YAMLNode` tree.
///
/// Returns `nil` as the node when the file holds no document, when libyaml stopped at a
/// syntax error, or when the file uses YAML features schemas do not support (anchors,
/// aliases, tags other than `!!str`: all of them are reported). Duplicate keys are reported
/// and the later pair dropped; the tree is still returned.
public func parseYAML(_ source: SchemaSource) -> (YAMLNode?, Diagnostics) {
    parseYAML(path: source.path, bytes: Array(source.text.utf8))
}

/// Reads YAML from raw bytes (which need not be valid UTF-8: libyaml reports bad encodings).
public func parseYAML(path: String, bytes: [UInt8]) -> (YAMLNode?, Diagnostics) {
    var builder = YAMLTreeBuilder(reader: YAMLEventReader(path: path, bytes: bytes))
    let root = builder.build()
    return (root, builder.diagnostics)
}

/// Folds libyaml's event stream into nodes with an explicit stack (no recursion, so deep
/// input cannot overflow the call stack; nesting is capped at `maximumDepth`).
struct YAMLTreeBuilder {
    /// Far beyond any schema; keeps hostile input from building huge recursive values.
    static let maximumDepth = 100
    /// The tag `!!str` (and the non-specific `!`) make a plain scalar a string.
    private static let stringTags: Set<String> = ["tag:yaml.org,2002:str", "!"]

    private enum Frame {
        case mapping(SourceLocation, [YAMLPair], pendingKey: YAMLNode?, firstKeys: [String: SourceLocation])
        case sequence(SourceLocation, [YAMLNode])
    }

    private let reader: YAMLEventReader
    private var stack: [Frame] = []
    private var root: YAMLNode?
    private var documentCount = 0
    /// Set when an anchor, alias or unsupported tag was seen: the tree would not mean what
    /// the author intended, so none is returned.
    private var usesUnsupportedFeature = false
    private(set) var diagnostics = Diagnostics()

    init(reader: YAMLEventReader) {
        self.reader = reader
    }

    mutating func build() -> YAMLNode? {
        do throws(YAMLSyntaxError) {
            while let (event, location) = try reader.next() {
                guard handle(event, at: location) else { return nil }
            }
        } catch {
            diagnostics.error(SchemaMessages.yamlSyntax(error.problem, context: error.context,
                                                       contextLocation: error.contextLocation),
                              at: error.location)
            return nil
        }
        return usesUnsupportedFeature ? nil : root
    }

    /// Applies one event; `false` stops reading (the tree is unusable).
    private mutating func handle(_ event: YAMLEvent, at location: SourceLocation) -> Bool {
        switch event {
        case .streamStart, .streamEnd, .documentEnd:
            return true
        case .documentStart:
            documentCount += 1
            if documentCount > 1 {
                diagnostics.error(SchemaMessages.yamlSeveralDocuments(), at: location)
                return false
            }
            return true
        case .alias(let anchor):
            diagnostics.error(SchemaMessages.yamlAlias(anchor), at: location)
            usesUnsupportedFeature = true
            add(YAMLNode(.scalar(YAMLScalar(text: "", isPlain: true)), at: location))
            return true
        case .scalar(var scalar, let anchor, let tag):
            checkAnchor(anchor, at: location)
            if let tag {
                if Self.stringTags.contains(tag) {
                    scalar.isPlain = false
                } else {
                    reportUnsupportedTag(tag, at: location)
                }
            }
            add(YAMLNode(.scalar(scalar), at: location))
            return true
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            checkAnchor(anchor, at: location)
            if let tag { reportUnsupportedTag(tag, at: location) }
            guard stack.count < Self.maximumDepth else {
                diagnostics.error(SchemaMessages.yamlTooDeep(Self.maximumDepth), at: location)
                return false
            }
            if case .sequenceStart = event {
                stack.append(.sequence(location, []))
            } else {
                stack.append(.mapping(location, [], pendingKey: nil, firstKeys: [:]))
            }
            return true
        case .sequenceEnd, .mappingEnd:
            switch stack.removeLast() {
            case .sequence(let start, let items): add(YAMLNode(.sequence(items), at: start))
            case .mapping(let start, let pairs, _, _): add(YAMLNode(.mapping(pairs), at: start))
            }
            return true
        }
    }

    private mutating func checkAnchor(_ anchor: String?, at location: SourceLocation) {
        guard let anchor else { return }
        diagnostics.error(SchemaMessages.yamlAnchor(anchor), at: location)
        usesUnsupportedFeature = true
    }

    private mutating func reportUnsupportedTag(_ tag: String, at location: SourceLocation) {
        diagnostics.error(SchemaMessages.yamlTag(tag), at: location)
        usesUnsupportedFeature = true
    }

    /// Attaches a finished node to its parent (or makes it the document root).
    private mutating func add(_ node: YAMLNode) {
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .sequence(let start, var items):
            items.append(node)
            stack.append(.sequence(start, items))
        case .mapping(let start, var pairs, let pendingKey, var firstKeys):
            guard let key = pendingKey else {
                stack.append(.mapping(start, pairs, pendingKey: node, firstKeys: firstKeys))
                return
            }
            if let text = key.scalar?.text {
                if let first = firstKeys[text] {
                    diagnostics.error(SchemaMessages.duplicateKey(text, firstAt: first), at: key.location)
                    stack.append(.mapping(start, pairs, pendingKey: nil, firstKeys: firstKeys))
                    return
                }
                firstKeys[text] = key.location
            }
            pairs.append(YAMLPair(key: key, value: node))
            stack.append(.mapping(start, pairs, pendingKey: nil, firstKeys: firstKeys))
        }
    }
}
