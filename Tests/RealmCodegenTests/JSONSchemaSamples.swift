/// Sample documents for the generated JSON Schemas of `Schemas/*.yaml`: what realm-import
/// accepts (docs/json-typing.md, docs/relationships.md) must validate, what it rejects must not.
struct JSONSchemaSample {
    var model: String
    var valid: Bool
    var why: String
    var json: String
}

enum JSONSchemaSamples {
    static let oid = #"{"$oid": "65a1b2c3d4e5f60718293a4b"}"#
    static let uuid = "137decc8-b300-4954-a233-f89909f4fd89"
    static let date = #"{"$date": "2024-01-31T09:30:00Z"}"#

    /// A JSON object from `base` members with `changes` applied: a key already in `base` gets the
    /// new value in place (documents never repeat a key), other keys are appended.
    static func object(_ base: KeyValuePairs<String, String>, _ changes: KeyValuePairs<String, String>) -> String {
        var members = base.map { (key: $0.key, value: $0.value) }
        for change in changes {
            if let index = members.firstIndex(where: { $0.key == change.key }) {
                members[index].value = change.value
            } else {
                members.append((change.key, change.value))
            }
        }
        return "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// A valid `Person` with `changes`.
    static func person(_ changes: KeyValuePairs<String, String> = [:]) -> String {
        object(["_id": oid, "name": #""Ann""#, "createdAt": date], changes)
    }

    /// A valid `AllTypes` (relaxed forms) with `changes`.
    static func allTypes(_ changes: KeyValuePairs<String, String> = [:]) -> String {
        object([
            "id": "1", "boolValue": "true", "intValue": "-5", "int8Value": "127", "int16Value": "-32768",
            "int32Value": "2147483647", "int64Value": "9223372036854775807", "floatValue": "1.5", "doubleValue": "1e300",
            "stringValue": #""s""#, "dataValue": #"{"$binary": {"base64": "AQID", "subType": "00"}}"#, "dateValue": date,
            "decimalValue": #"{"$numberDecimal": "12.50"}"#, "objectIdValue": oid, "uuidValue": "\"\(uuid)\"",
        ], changes)
    }

    static let all: [JSONSchemaSample] = person + allTypes + links + enumsAndDefaults

    static let person: [JSONSchemaSample] = [
        .init(model: "Person", valid: true, why: "required properties only", json: person()),
        .init(model: "Person", valid: true, why: "canonical wrappers, pk references, embedded, sets and maps", json: person([
            "age": #"{"$numberInt": "42"}"#, "nicknames": #"["a", "a"]"#,
            "scores": #"{"x": 1.5, "y": {"$numberDouble": "-Infinity"}}"#,
            "dogs": #"[{"_id": {"$uuid": "\#(uuid)"}, "name": "Rex"}, "\#(uuid)", "#
                + #"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}]"#,
            "address": #"{"street": "Main", "city": "Oslo"}"#, "bestFriend": oid, "extra": #"{"any": [1, "x", null]}"#,
            "status": #""retired""#, "bio": "null", "createdAt": #"{"$date": {"$numberLong": "1706693400123"}}"#,
        ])),
        .init(model: "Person", valid: true, why: "a nested link object, recursively", json: person([
            "bestFriend": #"{"_id": \#(oid), "name": "Bob", "createdAt": \#(date), "bestFriend": null}"#,
        ])),
        .init(model: "Person", valid: true, why: "null for optional values and collections", json: person([
            "age": "null", "nicknames": "null", "scores": "null", "dogs": "null", "address": "null", "bestFriend": "null",
            "extra": "null",
        ])),
        .init(model: "Person", valid: true, why: "$numberLong at the int64 limit, an unknown key",
              json: person(["age": #"{"$numberLong": "-9223372036854775808"}"#, "hobby": #""chess""#])),
        .init(model: "Person", valid: true, why: "a date with nanoseconds and an offset",
              json: person(["createdAt": #"{"$date": "2024-01-31T09:30:00.123456789+05:30"}"#])),
        .init(model: "Person", valid: true, why: "the stored name of a property with mapTo",
              json: #"{"_id": \#(oid), "name": "Ann", "created_at": \#(date)}"#),
        .init(model: "Person", valid: false, why: "both names of a property with mapTo",
              json: person(["created_at": date])),
        .init(model: "Person", valid: false, why: "neither name of a required property with mapTo",
              json: #"{"_id": \#(oid), "name": "Ann"}"#),
        .init(model: "Person", valid: false, why: "a wrong value under the stored name",
              json: #"{"_id": \#(oid), "name": "Ann", "created_at": "1706693400"}"#),
        .init(model: "Person", valid: false, why: "string for int", json: person(["age": #""42""#])),
        .init(model: "Person", valid: false, why: "fraction for int", json: person(["age": "4.5"])),
        .init(model: "Person", valid: false, why: "boolean for int", json: person(["age": "true"])),
        .init(model: "Person", valid: false, why: "$numberInt beyond 32 bits", json: person(["age": #"{"$numberInt": "2147483648"}"#])),
        .init(model: "Person", valid: false, why: "wrapper with an extra key", json: person(["age": #"{"$numberInt": "4", "x": 1}"#])),
        .init(model: "Person", valid: false, why: "null for required", json: person(["name": "null"])),
        .init(model: "Person", valid: false, why: "missing required", json: #"{"_id": \#(oid), "createdAt": \#(date)}"#),
        .init(model: "Person", valid: false, why: "plain string for objectId", json: person(["_id": #""65a1b2c3d4e5f60718293a4b""#])),
        .init(model: "Person", valid: false, why: "bad $oid digits", json: person(["_id": #"{"$oid": "xyz"}"#])),
        .init(model: "Person", valid: false, why: "plain string for date", json: person(["createdAt": #""2024-01-31T09:30:00Z""#])),
        .init(model: "Person", valid: false, why: "number for date", json: person(["createdAt": "1706693400"])),
        .init(model: "Person", valid: false, why: "wrong enum value", json: person(["status": #""sleeping""#])),
        .init(model: "Person", valid: false, why: "null inside a list of links", json: person(["dogs": "[null]"])),
        .init(model: "Person", valid: false, why: "a list given as a string", json: person(["dogs": #""Rex""#])),
        .init(model: "Person", valid: false, why: "invalid nested object", json: person(["dogs": #"[{"_id": "not-a-uuid", "name": "Rex"}]"#])),
        .init(model: "Person", valid: false, why: "plain string as an objectId reference", json: person(["bestFriend": #""65a1b2c3d4e5f60718293a4b""#])),
        .init(model: "Person", valid: false, why: "embedded object given as a string", json: person(["address": #""Main Street""#])),
        .init(model: "Person", valid: false, why: "embedded object missing a property", json: person(["address": #"{"street": "Main"}"#])),
        .init(model: "Person", valid: false, why: "string in a map of doubles", json: person(["scores": #"{"x": "1.5"}"#])),
        .init(model: "Person", valid: false, why: "a set given as an object", json: person(["nicknames": #"{"a": "b"}"#])),
    ]

    static let allTypes: [JSONSchemaSample] = [
        .init(model: "AllTypes", valid: true, why: "relaxed forms", json: allTypes()),
        .init(model: "AllTypes", valid: true, why: "canonical forms", json: allTypes([
            "intValue": #"{"$numberLong": "-5"}"#, "int8Value": #"{"$numberInt": "-128"}"#,
            "int64Value": #"{"$numberLong": "9223372036854775807"}"#, "floatValue": #"{"$numberDouble": "NaN"}"#,
            "doubleValue": #"{"$numberDouble": "1.5E+300"}"#, "decimalValue": #"{"$numberDecimal": "-1.50E-3"}"#,
            "uuidValue": #"{"$uuid": "\#(uuid)"}"#, "dateValue": #"{"$date": {"$numberLong": "-62135596800000"}}"#,
        ])),
        .init(model: "AllTypes", valid: true, why: "integer literals for decimal128 and float",
              json: allTypes(["decimalValue": "12345678901234567890123", "floatValue": "3"])),
        .init(model: "AllTypes", valid: true, why: "uuid as $binary subtype 04, data with the old generic subtype", json: allTypes([
            "uuidValue": #"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}"#,
            "dataValue": #"{"$binary": {"base64": "", "subType": "02"}}"#,
        ])),
        .init(model: "AllTypes", valid: false, why: "data with a subtype it would lose (09, a vector)",
              json: allTypes(["dataValue": #"{"$binary": {"base64": "AQID", "subType": "09"}}"#])),
        .init(model: "AllTypes", valid: true, why: "null for every optional", json: allTypes([
            "optBool": "null", "optInt": "null", "optInt8": "null", "optFloat": "null", "optDouble": "null",
            "optString": "null", "optData": "null", "optDate": "null", "optDecimal": "null", "optObjectId": "null",
            "optUuid": "null", "mixedValue": "null",
        ])),
        .init(model: "AllTypes", valid: true, why: "collections with optional elements and mixed values", json: allTypes([
            "optIntList": #"[1, null, {"$numberInt": "3"}]"#, "optStringSet": #"["a", null]"#,
            "optDateMap": #"{"k": null, "j": \#(date)}"#, "mixedList": #"[null, 1, "x", \#(oid), [true]]"#,
            "mixedMap": #"{"a": {"b": 1.5}}"#, "intList": "null", "int8Set": "[1, 1]", "objectIdList": "[\(oid)]",
        ])),
        .init(model: "AllTypes", valid: false, why: "out-of-range int8", json: allTypes(["int8Value": "128"])),
        .init(model: "AllTypes", valid: false, why: "out-of-range int8 wrapped", json: allTypes(["int8Value": #"{"$numberLong": "128"}"#])),
        .init(model: "AllTypes", valid: false, why: "out-of-range int16", json: allTypes(["int16Value": "40000"])),
        .init(model: "AllTypes", valid: false, why: "out-of-range int32", json: allTypes(["int32Value": "2147483648"])),
        .init(model: "AllTypes", valid: false, why: "fraction for int", json: allTypes(["intValue": "1.5"])),
        .init(model: "AllTypes", valid: false, why: "string for int", json: allTypes(["intValue": #""1""#])),
        .init(model: "AllTypes", valid: false, why: "number for bool", json: allTypes(["boolValue": "1"])),
        .init(model: "AllTypes", valid: false, why: "string for bool", json: allTypes(["boolValue": #""true""#])),
        .init(model: "AllTypes", valid: false, why: "out of float range", json: allTypes(["floatValue": "1e39"])),
        .init(model: "AllTypes", valid: false, why: "string for float", json: allTypes(["floatValue": #""1.5""#])),
        .init(model: "AllTypes", valid: false, why: "boolean for double", json: allTypes(["doubleValue": "true"])),
        .init(model: "AllTypes", valid: false, why: "number for string", json: allTypes(["stringValue": "5"])),
        .init(model: "AllTypes", valid: false, why: "plain string for data", json: allTypes(["dataValue": #""AQID""#])),
        .init(model: "AllTypes", valid: false, why: "bad base64", json: allTypes(["dataValue": #"{"$binary": {"base64": "AQ", "subType": "00"}}"#])),
        .init(model: "AllTypes", valid: false, why: "plain string for date", json: allTypes(["dateValue": #""2024-01-31T09:30:00Z""#])),
        .init(model: "AllTypes", valid: false, why: "real literal for decimal128", json: allTypes(["decimalValue": "1.5"])),
        .init(model: "AllTypes", valid: false, why: "invalid decimal digits", json: allTypes(["decimalValue": #"{"$numberDecimal": "1.2.3"}"#])),
        .init(model: "AllTypes", valid: false, why: "plain string for decimal128", json: allTypes(["decimalValue": #""1.5""#])),
        .init(model: "AllTypes", valid: false, why: "plain string for objectId", json: allTypes(["objectIdValue": #""65a1b2c3d4e5f60718293a4b""#])),
        .init(model: "AllTypes", valid: false, why: "not a UUID", json: allTypes(["uuidValue": #""not-a-uuid""#])),
        .init(model: "AllTypes", valid: false, why: "uuid as $binary of the wrong subtype",
              json: allTypes(["uuidValue": #"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "00"}}"#])),
        .init(model: "AllTypes", valid: false, why: "string in a list of optional ints", json: allTypes(["optIntList": #"[1, "2"]"#])),
        .init(model: "AllTypes", valid: false, why: "null in a list of required ints", json: allTypes(["intList": "[null]"])),
        .init(model: "AllTypes", valid: false, why: "out of range in a set of int8", json: allTypes(["int8Set": "[300]"])),
        .init(model: "AllTypes", valid: false, why: "a map given as a string", json: allTypes(["mixedMap": #""x""#])),
        .init(model: "AllTypes", valid: false, why: "null primary key", json: allTypes(["id": "null"])),
    ]

    static let links: [JSONSchemaSample] = [
        .init(model: "StringKeyed", valid: true, why: "int and string primary keys as references",
              json: #"{"code": "a", "owner": 5, "neighbours": ["b", {"code": "c"}], "byName": {"x": null, "y": "a"}}"#),
        .init(model: "StringKeyed", valid: false, why: "string reference to an int primary key", json: #"{"code": "a", "owner": "5"}"#),
        .init(model: "Order", valid: true, why: "embedded lists and maps, cross-file links, wrapped int enum", json: #"""
            {"number": 7, "placedAt": \#(date), "total": 10, "priority": {"$numberInt": "3"}, "tags": ["gift", "gift"], \#
            "lines": [{"product": "sku-1", "quantity": {"$numberInt": "2"}, "unitPrice": {"$numberDecimal": "9.99"}}], \#
            "customer": \#(oid), "labels": {"home": null, "work": {"street": "A", "city": "B"}}, "related": [7], \#
            "notes": {"n": {"text": "hi", "author": {"_id": \#(oid), "name": "Ann", "createdAt": \#(date)}}}}
            """#),
        .init(model: "Order", valid: true, why: "realm-export's $ref/$id references (keyless class, primary key, null key)", json: #"""
            {"number": 7, "placedAt": \#(date), "total": 10, "customer": {"$ref": "Person", "$id": \#(oid)}, \#
            "notes": {"n": {"$ref": "Note", "$id": 2}, "m": null}}
            """#),
        .init(model: "Order", valid: false, why: "$id 0 for a keyless class (positions start at 1)",
              json: #"{"number": 7, "placedAt": \#(date), "total": 1, "notes": {"n": {"$ref": "Note", "$id": 0}}}"#),
        .init(model: "Order", valid: false, why: "$ref naming another class",
              json: #"{"number": 7, "placedAt": \#(date), "total": 1, "customer": {"$ref": "Note", "$id": \#(oid)}}"#),
        .init(model: "Order", valid: false, why: "$id of the wrong primary-key type",
              json: #"{"number": 7, "placedAt": \#(date), "total": 1, "customer": {"$ref": "Person", "$id": 5}}"#),
        .init(model: "Order", valid: false, why: "int enum value not listed", json: #"{"number": 7, "placedAt": \#(date), "total": 1, "priority": 4}"#),
        .init(model: "Order", valid: false, why: "wrapped int enum value not listed",
              json: #"{"number": 7, "placedAt": \#(date), "total": 1, "priority": {"$numberLong": "4"}}"#),
        .init(model: "Order", valid: false, why: "string enum element not listed", json: #"{"number": 7, "placedAt": \#(date), "total": 1, "tags": ["gold"]}"#),
        .init(model: "Order", valid: false, why: "embedded object missing a required property",
              json: #"{"number": 7, "placedAt": \#(date), "total": 1, "lines": [{"quantity": 1}]}"#),
        .init(model: "Order", valid: false, why: "missing decimal128", json: #"{"number": 7, "placedAt": \#(date)}"#),
        .init(model: "Order", valid: false, why: "null embedded object in a list", json: #"{"number": 7, "placedAt": \#(date), "total": 1, "stops": [null]}"#),
        .init(model: "Event", valid: true, why: "asymmetric object with a link by key and a mixed payload",
              json: #"{"_id": "\#(uuid)", "at": \#(date), "payload": {"a": [1]}, "order": 7}"#),
        .init(model: "Event", valid: false, why: "invalid nested link", json: #"{"_id": "\#(uuid)", "at": \#(date), "order": {"number": "7"}}"#),
        .init(model: "Reading", valid: true, why: "asymmetric model", json: #"{"_id": \#(oid), "value": {"$numberDouble": "2.5"}}"#),
        .init(model: "Reading", valid: false, why: "string for double", json: #"{"_id": \#(oid), "value": "1.5"}"#),
        .init(model: "Dog", valid: true, why: "linking objects are not imported, an unknown key is ignored",
              json: #"{"_id": "\#(uuid)", "name": "Rex", "owners": [1]}"#),
    ]

    static let enumsAndDefaults: [JSONSchemaSample] = [
        .init(model: "Defaults", valid: true, why: "every property has a default", json: "{}"),
        .init(model: "Defaults", valid: true, why: "enum values, null for an optional enum, a map of optional int enums",
              json: #"{"level": -1, "mode": null, "moods": ["SAD"], "ranks": {"a": 10, "b": null, "c": {"$numberInt": "20"}}}"#),
        .init(model: "Defaults", valid: false, why: "int enum value not listed", json: #"{"level": 3}"#),
        .init(model: "Defaults", valid: false, why: "case name instead of the value", json: #"{"moods": ["sad"]}"#),
        .init(model: "Defaults", valid: false, why: "int enum map value not listed", json: #"{"ranks": {"a": 11}}"#),
        .init(model: "Keywords", valid: true, why: "keyword property names",
              json: #"{"default": "k", "class": 1, "self": true, "Type": 1.5, "in": \#(date), "status": "a", "Status": 1}"#),
        .init(model: "Keywords", valid: true, why: "stored names (mapTo)",
              json: #"{"default": "k", "class": 1, "self_": true, "kind": 1.5, "in": \#(date), "status": "a", "status_code": 1}"#),
        .init(model: "Keywords", valid: false, why: "missing a required keyword property",
              json: #"{"default": "k", "class": 1, "self": true, "Type": 1.5, "status": "a", "Status": 1}"#),
    ]
}
