import RealmSchema

/// One problem found while converting a document, rendered into a located diagnostic once the
/// document is done (or, for references, once the input is).
struct ImportIssue {
    enum Problem {
        /// A value the Extended JSON decoders rejected for `property` of `className`.
        case value(ExtendedJSONError, PropertySchema, className: String)
        /// Any other message, with an optional hint.
        case message(String, hint: String?)
    }

    var severity: Diagnostic.Severity
    var problem: Problem
    /// Where, relative to the document.
    var path: JSONPath
    var target: JSONLocator.Target
    /// Where in the input, when known more exactly than by `path` (a byte offset; a piece of a
    /// large value that does not decode).
    var offset: Int?

    static func error(_ message: String, hint: String? = nil, at path: JSONPath,
                      target: JSONLocator.Target = .value, offset: Int? = nil) -> ImportIssue {
        ImportIssue(severity: .error, problem: .message(message, hint: hint), path: path, target: target, offset: offset)
    }

    static func value(_ error: ExtendedJSONError, _ property: ImportProperty, className: String,
                      at path: JSONPath) -> ImportIssue {
        ImportIssue(severity: .error, problem: .value(error, property.schema, className: className), path: path,
                    target: .value)
    }

    /// The diagnostic, located in `origin`'s input, with the hint and the JSON path as notes.
    func diagnostic(in origin: DocumentOrigin) -> Diagnostic {
        var fullPath = path
        var target = self.target
        var notes: [String] = []
        let message: String
        switch problem {
        case let .value(error, property, className):
            if let reader = origin.source.reader,
               let reworded = reader.valueProblem(error, property: property, className: className, at: path, in: origin) {
                let place = reader.placeNote(of: reworded.path, in: origin)
                notes = [place, reworded.hint, origin.source.pathNote(origin.path + reworded.path)].compactMap { $0 }
                return Diagnostic(severity, reworded.message, notes: notes)
            }
            fullPath = path + error.path
            if case .invalidKey = error.problem { target = .key }
            message = error.message(for: property, in: className)
            if let hint = error.hint { notes.append(hint) }
        case let .message(text, hint):
            message = text
            if let hint { notes.append(hint) }
        }
        notes.append(origin.source.pathNote(origin.path + fullPath))
        if let reader = origin.source.reader, let place = reader.placeNote(of: fullPath, in: origin) {
            // A hint on how to write the value itself in Extended JSON helps only where values are
            // written so; a hint about a part of a value (a `$binary` subtype) is kept.
            if !reader.writesExtendedJSON, case .value(let error, _, _) = problem, error.hint != nil, error.path.isEmpty {
                notes.removeFirst()
            }
            return Diagnostic(severity, message, notes: [place] + notes)
        }
        let location = offset.map(origin.location(atOffset:)) ?? origin.location(of: fullPath, target: target)
        return Diagnostic(severity, message, at: location, notes: notes)
    }
}
