internal import CJansson
import RealmFile
import RealmSchema

/// Realm's own `.realm` files (docs/realm-import.md, section 18): one document per object of
/// every top-level class (embedded objects come inline, in their parents), class by class in
/// the file's table order, objects in object-key order, each with its class name. The file is
/// opened read-only by its path and memory-mapped (`RealmFile`), and read one cluster leaf (up
/// to 256 objects) at a time on the importer's reading thread (`RealmLeafReader`), so memory
/// stays bounded by a leaf, not by the size of a class; the source's buffer is used only to
/// tell the format by its first bytes, so standard input and compressed files are refused.
/// Values are built as the importer's trees by `RealmTreeBuilder`, and that thread also
/// prepares them, lists of embedded objects included (`preparesEmbeddedLists`), as for BSON.
///
/// A document has no lines: its `path` is `/<class>/<object key>` and its problems are placed
/// by class and object key (`placeNote`). A problem the decoder finds (a damaged file) stops
/// reading, placed by class, object key, property and byte offset; a value this project
/// cannot carry (a date beyond the years 0000-9999 with sub-millisecond digits) skips its
/// object. Either way the run writes nothing.
///
/// Map keys are read as stored: the importer stores them unchanged (`storesKeysAsGiven`), as
/// with `--map-keys reject` (docs/map-keys.md).
final class RealmReader: DocumentReader {
    private(set) var file: RealmFile?
    private var builder: RealmTreeBuilder?
    /// The top-level classes, the one being read (its reader and leaf) and its objects read so far.
    private var classes: [RealmClass] = []
    private var classIndex = 0
    private var leafReader: RealmLeafReader?
    private var objectCount = 0
    private var plan: RealmTreeBuilder.ClassPlan?
    private var leaf: RealmLeaf?
    private var row = 0
    /// Leaves read since the file's pages were last let go of (`RealmFile.releaseResidentPages`),
    /// which happens every `leavesPerRelease` leaves (about 16,000 objects, a few megabytes of
    /// the file): the resident memory of a long file stays bounded.
    private var leavesSinceRelease = 0
    static let leavesPerRelease = 64
    private var objectIndex = 0
    private var number = 0
    private var fileSize = 0
    private var isFinished = false

    var format: InputFormat { .realm }

    /// Reading a Realm file leaves the reading thread time to spare, as BSON does.
    var preparesEmbeddedLists: Bool { true }

    func start(_ source: DocumentSource) throws(SourceError) {
        guard let path = source.path, path != "-" else {
            throw SourceError(.malformed, .error(RealmFileInputMessages.notAFile(source.name)))
        }
        guard source.fileStream == nil else {
            throw SourceError(.malformed, .error(RealmFileInputMessages.compressed(source.name)))
        }
        let file = try RealmFileSchema.open(path, name: source.name)
        self.file = file
        builder = RealmTreeBuilder(file: file, subtypes: source.options.binarySubtypes)
        classes = file.classes.filter { $0.kind != .embedded }
        fileSize = source.totalBytes ?? 0
        source.state = .sequence
    }

    func next(in source: DocumentSource) throws(SourceError) -> JSONDocument? {
        guard let builder, !isFinished else { return nil }
        let (leaf, row, plan): (RealmLeaf, Int, RealmTreeBuilder.ClassPlan)
        do throws(RealmFileError) {
            guard let next = try nextRow() else {
                isFinished = true
                source.cursor = TextPosition(offset: fileSize, line: number + 1, column: 1)
                source.state = .finished
                return nil
            }
            (leaf, row, plan) = next
        } catch {
            isFinished = true
            throw RealmFileSchema.sourceError(error, file: source.name)
        }
        let key = leaf.keys[row]
        let cls = plan.realmClass
        objectIndex += 1
        number += 1
        if source.arena.allocatedBytes >= JanssonArena.generationBytes { source.arena = JanssonArena() }
        var byteCount = 0
        let built = JanssonAllocator.decode(into: source.arena) {
            Result { () throws(RealmTreeBuilder.Failure) in try builder.tree(row, of: leaf, in: plan, bytes: &byteCount) }
        }
        // Progress: the share of the file's bytes of the classes and leaves read so far (a class's
        // size is not known before it is read).
        let leafShare = objectCount > 0 ? min(Double(leafReader?.objectsRead ?? 0) / Double(objectCount), 1) : 0
        let offset = Int(Double(fileSize) * (Double(classIndex) + leafShare) / Double(max(classes.count, 1)))
        source.cursor = TextPosition(offset: offset, line: number + 1, column: 1)
        source.elementIndex += 1
        switch built {
        case .success(let root):
            return JSONDocument(root: root, className: cls.name, index: objectIndex - 1,
                                path: [.key(cls.name), .index(Int(truncatingIfNeeded: key))], file: source.name,
                                start: TextPosition(offset: offset, line: number, column: 1),
                                byteCount: byteCount, arena: source.arena)
        case .failure(let failure):
            if let error = failure.decoderError {
                var located = error
                if located.className == nil { located.className = cls.name }
                if located.objectKey == nil { located.objectKey = key }
                if located.property == nil { located.property = failure.property }
                isFinished = true
                throw RealmFileSchema.sourceError(located, file: source.name)
            }
            let note = RealmFileInputMessages.placeNote(file: source.name, className: cls.name, objectKey: key,
                                                        property: failure.property, offset: nil)
            throw SourceError(.invalidDocument, .error(failure.message, notes: [note]))
        }
    }

