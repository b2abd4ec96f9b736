import CYAML

/// One libyaml event in Swift terms.
enum YAMLEvent: Equatable {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias(anchor: String)
    case scalar(YAMLScalar, anchor: String?, tag: String?)
    case sequenceStart(anchor: String?, tag: String?)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?)
    case mappingEnd
}

/// A libyaml parse failure: libyaml's problem text, where it happened, and its context line.
struct YAMLSyntaxError: Error {
    var problem: String
    var location: SourceLocation
    var context: String?
    var contextLocation: SourceLocation?
    /// Set when the error is an unquoted list or map type in a flow collection (`{ a: int[] }`).
    var unquotedType: UnquotedCollectionType?
}

/// `{ indices: int[] }`: inside `{ }` and `[ ]` the characters `[` and `{` start a collection, so
/// libyaml ends the plain scalar `int` just before the suffix and stops at it.
struct UnquotedCollectionType: Equatable {
    /// The type as written, suffix included (`int[]`).
    var text: String
    /// Where the type starts.
    var location: SourceLocation
    /// The enclosing flow collection's brackets, `{ }` or `[ ]`.
    var brackets: String
}

/// Owns one libyaml parser and hands out its events with 1-based locations.
///
/// This is the only place that sees libyaml's 0-based marks; `location(of:)` converts them once.
final class YAMLEventReader {
    private let path: String
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml reads from this buffer until the parser is deleted, so the reader owns it.
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let byteCount: Int
    private var finished = false

    init(path: String, bytes: [UInt8]) {
        self.path = path
        parser = .allocate(capacity: 1)
        input = .allocate(capacity: max(bytes.count, 1))
        byteCount = bytes.count
        _ = input.initialize(from: bytes)
        let initialized = yaml_parser_initialize(parser)
        precondition(initialized == 1, "libyaml could not allocate a parser")
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event and where it starts; `nil` after the stream ended.
    func next() throws(YAMLSyntaxError) -> (event: YAMLEvent, location: SourceLocation)? {
        guard !finished else { return nil }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            finished = true
            throw syntaxError()
        }
        defer { yaml_event_delete(&event) }
        let location = location(of: event.start_mark)
        let converted = convert(event)
        if converted == .streamEnd { finished = true }
        return (converted, location)
    }

    /// libyaml marks count lines and columns from 0 (columns in characters); ours count from 1.
    private func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func convert(_ event: yaml_event_t) -> YAMLEvent {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = YAMLScalar(text: text, isPlain: data.style == YAML_PLAIN_SCALAR_STYLE)
            return .scalar(scalar, anchor: Self.string(data.anchor), tag: Self.string(data.tag))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .sequenceStart(anchor: Self.string(data.anchor), tag: Self.string(data.tag))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .mappingStart(anchor: Self.string(data.anchor), tag: Self.string(data.tag))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default:
            preconditionFailure("libyaml produced an empty event")
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func syntaxError() -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? SchemaMessages.yamlUnknownProblem
        switch state.error {
        case YAML_READER_ERROR:
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            let location = location(ofByteOffset: state.problem_offset)
            return YAMLSyntaxError(problem: problem, location: location)
        case YAML_MEMORY_ERROR:
            return YAMLSyntaxError(problem: SchemaMessages.yamlOutOfMemory, location: location(of: state.problem_mark))
        default:
            var error = YAMLSyntaxError(
                problem: problem,
                location: location(of: state.problem_mark),
                context: state.context.map { String(cString: $0) },
                contextLocation: state.context == nil ? nil : location(of: state.context_mark))
            if state.error == YAML_PARSER_ERROR, state.context != nil {
                error.unquotedType = unquotedCollectionType(at: state.problem_mark, context: state.context_mark)
            }
            return error
        }
    }

    /// The type whose `[]` or `{}` suffix libyaml stopped at, when it directly follows a type
    /// name (`int[]`, `Dog?{}`); `nil` for any other syntax error.
    private func unquotedCollectionType(at mark: yaml_mark_t, context: yaml_mark_t) -> UnquotedCollectionType? {
        guard let offset = byteOffset(of: mark), offset + 1 < byteCount else { return nil }
        let suffix = (input[offset], input[offset + 1])
        guard suffix == (UInt8(ascii: "["), UInt8(ascii: "]")) || suffix == (UInt8(ascii: "{"), UInt8(ascii: "}"))
        else { return nil }
        var start = offset
        while start > 0, Self.isTypeNameByte(input[start - 1]) { start -= 1 }
        guard start < offset else { return nil }
        let text = String(decoding: input[start..<offset + 2], as: UTF8.self)
        // The name is ASCII, so it spans as many columns as bytes.
        let location = SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1 - (offset - start))
        let opening = byteOffset(of: context).map { input[$0] }
        return UnquotedCollectionType(text: text, location: location,
                                      brackets: opening == UInt8(ascii: "[") ? "[ ]" : "{ }")
    }

    /// Letters, digits, `_` and the optional mark `?`.
    private static func isTypeNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "?"): true
        default: false
        }
    }

    /// The byte offset of a libyaml mark (0-based line, and column in characters), found from
    /// the lines of the input: line breaks are `\n`, `\r\n` or a lone `\r`, as libyaml counts them.
    private func byteOffset(of mark: yaml_mark_t) -> Int? {
        var index = 0
        var line = 0
        while line < Int(mark.line) {
            guard index < byteCount else { return nil }
            let byte = input[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index == byteCount || input[index] != 0x0A)) { line += 1 }
        }
        var column = 0
        while index < byteCount {
            if input[index] & 0xC0 != 0x80 {
                if column == Int(mark.column) { return index }
                column += 1
            }
            index += 1
        }
        return nil
    }

    /// Line and column (in Unicode scalars) of a byte offset into the input.
    private func location(ofByteOffset offset: Int) -> SourceLocation {
        var line = 1, column = 1
        var index = 0
        let end = min(offset, byteCount)
        while index < end {
            let byte = input[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(file: path, line: line, column: column)
    }
}
