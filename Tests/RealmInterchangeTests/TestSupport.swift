import Foundation
import RealmInterchange
import RealmSchema
import Testing

/// What a test needs to know about one yielded document.
struct ReadDocument: Equatable {
    var className: String?
    var index: Int
    var line: Int
    var column: Int
    var path: String
    var json: String
}

/// Everything a source yielded, errors included (reading goes on after recoverable ones).
struct ReadResult {
    var documents: [ReadDocument] = []
    var errors: [SourceError] = []
    var shape: JSONInputShape?

    var messages: [String] { errors.map(\.diagnostic.message) }
    var locations: [String] { errors.compactMap { $0.diagnostic.location.map { "\($0.line):\($0.column)" } } }
}

enum Fixtures {
    /// A source over `text`.
    static func source(_ text: String, bufferSize: Int = 1 << 20, classNames: Set<String>? = nil) -> DocumentSource {
        DocumentSource(bytes: Array(text.utf8), name: "input.json",
                           options: SourceOptions(classNames: classNames, bufferSize: bufferSize))
    }

    /// Reads every document, collecting errors, until the source is finished.
    static func readAll(_ source: DocumentSource, limit: Int = 1_000_000) -> ReadResult {
        var result = ReadResult()
        for _ in 0..<limit {
            do {
                guard let document = try source.next() else { break }
                let json = document.withRoot { $0.jsonText }
                result.documents.append(ReadDocument(className: document.className, index: document.index,
                                                     line: document.location.line, column: document.location.column,
                                                     path: document.path.description, json: json))
            } catch {
                result.errors.append(error)
                if !error.isRecoverable { break }
            }
        }
        result.shape = source.shape
        return result
    }

    static func readAll(_ text: String, bufferSize: Int = 1 << 20, classNames: Set<String>? = nil) -> ReadResult {
        readAll(source(text, bufferSize: bufferSize, classNames: classNames))
    }
}

/// Decodes `json` and runs a decoder on it; the decoder's error comes back as a failure.
func decode<T>(_ json: String, _ decoder: (JSONValue) throws -> T) throws -> Result<T, ExtendedJSONError> {
    let document = try JSONDocument.parse(json)
    return try document.withRoot { value throws -> Result<T, ExtendedJSONError> in
        do {
            return .success(try decoder(value))
        } catch let error as ExtendedJSONError {
            return .failure(error)
        }
    }
}

/// The Realm-style message for a failed decode, for property `T.p` of `type`.
func failureMessage<T>(_ result: Result<T, ExtendedJSONError>, type: DeclaredType) -> String? {
    guard case .failure(let error) = result else { return nil }
    return error.message(forType: type, property: "T.p")
}