    /// The next object: its leaf, row and class; nil after the last object of the last class.
    private func nextRow() throws(RealmFileError) -> (RealmLeaf, Int, RealmTreeBuilder.ClassPlan)? {
        while true {
            if let leaf, row < leaf.count, let plan {
                row += 1
                return (leaf, row - 1, plan)
            }
            leaf = nil
            if let reader = leafReader {
                if let next = try reader.nextLeaf() {
                    (leaf, row) = (next, 0)
                    leavesSinceRelease += 1
                    if leavesSinceRelease >= Self.leavesPerRelease {
                        leavesSinceRelease = 0
                        file?.releaseResidentPages()
                    }
                    continue
                }
                leafReader = nil
                classIndex += 1
            }
            guard classIndex < classes.count, let file, let builder else { return nil }
            let reader = try RealmLeafReader(file: file, realmClass: classes[classIndex])
            objectCount = try reader.objectCount
            leafReader = reader
            plan = builder.plan(classes[classIndex])
            objectIndex = 0
        }
    }

    /// The property path inside the object (the document's own path, `/<class>/<key>`, left out:
    /// the place note names them).
    func pathNote(_ path: JSONPath) -> String {
        RealmFileInputMessages.pathNote(JSONPath(Array(path.components.dropFirst(2))))
    }

    /// The class and object key of the document (its `path`).
    func placeNote(of path: JSONPath, in origin: DocumentOrigin) -> String? {
        var className: String?
        var key: Int64?
        if origin.path.components.count == 2, case .key(let name) = origin.path.components[0],
           case .index(let index) = origin.path.components[1] {
            className = name
            key = Int64(index)
        }
        return RealmFileInputMessages.placeNote(file: origin.source.name, className: className, objectKey: key,
                                                property: nil, offset: nil)
    }

    /// Hints that tell how to write a value in Extended JSON do not apply to a Realm file.
    var writesExtendedJSON: Bool { false }

    /// Every document names its class.
    func classNeeded(input: String, classes: [String]) -> String {
        RealmFileInputMessages.classNeeded(input)
    }
}

extension DocumentSource {
    /// Whether the input is a Realm file: told by `--type realm`, or (no format told) by the
    /// first bytes of a plain file (standard input and compressed input are left to the reading
    /// thread, which detects them as ever: a Realm file there is refused when its reader
    /// starts); its reader is then started (`settleFormat()`), so the importer can check the
    /// file against the schema before reading it. An error (of the input, or opening the file)
    /// ends reading as it would in `next()`.
    func settleRealmFile() throws(SourceError) -> Bool {
        guard case .start = state else { return reader is RealmReader }
        do throws(SourceError) {
            if options.format == nil && reader == nil {
                guard let path, path != "-", fileStream == nil else { return false }
                guard try startsRealm() else { return false }
            } else if options.format != .realm {
                return false
            }
            try settleFormat()
            return reader is RealmReader
        } catch {
            if !error.isRecoverable { state = .finished }
            throw error
        }
    }

    /// Whether the input starts as a Realm file does: `T-DB` at bytes 16..<20 of its 24-byte
    /// header (which no JSON, BSON or CSV text has: BSON's first document would have to be
    /// 0x42442D54 bytes long).
    func startsRealm() throws(SourceError) -> Bool {
        guard try peek(RealmFileSchema.headerLength - 1) != nil else { return false }
        return RealmFileSchema.startsRealm(UnsafeRawBufferPointer(start: buffer.pointer(at: cursor.offset),
                                                                  count: RealmFileSchema.headerLength))
    }
}
