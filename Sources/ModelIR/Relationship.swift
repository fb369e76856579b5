/// A relationship field between two models, resolved to the columns that join them.
package struct Relationship: Equatable, Sendable, Codable {
    /// The directive that declared it.
    package enum Kind: String, Equatable, Sendable, Codable {
        case hasMany, hasOne, belongsTo, manyToMany
    }

    /// Which model's table holds the reference (foreign-key) columns.
    package enum ReferenceOwner: String, Equatable, Sendable, Codable {
        /// The model declaring the field (belongsTo, hasOne with `fields:`).
        case local
        /// The related model (hasMany, hasOne with `references:`).
        case target
    }

    /// The declaring directive.
    package var kind: Kind
    /// The related model's name.
    package var target: String
    /// Fields of the declaring model, equated position by position with `targetFields`.
    package var localFields: [String]
    /// Fields of the related model, equated position by position with `localFields`.
    package var targetFields: [String]
    /// Which side stores the reference columns.
    package var referenceOwner: ReferenceOwner
    /// What happens to the children when the parent is deleted, when the schema says.
    package var onDelete: OnDelete?
    /// Page size of a hasMany connection when the client gives no `limit`.
    package var defaultLimit: Int
    /// True for a hasMany declared with `fields:` (and usually `indexName:`): the parent named its own fields,
    /// matched against the child's index or key, rather than the child naming its `references`.
    package var namesParentFields = false

    /// Creates a relationship.
    package init(
        kind: Kind, target: String, localFields: [String], targetFields: [String], referenceOwner: ReferenceOwner,
        onDelete: OnDelete? = nil, defaultLimit: Int = 100
    ) {
        self.kind = kind
        self.target = target
        self.localFields = localFields
        self.targetFields = targetFields
        self.referenceOwner = referenceOwner
        self.onDelete = onDelete
        self.defaultLimit = defaultLimit
    }
}

/// Delete behaviour chosen with `@hasMany/@hasOne(onDelete:)` (docs/decisions.md §5).
package enum OnDelete: String, Equatable, Sendable, Codable {
    case cascade = "CASCADE"
    case setNull = "SET_NULL"
    case restrict = "RESTRICT"
}
