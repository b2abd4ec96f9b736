import Foundation
import RealmEngine
import RealmFormats
import RealmSchema

/// A minimal, schema-driven reader of canonical Extended JSON for the benchmark (the real
/// importer is realm-import): converts a parsed JSON object to `InputValue` fields.
struct EJSONInput {
    let schema: CompiledSchema

    func fields(_ object: [String: Any], _ model: ModelSchema) -> [String: InputValue] {
        var result: [String: InputValue] = [:]
        for property in model.persistedProperties {
            guard let json = object[property.name] else { continue }
            result[property.name] = value(json, property.type)
        }
        return result
    }

    private func value(_ json: Any, _ type: DeclaredType) -> InputValue {
        if json is NSNull { return nil }
        switch type.collection {
        case .list, .set:
            return .collection((json as? [Any] ?? []).map { value($0, DeclaredType(type.base, isOptional: type.isOptional)) })
        case .map:
            let entries = json as? [String: Any] ?? [:]
            var result: [String: InputValue] = [:]
            for (key, element) in entries {
                result[Self.encodeKey(key)] = value(element, DeclaredType(type.base, isOptional: type.isOptional))
            }
            return .map(result)
        case .single:
            return scalar(json, type.base)
        }
    }

    private func scalar(_ json: Any, _ base: BaseType) -> InputValue {
        let wrapped = json as? [String: Any]
        switch base {
        case .bool: return .value(.bool(json as? Bool ?? false))
        case .int: return .value(.int(Int64(wrapped?["$numberInt"] as? String ?? wrapped?["$numberLong"] as? String ?? "")
            ?? (json as? NSNumber)?.int64Value ?? 0))
        case .double: return .value(.double(number(json)))
        case .float: return .value(.float(Float(number(json))))
        case .string: return .value(.string(json as? String ?? ""))
        case .decimal128: return .value(.decimal128((try? Decimal128(string: wrapped?["$numberDecimal"] as? String ?? "")) ?? Decimal128()))
        case .objectId: return .value(.objectId((try? ObjectId(string: wrapped?["$oid"] as? String ?? "")) ?? ObjectId()))
        case .date:
            let date = wrapped?["$date"] as? [String: Any]
            let milliseconds = Int64(date?["$numberLong"] as? String ?? "") ?? 0
            return .value(.date(Timestamp(seconds: milliseconds / 1000, nanoseconds: Int32(milliseconds % 1000) * 1_000_000)))
        case .data, .uuid:
            let binary = wrapped?["$binary"] as? [String: Any]
            let bytes = Data(Base64.decode(binary?["base64"] as? String ?? "") ?? [])
            if base == .data { return .value(.data(bytes)) }
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes.prefix(16)) }
            return .value(.uuid(UUID(uuid: uuid)))
        case .object(let target):
            guard let model = schema.model(named: target), let wrapped else { return nil }
            return .object(fields(wrapped, model))
        case .mixed, .linkingObjects:
            return nil
        }
    }

    private func number(_ json: Any) -> Double {
        if let wrapped = json as? [String: Any], let text = wrapped["$numberDouble"] as? String { return Double(text) ?? .nan }
        return (json as? NSNumber)?.doubleValue ?? 0
    }

    /// The map-key encoding of docs/map-keys.md: `%` → `%25`, `.` → `%2E`, `$` → `%24`.
    static func encodeKey(_ key: String) -> String {
        guard key.contains(where: { $0 == "%" || $0 == "." || $0 == "$" }) else { return key }
        return key.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ".", with: "%2E")
            .replacingOccurrences(of: "$", with: "%24")
    }
}
