package import ModelIR
package import Storage

/// The foreign keys the migrations create, by constraint name, so database errors can be explained in the
/// schema's words (`Member.team`) instead of constraint names.
package struct ForeignKeyCatalog: Sendable {
    /// One constraint.
    package struct Entry: Sendable, Equatable {
        /// The model holding the reference columns.
        package var child: String
        /// The model referenced.
        package var parent: String
        /// The reference fields of the child, in key order.
        package var childFields: [String]
        /// The relationship field that names this reference (`team` on Member), when the child has one.
        package var relationshipName: String?
        /// `RESTRICT`, `SET NULL`, `CASCADE`.
        package var onDelete: String
    }

    package let entries: [String: Entry]

    /// Builds the catalog of a schema, from the storage its migrations make or, for an existing database, the
    /// foreign keys its catalog holds.
    package init(schema: Schema, storage: StorageSchema? = nil) {
        var entries: [String: Entry] = [:]
        let storage = storage ?? StorageMapping.storage(for: schema)
        for model in schema.models {
            guard let table = storage.table(named: model.tableName) else { continue }
            for key in table.foreignKeys {
                guard let parent = schema.models.first(where: { $0.tableName == key.referencedTable }) else { continue }
                let fields = key.columns.map { column in model.storedFields.first { $0.columnName == column }?.name ?? column }
                let relationship =
                    model.fields.first { $0.relationship?.target == parent.name && $0.relationship?.localFields == fields }
                    ?? parent.fields.first { $0.relationship?.target == model.name && $0.relationship?.targetFields == fields }
                let name = relationship.map { field in field.relationship?.referenceOwner == .local ? "\(model.name).\(field.name)" : "\(parent.name).\(field.name)" }
                entries[key.name] = Entry(child: model.name, parent: parent.name, childFields: fields, relationshipName: name, onDelete: key.onDelete)
            }
        }
        self.entries = entries
    }
}
