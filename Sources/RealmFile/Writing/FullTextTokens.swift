/// The words a full-text index keeps for a string, as realm-core 14 cuts them (docs/realm-file.md,
/// "Writing"): runs of ASCII letters and digits and of Latin-1 letters (U+00C0–U+00FE); ASCII
/// letters lowercased, Latin-1 letters lowercased without their diacritics (see `folded`); every
/// other character (punctuation, space, other scripts, emoji) separates words. A word keeps at most
/// 64 bytes; the bytes beyond are dropped, and a two-byte letter that would not fit whole too.
enum FullTextTokens {
    static let maxWordBytes = 64

    /// The distinct words of `text`.
    static func words(_ text: String) -> Set<[UInt8]> {
        var words = Set<[UInt8]>()
        var word: [UInt8] = []
        var inWord = false
        let bytes = Array(text.utf8)
        var index = 0
        func append(_ byte: UInt8) {
            if word.count < maxWordBytes { word.append(byte) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            var isLetter = false
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                isLetter = true
                append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                isLetter = true
                append(byte + 0x20)
            case 0xc0...0xdf:
                // Two bytes: a Latin-1 letter is a word character, folded; other characters separate.
                index += 1
                let scalar = (Int(byte) << 6 + Int(index < bytes.count ? bytes[index] & 0x3f : 0)) & 0x7ff
                if scalar >= 0xc0 && scalar < 0xff {
                    isLetter = true
                    if let folded = folded(scalar) {
                        if folded < 0x80 {
                            append(UInt8(folded))
                        } else if word.count < maxWordBytes - 1 {
                            word.append(UInt8(0xc0 | folded >> 6))
                            word.append(UInt8(0x80 | folded & 0x3f))
                        }
                    }
                }
            case 0xe0...0xef: index += 2
            case 0xf0...0xf7: index += 3
            default: break
            }
            if isLetter {
                inWord = true
            } else if inWord {
                words.insert(word)
                word = []
                inWord = false
            }
            index += 1
        }
        if inWord { words.insert(word) }
        return words
    }

    /// A Latin-1 letter (U+00C0–U+00FE) as the index keeps it: lowercase, without diacritics where
    /// the letter has a base (À → a, Ç → c, Ñ → n, Ý → y), as itself lowercased otherwise (Æ → æ,
    /// Å → å, Ø → ø, Ð → ð, Þ → þ, ß); × and ÷ count as letters but keep nothing.
    static func folded(_ scalar: Int) -> Int? {
        let lower = scalar >= 0xe0 ? scalar - 0x20 : scalar
        switch lower {
        case 0xc0...0xc4: return 0x61
        case 0xc5: return 0xe5
        case 0xc6: return 0xe6
        case 0xc7: return 0x63
        case 0xc8...0xcb: return 0x65
        case 0xcc...0xcf: return 0x69
        case 0xd0: return 0xf0
        case 0xd1: return 0x6e
        case 0xd2...0xd6: return 0x6f
        case 0xd7: return nil
        case 0xd8: return 0xf8
        case 0xd9...0xdc: return 0x75
        case 0xdd: return 0x79
        case 0xde: return 0xfe
        default: return 0xdf
        }
    }
}
