/// English counts of things in messages and summaries.
public enum Plural {
    /// `count` and `noun`, with an `s` unless the count is one: `1 object`, `0 errors`,
    /// `3 documents`.
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
