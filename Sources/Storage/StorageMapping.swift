package import ModelIR
package import SQLSyntax

/// Maps a model schema to tables by docs/decisions.md §4 (storage mapping) and §5 (referential integrity).
package enum StorageMapping {
    /// The storage a schema needs.
    package static func storage(for schema: Schema) -> StorageSchema {
        StorageSchema(tables: schema.models.map { table(for: $0, in: schema) })
    }

    /// The SQL type values of `field` are cast to: its column's type in an existing database when that needs a
    /// cast of its own, otherwise the mapping's type for the field's type.
    package static func sqlType(of field: Field) -> SQLType {
        field.storageType ?? sqlType(field.type)
    }

    /// The SQL type of one element of `field` (the field's own type when it is not a list).
    package static func elementType(of field: Field) -> SQLType {
        if let stored = field.storageType {
            if case .array(let element) = stored { return element }
            return stored
        }
        return sqlType(FieldType(field.type.base))
    }

    /// The SQL type of a field type.
    package static func sqlType(_ type: FieldType) -> SQLType {
        let element: SQLType
        switch type.base {
        case .scalar(let scalar): element = sqlType(scalar)
        case .enumeration: element = .text
        case .object: return .jsonb
        case .model: element = .text
        }
        return type.isList ? .array(element) : element
    }

    /// The SQL type of a scalar.
    package static func sqlType(_ scalar: ScalarType) -> SQLType {
        switch scalar {
        case .id, .string, .awsEmail, .awsURL, .awsPhone, .awsIPAddress, .awsTime: .text
        case .int: .integer
        case .awsTimestamp: .bigint
        case .float: .doublePrecision
        case .boolean: .boolean
        case .awsDate: .date
        case .awsDateTime: .timestamptz
        case .awsJSON: .jsonb
        }
    }

    static func table(for model: Model, in schema: Schema) -> StorageTable {
        var columns: [StorageColumn] = []
        for field in model.storedFields {
            let type = sqlType(field.type)
            var column = StorageColumn(name: field.columnName, type: type, notNull: field.type.isRequired)
            if type == .text || type == .array(.text) { column.collation = "C" }
            if case .enumeration(let name) = field.type.base {
                column.allowedValues = schema.enumType(named: name)?.values
            }
            if field.origin == .implicitTimestamp {
                column.defaultValue = .now
            } else if field.origin == .syncMetadata, field.name == SyncField.lastChangedAt {
                column.defaultValue = .epochMilliseconds
            } else if let value = field.defaultValue {
                column.defaultValue = .constant(value)
            }
            columns.append(column)
        }
        let columnName = { (field: String) in model.field(named: field)?.columnName ?? field }
        let primaryKey = model.primaryKey.map(columnName)
        var indexes: [StorageIndex] = []
        func addIndex(_ name: String, _ fields: [String]) {
            var names = fields.map(columnName)
            // Cover the primary key too, so a page of rows in key order is one index range scan.
            for key in primaryKey where !names.contains(key) { names.append(key) }
            guard names != primaryKey, !indexes.contains(where: { $0.columns == names }) else { return }
            indexes.append(StorageIndex(name: indexName(table: model.tableName, suffix: name), columns: names))
        }
        for index in model.indexes { addIndex(index.name, index.fields) }
        // Owner and groups fields of record-based @auth rules: each list and get of a signed-in user filters on
        // them, so "my records in key order" is one index range scan.
        for rule in model.auth.rules where rule.isRecordBased {
            if let stored = model.field(named: rule.recordField), !stored.type.isList { addIndex(rule.recordField, [rule.recordField]) }
        }
        var foreignKeys: [StorageForeignKey] = []
        // References this model holds: its own belongsTo/hasOne(fields), and the hasMany/hasOne of parents.
        for (owner, relationship, referencing) in references(into: model, schema: schema) {
            addIndex(referencing.joined(separator: "_"), referencing)
            guard let parent = schema.model(named: owner), parentKeyMatches(relationship, parent: parent, referencing: referencing, child: model) else { continue }
            let name = indexName(table: model.tableName, suffix: referencing.joined(separator: "_") + "_fkey")
            guard !foreignKeys.contains(where: { $0.columns == referencing.map(columnName) }) else { continue }
            let required = referencing.contains { model.field(named: $0)?.type.isRequired == true }
            let action: String
            if model.manyToManyRelation != nil {
                action = "CASCADE"
            } else {
                switch relationship.onDelete {
                case .cascade?: action = "CASCADE"
                case .setNull?: action = "SET NULL"
                case .restrict?: action = "RESTRICT"
                case nil: action = required ? "RESTRICT" : "SET NULL"
                }
            }
            foreignKeys.append(
                StorageForeignKey(
                    name: name, columns: referencing.map(columnName), referencedTable: parent.tableName,
                    referencedColumns: parent.primaryKey.map { parent.field(named: $0)?.columnName ?? $0 }, onDelete: action
                ))
        }
        indexes += textIndexes(of: model)
        // A delta sync reads the records changed since its `lastSync`.
        if schema.conflictDetection != nil, let changed = model.field(named: SyncField.lastChangedAt), changed.origin == .syncMetadata {
            addIndex(SyncField.lastChangedAt, [SyncField.lastChangedAt])
        }
        return StorageTable(name: model.tableName, columns: columns, primaryKey: primaryKey, indexes: indexes, foreignKeys: foreignKeys)
    }

    /// The fields of `model` that lead one of its indexes on reference columns (the columns that point at
    /// another model's record), and the first field of its primary key: an equality on one of them picks the
    /// records of one related record or one key, a few among many, through an index.
    package static func keyLeadingFields(of model: Model, in schema: Schema) -> Set<String> {
        var fields = Set(model.primaryKey.prefix(1))
        for (_, _, referencing) in references(into: model, schema: schema) {
            if let first = referencing.first { fields.insert(first) }
        }
        return fields
    }

    /// The indexes of the text indexes declared for `model`'s fields (`Field.textIndexes`), in field order.
    static func textIndexes(of model: Model) -> [StorageIndex] {
        var indexes: [StorageIndex] = []
        for field in model.storedFields {
            for kind in field.textIndexes {
                let name = indexName(table: model.tableName, suffix: "\(field.columnName)_\(kind.rawValue)")
                switch kind {
                case .insensitive:
                    indexes.append(StorageIndex(name: name, columns: [field.columnName], expression: .folded, opclass: .textPatternOps))
                case .trigram:
                    indexes.append(StorageIndex(name: name, columns: [field.columnName], expression: .folded, method: .gin, opclass: .ginTrigramOps))
                case .search:
                    indexes.append(StorageIndex(name: name, columns: [field.columnName], expression: .searchVector, method: .gin))
                }
            }
        }
        return indexes
    }

    /// Every relationship whose reference columns live in `model`: (parent model, relationship, columns).
    static func references(into model: Model, schema: Schema) -> [(String, Relationship, [String])] {
        var result: [(String, Relationship, [String])] = []
        for field in model.fields {
            if let relationship = field.relationship, relationship.referenceOwner == .local {
                result.append((relationship.target, relationship, relationship.localFields))
            }
        }
        for parent in schema.models {
            for field in parent.fields {
                if let relationship = field.relationship, relationship.referenceOwner == .target, relationship.target == model.name {
                    if result.contains(where: { $0.0 == parent.name && $0.2 == relationship.targetFields }) {
                        // The parent's side decides onDelete: replace the belongsTo entry.
                        result.removeAll { $0.0 == parent.name && $0.2 == relationship.targetFields }
                    }
                    result.append((parent.name, relationship, relationship.targetFields))
                }
            }
        }
        return result
    }

    /// True when the reference columns point at the parent's whole primary key (a real foreign key).
    static func parentKeyMatches(_ relationship: Relationship, parent: Model, referencing: [String], child: Model) -> Bool {
        let parentFields = relationship.referenceOwner == .local ? relationship.targetFields : relationship.localFields
        return parentFields == parent.primaryKey && referencing.count == parent.primaryKey.count
    }

    /// `<table>_<suffix>`, shortened with a hash past PostgreSQL's 63-byte limit.
    package static func indexName(table: String, suffix: String) -> String {
        let name = "\(table)_\(suffix)"
        guard name.utf8.count > 63 else { return name }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(name.prefix(50)) + "_" + String(hash, radix: 16)
    }
}
