/// What a `JSONDocumentSource` needs to know besides the bytes.
public struct JSONSourceOptions: Sendable {
    /// The schema's class names: with them, `{"K": [` starts a multi-class input only when `K`
    /// is a class, and a later key of a multi-class input that is not a class is an error.
    public var classNames: Set<String>?
    /// The initial buffer size in bytes (default 1 MiB); it grows only for a larger document.
    public var bufferSize: Int

    public init(classNames: Set<String>? = nil, bufferSize: Int = 1 << 20) {
        self.classNames = classNames
        self.bufferSize = bufferSize
    }
}
