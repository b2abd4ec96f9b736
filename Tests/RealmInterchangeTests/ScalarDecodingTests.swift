import RealmInterchange
import RealmSchema
import Testing

/// Rows bool, int…int64, float, double, string of docs/json-typing.md: accepted values, Realm-worded rejections.
@Suite struct ScalarDecodingTests {
    @Test func bool() throws {
        #expect(try decode("true", ExtendedJSON.bool).get() == true)
        #expect(try decode("false", ExtendedJSON.bool).get() == false)
        let type = DeclaredType(.bool)
        #expect(failureMessage(try decode("1", ExtendedJSON.bool), type: type)
            == "Invalid value '1' of type 'integer' for 'bool' property 'T.p'.")
        #expect(failureMessage(try decode("1.0", ExtendedJSON.bool), type: type)
            == "Invalid value '1.0' of type 'real' for 'bool' property 'T.p'.")
        let quoted = try decode("\"true\"", ExtendedJSON.bool)
        #expect(failureMessage(quoted, type: type) == "Invalid value 'true' of type 'string' for 'bool' property 'T.p'.")
        if case .failure(let error) = quoted { #expect(error.hint == "write it without quotes: true") }
        #expect(failureMessage(try decode("null", ExtendedJSON.bool), type: DeclaredType(.bool, isOptional: false))
            == "Invalid value 'null' of type 'null' for 'bool' property 'T.p'.")
    }

    @Test func intAcceptedForms() throws {
        #expect(try decode("42", { try ExtendedJSON.int($0) }).get() == 42)
        #expect(try decode("-9223372036854775808", { try ExtendedJSON.int($0) }).get() == .min)
        #expect(try decode(#"{"$numberInt": "-7"}"#, { try ExtendedJSON.int($0) }).get() == -7)
        #expect(try decode(#"{"$numberLong": "9223372036854775807"}"#, { try ExtendedJSON.int($0) }).get() == .max)
    }

    @Test func intRejections() throws {
        let int = DeclaredType(.int(.int))
        #expect(failureMessage(try decode("1.1", { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '1.1' of type 'real' for 'int' property 'T.p'.")
        #expect(failureMessage(try decode("1e-3", { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '0.001' of type 'real' for 'int' property 'T.p'.")
        let whole = try decode("2.0", { try ExtendedJSON.int($0) })
        #expect(failureMessage(whole, type: int) == "Invalid value '2.0' of type 'real' for 'int' property 'T.p'.")
        if case .failure(let error) = whole { #expect(error.hint == "write it as an integer: 2") }
        #expect(failureMessage(try decode("1e3", { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '1000.0' of type 'real' for 'int' property 'T.p'.")
        #expect(failureMessage(try decode("1e300", { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '1e+300' of type 'real' for 'int' property 'T.p': a real this large may have lost digits; write it as an integer literal.")
        let text = try decode("\"12\"", { try ExtendedJSON.int($0) })
        #expect(failureMessage(text, type: int) == "Invalid value '12' of type 'string' for 'int' property 'T.p'.")
        if case .failure(let error) = text { #expect(error.hint == "write it as a number: 12") }
        #expect(failureMessage(try decode("true", { try ExtendedJSON.int($0) }), type: DeclaredType(.int(.int), isOptional: true))
            == "Invalid value 'true' of type 'bool' for 'int?' property 'T.p'.")
        #expect(failureMessage(try decode(#"{"$numberDouble": "1"}"#, { try ExtendedJSON.int($0) }), type: int)
            == #"Invalid value '{"$numberDouble":"1"}' of type 'double' for 'int' property 'T.p'."#)
    }

    @Test(arguments: [
        (IntWidth.int8, "127", true), (.int8, "128", false), (.int8, "-128", true), (.int8, "-129", false),
        (.int16, "32767", true), (.int16, "32768", false), (.int16, "-32768", true), (.int16, "-32769", false),
        (.int32, "2147483647", true), (.int32, "2147483648", false), (.int32, "-2147483648", true),
        (.int32, "-2147483649", false), (.int64, "9223372036854775807", true),
    ])
    func widthLimits(width: IntWidth, literal: String, accepted: Bool) throws {
        let result = try decode(literal, { try ExtendedJSON.int($0, width: width) })
        if accepted {
            #expect(try result.get() == Int64(literal))
        } else {
            let range = "\(width.range.lowerBound) to \(width.range.upperBound)"
            #expect(failureMessage(result, type: DeclaredType(.int(width)))
                == "Invalid value '\(literal)' of type 'integer' for '\(width.rawValue)' property 'T.p': out of range for '\(width.rawValue)' (\(range)).")
        }
    }

    @Test func wrappedIntegerErrors() throws {
        let int = DeclaredType(.int(.int))
        let long = try decode(#"{"$numberLong": "9223372036854775808"}"#, { try ExtendedJSON.int($0) })
        #expect(failureMessage(long, type: int)
            == "Invalid value '9223372036854775808' of type 'string' for 'int' property 'T.p': out of the range of a 64-bit integer.")
        if case .failure(let error) = long { #expect(error.path.description == "/$numberLong") }
        #expect(failureMessage(try decode(#"{"$numberInt": "2147483648"}"#, { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '2147483648' of type 'string' for 'int' property 'T.p': $numberInt holds a 32-bit integer; use $numberLong.")
        #expect(failureMessage(try decode(#"{"$numberInt": "1.5"}"#, { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '1.5' of type 'string' for 'int' property 'T.p': not an integer.")
        #expect(failureMessage(try decode(#"{"$numberInt": 5}"#, { try ExtendedJSON.int($0) }), type: int)
            == "Invalid value '5' of type 'integer' for 'int' property 'T.p': not an integer.")
        #expect(failureMessage(try decode(#"{"$numberInt": "5", "x": 1}"#, { try ExtendedJSON.int($0) }), type: int)
            == #"Invalid value '{"$numberInt":"5","x":1}' of type 'int' for 'int' property 'T.p': an Extended JSON $numberInt wrapper has exactly one key."#)
        #expect(failureMessage(try decode(#"{"$numberInt": "300"}"#, { try ExtendedJSON.int($0, width: .int8) }), type: DeclaredType(.int(.int8)))
            == #"Invalid value '{"$numberInt":"300"}' of type 'int' for 'int8' property 'T.p': out of range for 'int8' (-128 to 127)."#)
    }

    @Test func float() throws {
        #expect(try decode("1", ExtendedJSON.float).get() == 1)
        #expect(try decode("11.1", ExtendedJSON.float).get() == Float(11.1))
        #expect(try decode(#"{"$numberDouble": "Infinity"}"#, ExtendedJSON.float).get() == .infinity)
        #expect(try decode(#"{"$numberDouble": "-Infinity"}"#, ExtendedJSON.float).get() == -.infinity)
        #expect(try decode(#"{"$numberDouble": "NaN"}"#, ExtendedJSON.float).get().isNaN)
        let negativeZero = try decode("-0.0", ExtendedJSON.float).get()
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try decode("3.4028234663852886e38", ExtendedJSON.float).get() == .greatestFiniteMagnitude)
        let type = DeclaredType(.float)
        #expect(failureMessage(try decode("1.7976931348623157e308", ExtendedJSON.float), type: type)
            == "Invalid value '1.7976931348623157e+308' of type 'real' for 'float' property 'T.p': out of the range of float.")
        #expect(failureMessage(try decode("3.5e38", ExtendedJSON.float), type: type)?.hasSuffix("out of the range of float.") == true)
        #expect(failureMessage(try decode("true", ExtendedJSON.float), type: type)
            == "Invalid value 'true' of type 'bool' for 'float' property 'T.p'.")
        #expect(failureMessage(try decode("\"1.5\"", ExtendedJSON.float), type: type)
            == "Invalid value '1.5' of type 'string' for 'float' property 'T.p'.")
    }

    @Test func double() throws {
        #expect(try decode("1", ExtendedJSON.double).get() == 1)
        #expect(try decode("-2.5e-3", ExtendedJSON.double).get() == -0.0025)
        #expect(try decode(#"{"$numberDouble": "1.7976931348623157E+308"}"#, ExtendedJSON.double).get() == .greatestFiniteMagnitude)
        #expect(try decode(#"{"$numberDouble": "-0.0"}"#, ExtendedJSON.double).get().sign == .minus)
        #expect(try decode(#"{"$numberDouble": "NaN"}"#, ExtendedJSON.double).get().isNaN)
        #expect(try decode(#"{"$numberLong": "9007199254740993"}"#, ExtendedJSON.double).get() == 9007199254740992)
        let type = DeclaredType(.double)
        #expect(failureMessage(try decode("false", ExtendedJSON.double), type: type)
            == "Invalid value 'false' of type 'bool' for 'double' property 'T.p'.")
        #expect(failureMessage(try decode(#"{"$numberDouble": "1e400"}"#, ExtendedJSON.double), type: type)
            == "Invalid value '1e400' of type 'string' for 'double' property 'T.p': out of the range of double.")
        #expect(failureMessage(try decode(#"{"$numberDouble": "inf"}"#, ExtendedJSON.double), type: type)
            == "Invalid value 'inf' of type 'string' for 'double' property 'T.p': not a number (a decimal number, \"Infinity\", \"-Infinity\" or \"NaN\").")
        #expect(failureMessage(try decode(#"{"$numberDecimal": "1"}"#, ExtendedJSON.double), type: type)
            == #"Invalid value '{"$numberDecimal":"1"}' of type 'decimal128' for 'double' property 'T.p'."#)
    }

    @Test func string() throws {
        #expect(try decode("\"Zoë\"", ExtendedJSON.string).get() == "Zoë")
        #expect(try decode("\"a\\u0000b\"", ExtendedJSON.string).get() == "a\u{0}b")
        let type = DeclaredType(.string, collection: .list)
        #expect(failureMessage(try decode("5", ExtendedJSON.string), type: type)
            == "Invalid value '5' of type 'integer' for 'string' array property 'T.p'.")
        #expect(failureMessage(try decode("true", ExtendedJSON.string), type: DeclaredType(.string, collection: .map))
            == "Invalid value 'true' of type 'bool' for 'string' dictionary property 'T.p'.")
        #expect(failureMessage(try decode("{}", ExtendedJSON.string), type: DeclaredType(.string, collection: .set, isOptional: true))
            == "Invalid value '{}' of type 'object' for 'string?' set property 'T.p'.")
    }
}
