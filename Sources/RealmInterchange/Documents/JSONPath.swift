/// A JSON Pointer (RFC 6901) into a document: `/3/dogs/0/age`, with `~` written `~0` and
/// `/` written `~1` inside keys.
///
/// For example:
///
///     let path: JSONPath = ["dogs", 0, "age"]
///     path.description                       // "/dogs/0/age"
///     JSONPath(pointer: "/a~1b/~0c")         // ["a/b", "~c"]
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step: an object key or an array index.
    public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }

        /// The reference token, escaped per RFC 6901.
        var token: String {
            switch self {
            case .index(let index): String(index)
            case .key(let key):
                key.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) ? Self.escaped(key) : key
            }
        }

        /// `key` with `~` → `~0` and `/` → `~1`.
        private static func escaped(_ key: String) -> String {
            var result = String.UnicodeScalarView()
            for scalar in key.unicodeScalars {
                switch scalar {
                case "~": result.append(contentsOf: "~0".unicodeScalars)
                case "/": result.append(contentsOf: "~1".unicodeScalars)
                default: result.append(scalar)
                }
            }
            return String(result)
        }

        /// The array index this step names, if it is an index or an all-digit key.
        var arrayIndex: Int? {
            switch self {
            case .index(let index): index
            case .key(let key): key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int(key) : nil
            }
        }

        /// The object key this step names (an index names the key of its digits).
        var objectKey: String {
            switch self {
            case .index(let index): String(index)
            case .key(let key): key
            }
        }
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public init(arrayLiteral elements: Component...) {
        components = elements
    }

    /// Parses a JSON Pointer (`""` is the whole document, otherwise `/`-separated tokens);
    /// nil when it does not start with `/` or holds a `~` not followed by `0` or `1`.
    public init?(pointer: String) {
        if pointer.isEmpty {
            components = []
            return
        }
        guard pointer.hasPrefix("/") else { return nil }
        var parsed: [Component] = []
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var key = String.UnicodeScalarView()
            var escaping = false
            for scalar in token.unicodeScalars {
                if escaping {
                    guard scalar == "0" || scalar == "1" else { return nil }
                    key.append(scalar == "0" ? "~" : "/")
                    escaping = false
                } else if scalar == "~" {
                    escaping = true
                } else {
                    key.append(scalar)
                }
            }
            guard !escaping else { return nil }
            parsed.append(.key(String(key)))
        }
        components = parsed
    }

    /// `/`-joined escaped tokens; empty for the whole document.
    public var description: String {
        components.map { "/" + $0.token }.joined()
    }

    /// Whether this is the whole document.
    public var isEmpty: Bool { components.isEmpty }

    /// This path followed by `component`.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// `lhs` followed by every step of `rhs`.
    public static func + (lhs: JSONPath, rhs: JSONPath) -> JSONPath {
        JSONPath(lhs.components + rhs.components)
    }
}
