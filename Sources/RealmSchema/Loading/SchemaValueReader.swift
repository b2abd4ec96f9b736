import RealmFormats

/// Reads a YAML scalar as a value of a property's element type, for `default` and `enum`.
///
/// `null` is the caller's business (it depends on optionality); here it is a mismatch for
/// every type except `mixed`.
enum SchemaValueReader {
    /// What was expected when a value did not fit, phrased to follow "expected".
    struct Mismatch: Error, Equatable {
        var expected: String
    }

    static func read(_ node: YAMLNode, as base: BaseType) -> Result<SchemaValue, Mismatch> {
        guard let scalar = node.scalar, let value = value(of: scalar, as: base) else {
            return .failure(Mismatch(expected: expectation(for: base, node: node)))
        }
        return .success(value)
    }

    private static func value(of scalar: YAMLScalar, as base: BaseType) -> SchemaValue? {
        let resolved = scalar.resolved
        let written = text(resolved, scalar)
        switch base {
        case .bool:
            if case .bool(let flag) = resolved { return .bool(flag) }
            return nil
        case .int(let width): return integer(resolved, width: width)
        case .float: return number(resolved).flatMap { fitsFloat($0) ? .double($0) : nil }
        case .double: return number(resolved).map { .double($0) }
        case .string:
            if case .string(let text) = resolved { return .string(text) }
            return nil
        case .data: return written.flatMap { Base64.decode($0, ignoringWhitespace: true) }.map { .data($0) }
        case .date:
            return written.flatMap(ISO8601Timestamp.init).map { .date(seconds: $0.seconds, nanoseconds: $0.nanoseconds) }
        case .decimal128:
            let trimmed = written?.trimmingASCIIWhitespace()
            return trimmed.flatMap { ValueFormats.isDecimal128($0) ? .decimal128($0) : nil }
        case .objectId: return written.flatMap(ValueFormats.objectId).map { .objectId($0) }
        case .uuid: return written.flatMap(ValueFormats.uuid).map { .uuid($0) }
        case .mixed: return mixed(resolved)
        case .object, .linkingObjects: return nil
        }
    }

    /// Finite values up to `Float.greatestFiniteMagnitude`, and the infinities and NaN.
    private static func fitsFloat(_ value: Double) -> Bool {
        !value.isFinite || abs(value) <= Double(Float.greatestFiniteMagnitude)
    }

    /// How a value of this type is written, for messages.
    static func expectation(for base: BaseType, node: YAMLNode) -> String {
        SchemaMessages.expectedValue(of: base, written: node.scalar?.text)
    }

    private static func integer(_ value: YAMLValue, width: IntWidth) -> SchemaValue? {
        guard case .int(let integer) = value, width.range.contains(integer) else { return nil }
        return .int(integer)
    }

    private static func number(_ value: YAMLValue) -> Double? {
        switch value {
        case .int(let integer): Double(integer)
        case .bigInt(let text): Double(text)
        case .double(let double): double
        default: nil
        }
    }

    /// The written text of a value given as text (quoted, or plain and not null or boolean).
    private static func text(_ value: YAMLValue, _ scalar: YAMLScalar) -> String? {
        switch value {
        case .null, .bool: nil
        default: scalar.text
        }
    }

    private static func mixed(_ value: YAMLValue) -> SchemaValue? {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let integer): .int(integer)
        case .bigInt: nil
        case .double(let double): .double(double)
        case .string(let text): .string(text)
        }
    }
}
