/// Messages about property types, defaults, enums and indexes found while loading.
extension SchemaMessages {
    static func expectedTypeText(_ property: String, found: String) -> SchemaMessage {
        SchemaMessage("The type of property '\(property)' must be a string such as 'int?' or 'Dog[]', found \(found).")
    }

    static func missingType(_ property: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' has no 'type'.")
    }

    static func unknownType(_ type: String, property: String, suggestion: String?) -> SchemaMessage {
        let note = suggestion.map(Suggestion.didYouMean)
            ?? "valid types are bool, int, int8, int16, int32, int64, float, double, string, data, date, "
            + "decimal128, objectId, uuid, mixed, linkingObjects and model names"
        return SchemaMessage("Property '\(property)' has unknown type '\(type)'.", notes: [note])
    }

    static func malformedType(_ type: String, property: String, failure: TypeExpression.Failure) -> SchemaMessage {
        let reason = switch failure {
        case .empty: "the type is empty"
        case .optionalCollection: "lists, sets and maps are never optional"
        case .missingName: "the type name is missing"
        case .nestedCollection: "a collection suffix ('[]', '<>' or '{}') may appear only once, at the end"
        case .repeatedOptional: "'?' may appear only once"
        case .invalidCharacters: "a type name contains only letters, digits and '_'"
        case .suffixOnLinkingObjects: "'linkingObjects' takes no '[]', '<>' or '{}' suffix"
        }
        return SchemaMessage("Property '\(property)' has invalid type '\(type)': \(reason).")
    }

