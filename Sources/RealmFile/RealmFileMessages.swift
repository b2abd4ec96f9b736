/// Every message the `.realm` reader shows a user, in one place (the project's words, not
/// realm-core's). Call sites pick a factory; wording never sits at a call site.
enum RealmFileMessages {
    // MARK: Location

    /// `message` followed by where it happened.
    static func located(_ message: String, className: String?, objectKey: Int64?, property: String?,
                        offset: Int?) -> String {
        var parts: [String] = []
        if let className { parts.append("class '\(className)'") }
        if let objectKey { parts.append("object key \(objectKey)") }
        if let property { parts.append("property '\(property)'") }
        if let offset { parts.append("at byte \(offset)") }
        return parts.isEmpty ? message : "\(message) (\(parts.joined(separator: ", ")))"
    }

    // MARK: Opening

    static func cannotOpen(path: String, reason: String) -> String {
        "cannot open '\(path)' for reading: \(reason)"
    }

    static func notARegularFile(path: String) -> String {
        "'\(path)' is not a regular file; a Realm file is a single file such as default.realm"
    }

    // MARK: Header

    static func tooShort(size: Int) -> String {
        "not a Realm file: it has \(size) bytes, fewer than the 24-byte header every Realm file starts with"
    }

    static let noMnemonic =
        "not a Realm file: bytes 16–19 should read 'T-DB', the mark every unencrypted Realm file carries"

    static let encrypted =
        "the file looks like an encrypted Realm: Realm encrypts whole pages, so even the header is unreadable, "
        + "and this tool cannot read encrypted Realms; write an unencrypted copy from the app with "
        + "writeCopy(toFile:encryptionKey: nil) and read that"

    static func sizeNotMultipleOf8(size: Int) -> String {
        "the file is cut short or damaged: its size, \(size) bytes, is not a multiple of 8 as every Realm file's is"
    }

    static let footerMissing =
        "the file is cut short or damaged: it is in the streaming form (as writeCopy writes it) but its last "
        + "16 bytes are not the footer that form ends with"

    static func topRefMisaligned(_ ref: Int) -> String {
        "the header's reference to the top of the data, \(ref), is not a multiple of 8"
    }

    static func topRefOutside(_ ref: UInt64, end: Int) -> String {
        "the file is cut short or damaged: the header points to the top of the data at byte \(ref), "
        + "but the data area ends at byte \(end)"
    }

    static func unsupportedFormat(_ version: Int) -> String {
        let writer: String
        switch version {
        case ..<10: writer = "realm-core 5 or older (Realm SDKs from before 2019)"
        case 10...11: writer = "realm-core 6 to 10 (Realm SDKs of 2019–2021)"
        case 12...19: writer = "no released realm-core"
        case 20...21: writer = "realm-core 10 (the first Realm SDKs 10.x, 2020–2021)"
        default: writer = "a realm-core newer than 14"
        }
        return "file format version \(version) is not supported (it is written by \(writer)); this tool reads "
            + "versions 22 to 24, written by realm-core 11 to 14 (Realm SDKs since 2021); open the file once "
            + "with a current Realm SDK to upgrade it, then read the upgraded copy"
    }

    // MARK: Nodes and refs

    static let nullRef = "a required reference is empty (0)"

    static func misalignedRef(_ ref: Int64) -> String {
        "a reference, \(ref), is not a positive multiple of 8 as every node's position is"
    }

    static func refOutside(_ ref: Int64, end: Int) -> String {
        "a reference points to byte \(ref), outside the data area, which ends at byte \(end)"
    }

    static func nodeRunsPastEnd(ref: Int, bytes: Int, end: Int) -> String {
        "the file is cut short or damaged: the node at byte \(ref) needs \(bytes) bytes of data, "
        + "which would run past the end of the data area at byte \(end)"
    }

    static func badWidthType(_ flags: UInt8) -> String {
        "a node header has an unknown element width kind (flags 0x\(String(flags, radix: 16)))"
    }

    static let tooManyVisits =
        "the file refers to more nodes than it can hold: its references are damaged and loop or overlap"

    static func cycle(_ ref: Int) -> String {
        "the references loop: the node at byte \(ref) refers back to itself through its children"
    }

    static func tooDeep(_ limit: Int) -> String {
        "trees or nested collections are nested more than \(limit) levels deep, deeper than Realm writes them"
    }

    static let expectedIntegerNode = "a node that should hold integers has another element kind"
    static let expectedShortStrings = "a node that should hold short strings has another element kind"
    static let expectedStringLeaf = "a node that should hold strings is of none of Realm's string leaf kinds"
    static let expectedBinaryLeaf = "a node that should hold binary values is of none of Realm's binary leaf kinds"
    static let expectedBlob = "a node that should hold the bytes of a string or binary value holds something else"

