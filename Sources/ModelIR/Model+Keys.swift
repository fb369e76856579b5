/// A key a query can range over: the primary key or a secondary index.
package struct SortedKey: Equatable, Sendable {
    /// The partition field, then the sort fields.
    package var fields: [String]
    /// The index's name, or nil for the primary key.
    package var indexName: String?

    /// The sort fields (everything after the partition field).
    package var sortFields: [String] { Array(fields.dropFirst()) }
}

extension Model {
    /// The key a hasMany lookup on `field` ranges over: the primary key or the first index whose partition field
    /// is `field` and that has sort fields (docs/api-contract.md §10.1). Nil when none has.
    package func sortedKey(startingWith field: String) -> SortedKey? {
        let candidates = [SortedKey(fields: primaryKey, indexName: nil)] + indexes.map { SortedKey(fields: $0.fields, indexName: $0.name) }
        return candidates.first { $0.fields.first == field && $0.fields.count > 1 }
    }

    /// True when create fills a missing `id`: the model has an `id` of type ID or String (docs/api-contract.md §3.2).
    package var generatesID: Bool {
        guard let id = field(named: "id") else { return false }
        return id.type.base == .scalar(.id) || id.type.base == .scalar(.string)
    }
}
