package import SQLSyntax

/// What a record change was, as the change log records it and subscriptions name it; `publish` is a
/// mutation's answer published to custom subscriptions (no model's change).
package enum ChangeKind: String, Sendable, Hashable, CaseIterable {
    case create, update, delete, publish
}

/// A planned subscription: which changes it follows, which of those it wants, and the statement that reads its
/// selection set for a batch of changed records.
package struct SubscriptionPlan: Sendable {
    /// The operation's name, as given or as written in the document.
    package var operationName: String?
    /// The subscription field, e.g. `onCreatePost`.
    package var fieldName: String
    /// The key the field's value goes under in `data` (its alias, else its name).
    package var responseKey: String
    /// The model whose changes it follows.
    package var model: String
    /// The model's table, as the change log names it.
    package var table: TableName
    /// The kind of change it follows.
    package var change: ChangeKind
    /// The `filter:` argument; nil when every change is wanted.
    package var filter: SubscriptionFilter?
    /// Reads the selection set of the changed records.
    package var delivery: DeliveryStatement
    /// A column the filter requires to hold one of some texts, when it has one (an `eq`, or the `in` of an owner
    /// rule): the change's row image holds that column's value exactly as the filter compares it, so delivery
    /// looks subscribers up by it instead of checking every filter against every change.
    package var requiredColumnValues: (column: String, values: [String])?
    /// What the filter checks beyond `requiredColumnValues`, for a record found under one of those values; nil
    /// when they are the whole filter (such a record needs no check).
    package var residualFilter: SubscriptionFilter?
    /// The selection set copied straight out of a row image, when the image answers it (`ImageSelection`):
    /// delivery then runs no statement for a batch that has no filter to check.
    package var imageSelection: ImageSelection?
}

/// A statement that reads one subscription selection set for a batch of changed records. Its first parameter
/// is a JSON array of row images (the change log's `to_jsonb` of each row: the new row, or the old one for a
/// delete), its second whether to read the filterable fields; it returns one row per image: the image's
/// 1-based position, the record's filterable fields as JSON (what `SubscriptionFilter` checks; null when not
/// asked for, so a batch whose subscriptions have nothing to check does not build them) and the selection
/// set's JSON.
///
/// Subscriptions whose statements are equal share one run per batch, whatever their filters: the filter is
/// checked on the returned fields, so a thousand subscribers of one selection cost one statement.
package struct DeliveryStatement: Sendable, Hashable {
    /// The SQL text.
    package let sql: String
    /// The parameters after the first two (the values of the selection set's own arguments).
    package let parameters: [String?]
    /// The hash of both, computed once: delivery groups every subscriber of every change by its statement.
    private let hashCode: Int

    /// A statement with its text and the parameters after the first two.
    package init(sql: String, parameters: [String?]) {
        self.sql = sql
        self.parameters = parameters
        var hasher = Hasher()
        hasher.combine(sql)
        hasher.combine(parameters)
        hashCode = hasher.finalize()
    }

    /// Every parameter, for a batch whose row images are `images` (a JSON array's text), reading the
    /// filterable fields when `readsFields`.
    package func parameters(images: String, readsFields: Bool = true) -> [String?] {
        [images, readsFields ? "true" : "false"] + parameters
    }

    /// Hashes the hash computed at creation.
    package func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    /// Equal text and parameters.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.sql == rhs.sql && lhs.parameters == rhs.parameters
    }
}
