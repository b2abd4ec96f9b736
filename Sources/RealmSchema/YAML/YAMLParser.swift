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

    /// An open mapping or sequence. Frames are changed in place on the stack: taking one off
    /// to append would copy its pairs, once per entry (quadratic in the mapping's size).
    private struct Frame {
        var start: SourceLocation
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Each key's first position, for the duplicate-key check.
        var firstKeys: [String: SourceLocation] = [:]
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
            if let unquoted = error.unquotedType {
                diagnostics.error(SchemaMessages.yamlUnquotedCollectionType(unquoted.text, inside: unquoted.brackets,
                                                                            context: error.context,
                                                                            contextLocation: error.contextLocation),
                                  at: unquoted.location)
            } else {
                diagnostics.error(SchemaMessages.yamlSyntax(error.problem, context: error.context,
                                                           contextLocation: error.contextLocation),
                                  at: error.location)
            }
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
            var isMapping = true
            if case .sequenceStart = event { isMapping = false }
            stack.append(Frame(start: location, isMapping: isMapping))
            return true
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            add(YAMLNode(frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), at: frame.start))
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
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return
        }
        stack[top].pendingKey = nil
        if let text = key.scalar?.text {
            if let first = stack[top].firstKeys[text] {
                diagnostics.error(SchemaMessages.duplicateKey(text, firstAt: first), at: key.location)
                return
            }
            stack[top].firstKeys[text] = key.location
        }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
    }
}
