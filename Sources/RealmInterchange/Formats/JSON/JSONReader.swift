/// Reads Extended JSON input (docs/json-typing.md): an array of documents, NDJSON or a
/// multi-class object, detected from the first bytes (`JSONInputShape`); jansson decodes each
/// document (`DocumentSource+JSONStructure.swift` reads the punctuation around them).
final class JSONReader: DocumentReader {
    var format: InputFormat { .json }

    func start(_ source: DocumentSource) throws(SourceError) {
        try source.detectShape()
    }

    func next(in source: DocumentSource) throws(SourceError) -> JSONDocument? {
        try source.nextJSONDocument()
    }

    func pathNote(_ path: JSONPath) -> String {
        JSONMessages.pathNote(path)
    }

    func classNeeded(input: String, classes: [String]) -> String {
        JSONMessages.classNeeded(input, classes: classes)
    }
}
