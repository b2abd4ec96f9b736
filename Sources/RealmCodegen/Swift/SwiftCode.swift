/// A small, `Equatable` model of the Swift code realm-schema emits.
///
/// Renderers build these values from a `CompiledSchema`; `SwiftCodeRenderer` prints them. Names held
/// here are already escaped (`SwiftNaming`), types and expressions are already spelled.
struct SwiftSourceFile: Equatable {
    /// `//` comment lines at the top of the file, without the `// ` prefix.
    var headerComments: [String]
    var imports: [String]
    var classes: [SwiftClass]
    /// Lines printed as they are after the classes (the `GeneratedSchema` enum).
    var trailer: [String] = []
}

/// A model class: `final class Person: Object { … }`.
struct SwiftClass: Equatable {
    var doc: [String]
    var access: AccessLevel
    var name: String
    var superclass: String
    var properties: [SwiftProperty]
    var enums: [SwiftEnum]
    var functions: [SwiftFunction]
}

/// An attribute such as `@Persisted` or `@Persisted(primaryKey: true)`.
struct SwiftAttribute: Equatable {
    var name: String
    var arguments: [SwiftArgument]

    init(_ name: String, arguments: [SwiftArgument] = []) {
        self.name = name
        self.arguments = arguments
    }

    var text: String {
        if arguments.isEmpty {
            return "@\(name)"
        }
        return "@\(name)(\(arguments.map(\.text).joined(separator: ", ")))"
    }
}

/// One labelled argument: `primaryKey: true`.
struct SwiftArgument: Equatable {
    var label: String
    var value: String

    var text: String { "\(label): \(value)" }
}

/// A stored property: `@Persisted var name: String = "x"`.
struct SwiftProperty: Equatable {
    var doc: [String]
    var attribute: SwiftAttribute
    var access: AccessLevel
    var name: String
    var type: String
    var initialValue: String?

    var declaration: String {
        var text = "\(attribute.text) \(access.modifierPrefix)var \(name): \(type)"
        if let initialValue {
            text += " = \(initialValue)"
        }
        return text
    }
}

/// A nested enum: `enum Status: String, PersistableEnum { case active … }`.
struct SwiftEnum: Equatable {
    var doc: [String]
    var access: AccessLevel
    var name: String
    var rawType: String
    var conformances: [String]
    var cases: [SwiftEnumCase]

    var opening: String {
        "\(access.modifierPrefix)enum \(name): \(([rawType] + conformances).joined(separator: ", ")) {"
    }
}

/// One enum case, with an explicit raw value when it differs from the case name.
struct SwiftEnumCase: Equatable {
    var name: String
    /// A Swift literal (`"in-progress"`, `-1`), or nil for an implicit raw value.
    var rawValue: String?

    var declaration: String {
        rawValue.map { "case \(name) = \($0)" } ?? "case \(name)"
    }
}

/// A method: modifiers, signature and body lines (the body is printed as given).
struct SwiftFunction: Equatable {
    var doc: [String]
    /// Everything before `func`, for example `public override class`.
    var modifiers: [String]
    /// `propertiesMapping() -> [String: String]`
    var signature: String
    var body: [String]

    var opening: String {
        (modifiers + ["func", signature]).joined(separator: " ") + " {"
    }
}
