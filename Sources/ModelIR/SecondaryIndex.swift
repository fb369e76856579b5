/// An `@index`: a partition field, optional sort fields, and the query field that reads it.
package struct SecondaryIndex: Equatable, Sendable, Codable {
    /// The index name (`name:` or generated).
    package var name: String
    /// The partition field, then the sort fields, in order.
    package var fields: [String]
    /// The query field name; nil when `queryField: null` removed it.
    package var queryField: String?
    /// Where the directive was written.
    package var location: SourceLocation?

    /// Creates an index.
    package init(name: String, fields: [String], queryField: String?, location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.queryField = queryField
        self.location = location
    }
}
