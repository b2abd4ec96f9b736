import RealmEngine

/// Lists, sets and maps of scalars that a large document left out of its tree
/// (`SourceOptions.streamedKeys`): their elements are read, converted and stored a piece
/// at a time while the store creates the object, so one huge collection never exists whole as
/// a jansson tree or as converted values. Problems are recorded as for any value; once the
/// last piece is read, any of them (or a piece that does not decode) makes the store undo the
/// whole object (`StreamedInputFailed`).
extension Importer {
    /// Thrown out of a streamed collection to undo the object it belongs to: its problems are
    /// recorded already.
    struct StreamedInputFailed: Error {}

    /// The property keys whose large values a source may leave out, by class: lists, sets
    /// and maps of scalars, by stored name and alias.
    static func streamedKeys(_ plans: [String: ImportClassPlan]) -> [String: Set<String>] {
        plans.compactMapValues { plan in
            guard !plan.isEmbedded else { return nil }
            let keys = plan.properties.filter(\.isStreamable).flatMap { [$0.key] + ($0.alias.map { [$0] } ?? []) }
            return keys.isEmpty ? nil : Set(keys)
        }
    }

    /// The pieces of the value at `range` of the current document, for `property` (under
    /// `key`, as the document names it) of an object of `plan`.
    func streamedCollection(_ range: Range<Int>, _ property: ImportProperty, in plan: ImportClassPlan,
                            key: String, of document: JSONDocument, source: DocumentSource) -> CollectionPieces {
        let fetch: (Range<Int>) -> [UInt8]? = if let text = document.text {
            { [start = document.start.offset] in Array(text[($0.lowerBound - start)..<($0.upperBound - start)]) }
        } else {
            { [unowned source] in source.bytes(in: $0) }
        }
        var reader = DeferredValueReader(range: range, isObject: property.collection == .map, fetch: fetch)
        let base = path + [.key(key)]
        var errorsBefore: Int?
        return CollectionPieces { [unowned self] in
            if errorsBefore == nil { errorsBefore = errorIssueCount }
            // Past `--max-errors` the run stops: the rest of the value is not read.
            if totals.errors + errorIssueCount >= options.maxErrors { throw StreamedInputFailed() }
            let piece: JSONDocument?
            do throws(DeferredValueReader.Failure) {
                piece = try reader.next()
            } catch {
                record(.error(error.message, at: JSONPath(base), offset: error.offset))
                throw StreamedInputFailed()
            }
            guard let piece else {
                if errorIssueCount != errorsBefore { throw StreamedInputFailed() }
                return nil
            }
            let saved = path
            path = base
            defer { path = saved }
            return piece.withRoot { convertPiece($0, first: piece.index, property, in: plan) }
        }
    }

    /// The input offset of the second `key` among the keys of the object at `range` of the
    /// current document (the duplicate a store found taken); nil when the bytes are gone.
    func secondOccurrence(of key: String, inObjectAt range: Range<Int>) -> Int? {
        guard let current = document else { return nil }
        let start = current.document.start.offset
        guard let bytes = current.document.text.map({ Array($0[(range.lowerBound - start)..<(range.upperBound - start)]) })
            ?? current.source.bytes(in: range) else { return nil }
        let wanted = Array(key.utf8)
        return bytes.withUnsafeBytes { raw -> Int? in
            var scanner = JSONTextScanner(raw)
            scanner.index = 1
            var seen = 0
            while true {
                scanner.skipWhitespace()
                let keyStart = scanner.index
                guard scanner.current == UInt8(ascii: "\""), let found = scanner.readString() else { return nil }
                if found == wanted {
                    seen += 1
                    if seen == 2 { return range.lowerBound + keyStart }
                }
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: ":") else { return nil }
                scanner.index += 1
                scanner.skipWhitespace()
                guard scanner.skipValue() else { return nil }
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: ",") else { return nil }
                scanner.index += 1
            }
        }
    }

    /// The elements (or entries) of one piece; those with a problem (recorded) are left out.
    private func convertPiece(_ piece: JSONValue, first: Int, _ property: ImportProperty, in plan: ImportClassPlan) -> InputValue {
        if property.collection == .map {
            var entries: [String: InputValue] = [:]
            entries.reserveCapacity(piece.count)
            for (key, element) in piece.fields {
                let original = key.string
                path.append(.key(original))
                defer { path.removeLast() }
                guard let stored = storedKey(original, key, property, in: plan),
                      let converted = convertScalar(element, property, in: plan, allowsNull: property.isOptional) else { continue }
                entries[stored] = converted
            }
            return .map(entries)
        }
        var elements: [InputValue] = []
        elements.reserveCapacity(piece.count)
        for (index, element) in piece.elements.enumerated() {
            path.append(.index(first + index))
            defer { path.removeLast() }
            if let converted = convertScalar(element, property, in: plan, allowsNull: property.isOptional) {
                elements.append(converted)
            }
        }
        return .collection(elements)
    }
}

extension ImportProperty {
    /// A list, set or map of scalars: what a large document may give in pieces.
    var isStreamable: Bool { collection != .single && !isLink && !isMixed }
}
