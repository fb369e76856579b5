/// AppSync's conflict detection for offline-first (DataStore) clients: versioned records, tombstones instead of
/// deletes, and the `syncX` queries. Chosen by the server, outside the schema, so the same schema still deploys
/// to AppSync with or without it.
package struct ConflictDetection: Equatable, Sendable, Codable {
    /// What a write carrying a stale `_version` gets.
    package enum Handler: String, Equatable, Sendable, Codable, CaseIterable {
        /// The stored record's fields that are set win, unset ones take the written values, lists are
        /// concatenated; the result is written with a new version. A stale delete is still rejected.
        case automerge
        /// A write whose `_version` is not the stored one is rejected with the stored record.
        case optimistic
    }

    /// The handler of stale writes.
    package var handler: Handler
    /// How long a tombstone (a deleted record) is kept before the server purges it, in seconds; also the
    /// oldest `lastSync` a delta sync answers (an older one gets a base sync).
    package var tombstoneRetentionSeconds: Int

    /// Thirty days, AppSync's default for the base table's tombstones.
    package static let defaultTombstoneRetentionSeconds = 30 * 24 * 60 * 60

    /// Creates a configuration.
    package init(handler: Handler, tombstoneRetentionSeconds: Int = ConflictDetection.defaultTombstoneRetentionSeconds) {
        self.handler = handler
        self.tombstoneRetentionSeconds = tombstoneRetentionSeconds
    }
}

/// The names of the sync metadata fields, one place for every stage.
package enum SyncField {
    /// `_version: Int!`, the record's version, 1 on create and one more on every write.
    package static let version = "_version"
    /// `_deleted: Boolean`, true for a tombstone.
    package static let deleted = "_deleted"
    /// `_lastChangedAt: AWSTimestamp!`, the last write's time in epoch milliseconds.
    package static let lastChangedAt = "_lastChangedAt"
}

/// Why conflict detection cannot be turned on for a schema, in a sentence for the user.
package struct ConflictDetectionRefusal: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    package var description: String

    /// A refusal saying `description`.
    package init(_ description: String) { self.description = description }
}

extension Schema {
    /// The schema with `detection` on: every model gains `_version`, `_deleted` and `_lastChangedAt` after its
    /// own fields and timestamps, before the generated reference and owner fields (where AppSync's transformer
    /// puts them). Refused for a schema that maps an existing database (its tables have no such columns and
    /// ModelGraph never alters them) and for a model that already declares one of the names.
    package func enablingConflictDetection(_ detection: ConflictDetection) throws(ConflictDetectionRefusal) -> Schema {
        guard !isExistingDatabase else {
            throw ConflictDetectionRefusal(
                "Conflict detection cannot be turned on for a schema that maps an existing database: it needs _version, _deleted and _lastChangedAt columns ModelGraph would have to add."
            )
        }
        var schema = self
        schema.conflictDetection = detection
        for index in schema.models.indices {
            var model = schema.models[index]
            let names = [SyncField.version, SyncField.deleted, SyncField.lastChangedAt]
            if let clash = model.fields.first(where: { names.contains($0.name) }) {
                throw ConflictDetectionRefusal("Model \(model.name) declares \(clash.name), a name conflict detection reserves for its own field.")
            }
            let metadata = [
                Field(name: SyncField.version, type: FieldType(.scalar(.int), isRequired: true), origin: .syncMetadata, defaultValue: "1", location: model.location),
                Field(name: SyncField.deleted, type: FieldType(.scalar(.boolean)), origin: .syncMetadata, location: model.location),
                Field(name: SyncField.lastChangedAt, type: FieldType(.scalar(.awsTimestamp), isRequired: true), origin: .syncMetadata, location: model.location),
            ]
            let generated: [Field.Origin] = [.implicitReference, .implicitOwner]
            let position = (model.fields.lastIndex { !generated.contains($0.origin) }).map { $0 + 1 } ?? model.fields.count
            model.fields.insert(contentsOf: metadata, at: position)
            schema.models[index] = model
        }
        return schema
    }
}
