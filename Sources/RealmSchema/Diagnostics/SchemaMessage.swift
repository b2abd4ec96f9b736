/// The text of one diagnostic and its notes, as made by a `SchemaMessages` factory.
struct SchemaMessage: Hashable, Sendable {
    var text: String
    var notes: [String]

    init(_ text: String, notes: [String] = []) {
        self.text = text
        self.notes = notes
    }

    /// This message with one more note (nothing when `note` is nil).
    func adding(_ note: String?) -> SchemaMessage {
        guard let note else { return self }
        return SchemaMessage(text, notes: notes + [note])
    }
}

extension Diagnostics {
    /// Emits an error built by a `SchemaMessages` factory.
    mutating func error(_ message: SchemaMessage, at location: SourceLocation?) {
        error(message.text, at: location, notes: message.notes)
    }
}
