import RealmEngine

/// `--drop` (mongoimport's `--drop`), inside the import's transaction, so a failed or dry run
/// leaves everything as it was.
///
/// With `--class` that class is emptied when the run starts. Without it (a multi-class input)
/// every class the input names is emptied, and so is every class it creates objects of
/// (nested ones included): each just before the first of its objects is written, or at the end
/// of the input when it has none (`{"Pet": []}`). Emptying a class never removes an object of
/// this run, then. A reference to an object of a class not yet emptied is not looked up at
/// once (it would find the object about to be removed): it waits, like a forward reference,
/// until the last document, when it finds the new object, or the stored one for a class the
/// input does not name. Embedded objects go with their owners (Realm's cascade).
///
/// For example:
///
///     var options = ImportOptions()
///     options.drop = true
///     let importer = try Importer(store: store, options: options)
///     try importer.importInput(DocumentSource(path: "dump.json", options: importer.sourceOptions))
///     try importer.finish().deleted   // the objects the emptied classes held
extension Importer {
    /// Whether classes are emptied as the input reaches them (`--drop` without `--class`).
    var dropsClassesOfInput: Bool { options.drop && options.className == nil }

    /// Deletes every object of `className` (counted in the summary).
    func drop(_ className: String) throws {
        totals.deleted += try store.count(className)
        if let plan = plans[className] { repeats.forget(plan, key: nil) }
        try store.deleteAll(className)
    }

    /// Empties the class of `plan` before the run writes its first object of it (multi-class
    /// `--drop`; embedded classes are emptied with their owners).
    func dropBeforeWriting(_ plan: ImportClassPlan) throws {
        guard dropsClassesOfInput, !plan.isEmbedded, droppedClasses.insert(plan.name).inserted else { return }
        try drop(plan.name)
    }

    /// Whether a reference to an object of `className` waits until the last document: its
    /// class may still be emptied.
    func defersReference(to className: String) -> Bool {
        dropsClassesOfInput && !droppedClasses.contains(className)
    }

    /// After an input: empties the classes it named without giving an object of them.
    func dropClassesNamed(by source: DocumentSource) throws {
        guard dropsClassesOfInput else { return }
        for name in source.seenClasses.sorted() {
            if let plan = plans[name] { try dropBeforeWriting(plan) }
        }
    }
}
