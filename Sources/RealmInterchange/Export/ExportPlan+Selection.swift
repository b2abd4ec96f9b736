import RealmEngine
import RealmQuery
import RealmSchema

/// Which objects of a class `Exporter` writes: a Realm Query Language filter (or MongoDB's
/// query document, `MongoFilter`), sort key paths and a limit (`realm-export --query`, `--sort`,
/// `--limit`).
///
/// For example:
///
///     ExportSelection(query: "age > 3", sort: ["-age", "name"], limit: 10).sortKeys(primaryKey: "_id")
///     // [("age", false), ("name", true)]
public struct ExportSelection: Sendable, Hashable {
    /// The predicate (RQL, may end in its own SORT/DISTINCT/LIMIT; or a JSON filter, starting
    /// with `{`); nil selects every object.
    public var query: String?
    /// Key paths to sort by, first is primary; a leading `-` sorts descending.
    public var sort: [String]
    /// At most this many objects.
    public var limit: Int?
    /// Leave out this many objects first (after the filter and the sort), as mongoexport's `--skip`.
    public var skip: Int

    public init(query: String? = nil, sort: [String] = [], limit: Int? = nil, skip: Int = 0) {
        self.query = query
        self.sort = sort
        self.limit = limit
        self.skip = skip
    }

    /// Whether the selection keeps every object in the default order.
    public var isEverything: Bool { query == nil && sort.isEmpty && limit == nil && skip == 0 }

    /// The sort keys as key paths and directions: `-age` is `age` descending. Without any
    /// (and without a SORT in the query) the primary key, so the order stays the export's.
    public func sortKeys(primaryKey: String?) -> [(keyPath: String, ascending: Bool)] {
        let keys = sort.map { $0.hasPrefix("-") ? (String($0.dropFirst()), false) : ($0, true) }
        let rql = query.flatMap { MongoFilter.isFilter($0) ? nil : $0 } ?? ""
        if keys.isEmpty, let primaryKey, !rql.uppercased().contains("SORT") { return [(primaryKey, true)] }
        return keys
    }

    /// The query parsed: Realm Query Language, or a JSON filter (`{"age": {"$gt": 3}}`) translated
    /// to the same tree, with the filter to locate its errors; TRUEPREDICATE without a query.
    ///
    /// - Throws: `QueryError` for Realm Query Language, a located `Diagnostic` for a JSON filter.
    public func parsedQuery() throws -> (ParsedQuery, MongoFilter?) {
        guard let query else { return (ParsedQuery(predicate: .constant(true)), nil) }
        guard MongoFilter.isFilter(query) else { return (try QueryParser.parse(query), nil) }
        let filter = try MongoFilter(query)
        return (filter.query, filter)
    }
}

extension ExportPlan {
    /// Calls `body` with each object of `model` to export, in order, and its `$id` position
    /// for classes without a primary key (1, 2, 3, … for a whole class; the insertion ordinal
    /// for a selection, so links from other classes still resolve), unless `numbered` is false
    /// (no `$id`s: CSV and TSV).
    /// A whole class comes with its values read (`Store.forEachObjectWithValues`); a selection
    /// without (`body` reads them).
    func forEachObjectToExport(_ model: ModelSchema, numbered: Bool = true,
                               _ body: (ObjectKey, [StoreValue]?, Int64?) throws -> Void) throws {
        let hasPrimaryKey = model.primaryKey != nil || !numbered
        guard let selection = options.selection, !selection.isEverything else {
            var position: Int64 = 0
            try store.forEachObjectWithValues(model.name, order: .primaryKey) { object, values in
                position += 1
                try body(object, values, hasPrimaryKey ? nil : position)
            }
            return
        }
        let ordinals = hasPrimaryKey ? nil : try insertionOrdinals(model.name)
        try forEachSelected(model, selection) { object in
            try body(object, nil, try ordinals?.ordinal(of: object.key))
        }
    }

    /// The skip/limit loop: each object of `model` that `selection` selects, in its order, past
    /// the first `selection.skip`.
    private func forEachSelected(_ model: ModelSchema, _ selection: ExportSelection, _ body: (ObjectKey) throws -> Void) throws {
        var skipped = 0
        let (query, filter) = try selection.parsedQuery()
        do {
            try store.forEachMatch(model.name, query, sortedBy: selection.sortKeys(primaryKey: model.primaryKey),
                                   limit: selection.limit.map { $0 + selection.skip }) { object in
                guard skipped >= selection.skip else {
                    skipped += 1
                    return
                }
                try body(object)
            }
        } catch let error as QueryError {
            guard let filter else { throw error }
            throw filter.located(error)
        }
    }

    /// A selection applies to one class: `--class` must name it unless the store has one.
    func checkSelection(_ models: [ModelSchema]) throws(ExportError) {
        guard let selection = options.selection, !selection.isEverything, models.count != 1 else { return }
        throw ExportError(ExportMessages.selectionNeedsOneClass(models.map(\.name)))
    }
}

extension ExportMessages {
    static func selectionNeedsOneClass(_ names: [String]) -> String {
        "--query, --sort, --skip and --limit select objects of one class; name it with --class (one of \(names.joined(separator: ", ")))"
    }
}