    static func badShape(_ role: String, slots: Int, minimum: Int) -> String {
        "the \(role) has \(slots) slots or the wrong kind; it needs references and at least \(minimum) slots"
    }

    static func expectedTagged(slot: Int) -> String {
        "slot \(slot) of a node should hold a tagged number (odd) but holds a reference"
    }

    static func countMismatch(_ what: String, _ found: Int, _ expected: Int) -> String {
        "the file is damaged: there are \(found) \(what) where \(expected) were expected"
    }

    static func tooManyRows(_ count: Int64, _ limit: Int) -> String {
        "a group of objects claims \(count) rows; Realm puts at most \(limit) in one"
    }

    static func tooManyElements(_ count: Int) -> String {
        "a node of a collection or column claims \(count) elements, more than Realm puts in one node"
    }

    static func badTreeDepth(_ depth: Int64) -> String {
        "an inner node of the object tree claims depth \(depth); Realm's trees are 1 to 6 levels deep"
    }

    static let keyOverflow = "an object key computed from the object tree does not fit 64 bits"

    static func columnMissingInLeaf(_ index: Int) -> String {
        "a group of objects has no slot for column \(index)"
    }

    // MARK: Group and tables

    static func logicalSizeBeyondEnd(_ size: Int64, end: Int) -> String {
        "the file is cut short: its data says it is \(size) bytes long, but only \(end) bytes are there"
    }

    static func duplicateTableKey(_ key: Int64) -> String {
        "two tables have the same table key, \(key)"
    }

    static let noColumnKeys =
        "the table keeps no column keys, as only files older than format version 20 do"

    static func unknownColumnType(_ type: Int64) -> String {
        "a column has type \(type), which is none of Realm's column types"
    }

    static func badColumnKey(_ key: Int64) -> String {
        "a column key, 0x\(String(UInt64(bitPattern: key), radix: 16)), repeats another's slot or is out of range"
    }

    static func columnWithoutName(_ index: Int) -> String {
        "column \(index) is a property column but has no name"
    }

    static let linkWithoutTarget = "a link column does not say which table it links to, or that table is missing"
    static let backlinkWithoutOrigin = "a backlink column does not say which table and column its links come from"
    static let backlinkAsValue = "a backlink column was asked for as a property value"

    static func unknownClass(_ name: String) -> String {
        "the file has no class '\(name)'"
    }

    // MARK: Values

    static let invalidUTF8 = "a string is not valid UTF-8"
    static let badShortString = "a short string's length byte is larger than its slot"
    static let stringWithoutTerminator = "a stored string lacks the terminating zero byte Realm stores after it"

    static func blobOffsetOutside(_ offset: Int64, _ size: Int) -> String {
        "a string or binary value ends at offset \(offset), outside its \(size)-byte storage"
    }

    static let enumWithoutKeys =
        "an enumerated (compressed) string column is not supported; no Realm SDK writes them"

    static func enumIndexOutside(_ index: Int64, _ count: Int) -> String {
        "an enumerated string refers to value \(index) of \(count)"
    }

    static func badBool(_ value: Int64) -> String {
        "a boolean is stored as \(value); Realm stores 0, 1 or (for null) 3"
    }

    static func badElementWidth(_ width: Int, expected: Int) -> String {
        "values are stored \(width) bytes wide where \(expected) bytes are expected"
    }

    static func badFixedBytesSize(_ count: Int) -> String {
        "an ObjectId or UUID node of \(count) bytes does not split into whole values"
    }

    static let nullableIntWithoutMarker = "an optional-integer node lacks the null marker it starts with"

    static func unknownMixedType(_ type: Int64) -> String {
        "a mixed value has type \(type), which is none of the types a mixed value can hold"
    }

    static func mixedPayloadOutside(_ index: Int64) -> String {
        "a mixed value refers to entry \(index) of its storage, which is not there"
    }

    static func mixedPayloadMissing(_ slot: Int) -> String {
        "a mixed value needs storage slot \(slot) of its node, which is empty"
    }

    static func shortFixedBytes(_ found: Int, _ expected: Int) -> String {
        "a mixed ObjectId or UUID has \(found) bytes where \(expected) are expected"
    }

    static let nestedWithoutRef = "a list or dictionary inside a mixed value does not refer to its storage"

    static func unknownTableKey(_ key: Int64) -> String {
        "a link refers to table key \(key), which no table has"
    }

    static let typedLinkColumn = "typed-link columns (used only by sync internals) are not read"

    static func dictionaryKeyType(_ type: Int) -> String {
        "dictionary keys of type \(type) are not supported; Realm SDKs use string keys"
    }

    static let nullDictionaryKey = "a dictionary key is null"
}