    static func optionalCollection(_ type: String, property: String, fixed: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(type)' cannot be optional: lists, sets and maps are never optional.",
                      notes: ["write '\(fixed)'; a '?' before the suffix makes the elements optional"])
    }

    static func optionalContradiction(_ property: String, type: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' says 'optional: false' but its type '\(type)' is optional.")
    }

    static func optionalOnCollection(_ property: String, type: String, elementForm: String) -> SchemaMessage {
        SchemaMessage("'optional' cannot be used on property '\(property)' of collection type '\(type)'.",
                      notes: ["collections are never optional; write '\(elementForm)' for optional elements"])
    }

    static func invalidIndexed(_ property: String, found: String) -> SchemaMessage {
        SchemaMessage("'indexed' of property '\(property)' must be true, false or fulltext, found \(found).")
    }

    static func fulltextNotString(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot have a full-text index: only string properties can.")
    }

    static func fulltextOnPrimaryKey(_ property: String) -> SchemaMessage {
        SchemaMessage("Primary key property '\(property)' cannot have a full-text index.")
    }

    static func linkingObjectsNeedsObjectType(_ property: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type 'linking objects' must name its origin model with 'objectType'.")
    }

    // MARK: Defaults

    static func defaultOnCollection(_ property: String, collection: CollectionKind) -> SchemaMessage {
        let word = switch collection {
        case .single, .list: "list"
        case .set: "set"
        case .map: "map"
        }
        return SchemaMessage("Property '\(property)' is a \(word) and cannot have a 'default': collections start empty.")
    }

    static func defaultOnLink(_ property: String, target: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' links to '\(target)' and cannot have a 'default'.")
    }

    static func defaultOnLinkingObjects(_ property: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type 'linking objects' is computed and cannot have a 'default'.")
    }

    /// `value` is the written value (`'300'`), or nil when a sequence or mapping was given.
    static func invalidDefault(_ value: String?, found: String, property: String, type: String,
                               expected: String) -> SchemaMessage {
        invalidValue("default", value, found: found, property: property, type: type, expected: expected)
    }

    /// `Invalid <what> value …` of `invalidDefault` and `invalidEnumValue`: with the written
    /// value, or with what was found when a sequence or mapping was given.
    private static func invalidValue(_ what: String, _ value: String?, found: String, property: String, type: String,
                                     expected: String) -> SchemaMessage {
        guard let value else {
            return SchemaMessage("Invalid \(what) value for property '\(property)' of type '\(type)': "
                                 + "expected \(expected), found \(found).")
        }
        return SchemaMessage("Invalid \(what) value \(value) for property '\(property)' of type '\(type)': expected \(expected).")
    }

    static func nullDefaultOnRequired(_ property: String, type: String) -> SchemaMessage {
        SchemaMessage("Default value null is not allowed for property '\(property)' of type '\(type)': it is not optional.",
                      notes: ["write '\(type)?' to make it optional"])
    }

    /// What a value of `base` looks like, to follow "expected" in a message; `written` is
    /// the text given, when it was a scalar.
    static func expectedValue(of base: BaseType, written: String?) -> String {
        switch base {
        case .bool: "true or false"
        case .int(let width): "an integer from \(width.range.lowerBound) to \(width.range.upperBound)"
        case .float: "a number within the range of float"
        case .double: "a number"
        case .string: written.map { "a string (quote it: '\($0)')" } ?? "a string"
        case .data: "base64 text"
        case .date: "an ISO-8601 date and time such as '2024-01-31T09:30:00Z'"
        case .decimal128: "a decimal number such as '12.50'"
        case .objectId: "24 hexadecimal digits"
        case .uuid: "a UUID such as '137decc8-b300-4954-a233-f89909f4fd89'"
        case .mixed: "null, a boolean, a 64-bit integer, a number or a string"
        case .object, .linkingObjects: "no value"
        }
    }

    // MARK: Binary subtypes

    static func subtypeNotData(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot have a 'subtype': only data properties keep a BSON binary subtype.")
    }

    static func invalidSubtype(_ property: String, found: String) -> SchemaMessage {
        SchemaMessage("'subtype' of property '\(property)' must be a BSON binary subtype, an integer from 0 to 255, found \(found).")
    }

    static func subtypeRefused(_ property: String, subtype: UInt8, _ refusal: BinarySubtype.Refusal) -> SchemaMessage {
        let name = BinarySubtype.name(subtype).map { " (\($0))" } ?? ""
        let (reason, note): (String, String) = switch refusal {
        case .oldGeneric: ("import reads it as generic binary, subtype 0",
                           "leave 'subtype' out: a data property takes subtype 2 as its bytes")
        case .legacyUUID: ("its byte order depends on the driver that wrote it",
                           "convert legacy UUIDs to subtype 4 and declare the property 'uuid'")
        case .uuid: ("a UUID has a property type of its own", "declare the property 'uuid'")
        case .reserved: ("BSON reserves subtypes 10 to 127",
                         "a data property keeps subtype 1, 5 to 9 (9 is a vector) or a user-defined one, 128 to 255")
        }
        return SchemaMessage("Property '\(property)' cannot keep binary subtype \(subtype)\(name): \(reason).", notes: [note])
    }

    // MARK: Enums

    static func enumNotAllowed(_ property: String, type: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(type)' cannot have an 'enum': only string and int properties can.")
    }

    static func enumNotSequence(_ property: String, found: String) -> SchemaMessage {
        SchemaMessage("'enum' of property '\(property)' must be a list of values, found \(found).")
    }

    static func enumEmpty(_ property: String) -> SchemaMessage {
        SchemaMessage("'enum' of property '\(property)' must list at least one value.")
    }

    /// `value` is the written value (`'300'`), or nil when a sequence or mapping was given.
    static func invalidEnumValue(_ value: String?, found: String, property: String, type: String,
                                 expected: String) -> SchemaMessage {
        invalidValue("enum", value, found: found, property: property, type: type, expected: expected)
    }

    static func enumDuplicate(_ value: String, property: String) -> SchemaMessage {
        SchemaMessage("Enum value \(value) appears more than once for property '\(property)'.")
    }

    static func defaultNotInEnum(_ value: String, property: String, allowed: [String]) -> SchemaMessage {
        SchemaMessage("Default value \(value) of property '\(property)' is not one of its enum values: "
                      + allowed.joined(separator: ", ") + ".")
    }
}
