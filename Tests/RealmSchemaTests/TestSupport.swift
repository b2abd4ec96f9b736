import RealmSchema
import TestSupport
import Testing

/// An expected diagnostic: its message and 1-based position.
struct ExpectedError: CustomStringConvertible, Sendable {
    var message: String
    var line: Int
    var column: Int

    init(_ message: String, _ line: Int, _ column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    var description: String { "\(line):\(column): \(message)" }
}

/// The errors of a compilation as `line:column: message`, in order.
func errorLines(_ compilation: SchemaCompilation) -> [String] {
    compilation.diagnostics.errors.map { diagnostic in
        let location = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
        return location + diagnostic.message
    }
}

/// A schema the tests expect to compile without any diagnostic.
func compileValid(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CompiledSchema? {
    let result = compile(yaml)
    #expect(result.diagnostics.all.isEmpty, "unexpected: \(result.diagnostics.all)", sourceLocation: sourceLocation)
    #expect(result.schema != nil, sourceLocation: sourceLocation)
    return result.schema
}
