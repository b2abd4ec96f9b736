/// `TEXT` from `where {}`: an extension beyond Realm Swift's `Query`, a full-text search of
/// a string property with a full-text index (`indexed: fulltext` in the schema). Words must
/// all appear; a word with a leading `-` must not; a trailing `*` matches a prefix.
///
/// For example:
///
///     realm.objects(Note.self).where { $0.body.matches(text: "swift -java data*") }
extension Query where T: _QueryString {
    /// `TEXT`: the property's words match `terms`.
    public func matches(text terms: String) -> Query<Bool> {
        compare(.text, Query.value(terms))
    }
}
