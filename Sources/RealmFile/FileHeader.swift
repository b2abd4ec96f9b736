/// The 24-byte file header (and, in the streaming form, the 16-byte footer): where the top array
/// of the last committed version is and which file format the file uses (docs/realm-file.md, section 1).
struct FileHeader: Sendable {
    /// The file format versions this reader decodes.
    static let supportedFormats: ClosedRange<Int> = 22...24
    /// The magic cookie in the last 8 bytes of a streaming-form file.
    static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8

    /// The ref of the top array, 0 for an empty file that never had a commit.
    let topRef: Int
    /// The file format version of the current slot.
    let formatVersion: Int
    /// Whether the file is in the streaming form (written by `writeCopy` or compaction).
    let isStreamingForm: Bool
    /// The end of the area nodes may occupy: the file size, or the footer's offset in the streaming form.
    let nodeAreaEnd: Int

    /// Reads and validates the header of `bytes`.
    init(_ bytes: FileBytes) throws(RealmFileError) {
        let size = bytes.count
        guard size >= 24 else {
            throw RealmFileError(.notARealmFile, RealmFileMessages.tooShort(size: size), offset: 0)
        }
        let mnemonic = bytes.slice(16, length: 4)
        guard mnemonic == Array("T-DB".utf8) else {
            if Self.looksEncrypted(bytes) {
                throw RealmFileError(.encrypted, RealmFileMessages.encrypted, offset: 16)
            }
            throw RealmFileError(.notARealmFile, RealmFileMessages.noMnemonic, offset: 16)
        }
        guard size % 8 == 0 else {
            throw RealmFileError(.truncated, RealmFileMessages.sizeNotMultipleOf8(size: size), offset: size)
        }
        let flags = bytes.byte(23)
        let first = bytes.u64(0)
        if first == UInt64.max {
            guard size >= 40 else {
                throw RealmFileError(.truncated, RealmFileMessages.footerMissing, offset: size)
            }
            let footerOffset = size - 16
            guard bytes.u64(footerOffset + 8) == Self.footerCookie else {
                throw RealmFileError(.truncated, RealmFileMessages.footerMissing, offset: footerOffset + 8)
            }
            isStreamingForm = true
            formatVersion = Int(bytes.byte(20))
            nodeAreaEnd = footerOffset
            topRef = try Self.checkedTopRef(bytes.u64(footerOffset), at: footerOffset, end: footerOffset)
        } else {
            let slot = Int(flags & 1)
            isStreamingForm = false
            formatVersion = Int(bytes.byte(20 + slot))
            nodeAreaEnd = size
            topRef = try Self.checkedTopRef(bytes.u64(8 * slot), at: 8 * slot, end: size)
        }
        if topRef == 0 && formatVersion == 0 { return }
        guard Self.supportedFormats.contains(formatVersion) else {
            throw RealmFileError(.unsupportedFormatVersion,
                                 RealmFileMessages.unsupportedFormat(formatVersion),
                                 offset: isStreamingForm ? 20 : 20 + Int(flags & 1))
        }
    }

    private static func checkedTopRef(_ value: UInt64, at offset: Int, end: Int) throws(RealmFileError) -> Int {
        guard value <= UInt64(Int.max) else {
            throw RealmFileError(.badHeader, RealmFileMessages.topRefOutside(value, end: end), offset: offset)
        }
        let ref = Int(value)
        guard ref % 8 == 0 else {
            throw RealmFileError(.badHeader, RealmFileMessages.topRefMisaligned(ref), offset: offset)
        }
        guard ref == 0 || (ref >= 24 && ref < end) else {
            throw RealmFileError(.truncated, RealmFileMessages.topRefOutside(value, end: end), offset: offset)
        }
        return ref
    }

    /// Realm encrypts a file page by page and keeps a table of IVs and HMACs (random-looking bytes)
    /// where the header would be, so the file is a whole number of 4 KiB pages and its first bytes
    /// look random: many distinct byte values where a header or text has few.
    private static func looksEncrypted(_ bytes: FileBytes) -> Bool {
        guard bytes.count >= 8192, bytes.count % 4096 == 0 else { return false }
        let sample = bytes.slice(4, length: 28)
        return Set(sample).count >= 20
    }
}
