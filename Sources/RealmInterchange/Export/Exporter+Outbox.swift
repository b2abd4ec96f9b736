import RealmEngine
import RealmSchema

/// The outbox of asymmetric classes (docs/store-file.md, section 9).
extension Exporter {
    /// Writes the objects waiting in an asymmetric class's outbox, oldest first, one a line,
    /// and returns how many it wrote. With `drain`, it removes exactly those objects in the same
    /// write transaction, committed only after the output has been flushed: a failed write
    /// leaves the outbox as it was.
    ///
    /// The class is `options.classes[0]`, or the store's only asymmetric class. Use canonical
    /// mode and the NDJSON shape for `mongoimport`.
    ///
    /// For example:
    ///
    ///     let options = ExportOptions(classes: ["Reading"], shape: .ndjson, mode: .canonical)
    ///     let written = try Exporter(store: store, options: options, output: output).exportOutbox(drain: true)
    @discardableResult
    public func exportOutbox(drain: Bool) throws -> Int {
        let model = try outboxModel()
        let store = plan.store, writer = documents.writer
        plan.exported = Set(store.schema.models.filter { $0.kind == .object }.map(\.name))
        defer { plan.ordinals = [:] }
        let body = { [self] () throws -> Int in
            var count = 0
            var last: Int64?
            try store.forEachOutboxObject(model.name) { object in
                try documents.writeObject(object, model: model, position: nil)
                try writer.output.write(UInt8(ascii: "\n"))
                count += 1
                last = object.key
            }
            try writer.output.flush()
            if drain, let last {
                try store.drainOutbox(model.name, through: last)
            }
            return count
        }
        return drain ? try store.write(body) : try store.readTransaction(body)
    }

    /// The asymmetric class whose outbox to export.
    private func outboxModel() throws(ExportError) -> ModelSchema {
        let store = plan.store, options = plan.options
        let asymmetric = store.schema.models.filter { $0.kind == .asymmetric }
        guard let name = options.classes.first else {
            guard let only = asymmetric.first else { throw ExportError(ExportMessages.noAsymmetricClass()) }
            guard asymmetric.count == 1 else { throw ExportError(ExportMessages.outboxNeedsClass(asymmetric.map(\.name))) }
            return only
        }
        guard options.classes.count == 1 else {
            throw ExportError(ExportMessages.outboxOneClass(options.classes))
        }
        guard let model = store.schema.model(named: name) else {
            throw ExportError(ExportMessages.unknownClass(name, known: asymmetric.map(\.name)))
        }
        guard model.kind == .asymmetric else { throw ExportError(ExportMessages.notAsymmetric(name)) }
        return model
    }
}
