package import ModelIR

/// Checks an existing database's schema against the tables it maps, before anything is served: every model's
/// table and every stored field's column exist, hold compatible types and nullability, the key is the table's
/// primary key or a unique one, a create can fill every column that needs a value, and a model with
/// subscriptions maps a table (a trigger records its changes). On success, each field
/// whose column needs casts of its own learns its column type (`Field.storageType`), which the planner's casts
/// then follow.
package enum ExistingTables {
    /// The schema with the columns' types, or one line per problem (`Model.field → table.column: …`).
    package static func bind(_ schema: Schema, to catalog: DatabaseCatalog) -> Result<Schema, Problems> {
        var bound = schema
        var problems: [String] = []
        for (modelIndex, model) in schema.models.enumerated() {
            guard let relation = catalog.relation(named: model.tableName) else {
                problems.append("\(model.name) → \(model.tableName): no table or view of that name in schema \(catalog.schemaName)")
                continue
            }
            var mapped: Set<String> = []
            for (fieldIndex, field) in model.fields.enumerated() where field.isStored {
                let place = "\(model.name).\(field.name) → \(relation.name).\(field.columnName)"
                mapped.insert(field.columnName)
                guard let column = relation.column(named: field.columnName) else {
                    problems.append("\(place): no such column")
                    continue
                }
                switch ColumnCompatibility.verdict(field.type, column: column.type, schema: schema, catalog: catalog) {
                case .incompatible(let expected):
                    problems.append("\(place): expected \(expected) for \(field.type), found \(column.type.spelling)")
                case .compatible(let cast):
                    bound.models[modelIndex].fields[fieldIndex].storageType = cast
                    bound.models[modelIndex].fields[fieldIndex].columnLimit = column.type.limit
                }
                if field.type.isRequired, !column.notNull {
                    problems.append("\(place): expected NOT NULL for \(field.type), found a column that allows null (make the field optional)")
                }
                if field.isGeneratedByDatabase, !column.fillsItself {
                    problems.append("\(place): expected a column default, identity or sequence for a bare @default, found none")
                }
            }
            let key = model.primaryKey.map { model.field(named: $0)?.columnName ?? $0 }
            if relation.kind == .table || relation.kind == .partitionedTable,
                Set(key) != Set(relation.primaryKey), !relation.uniqueKeys.contains(where: { Set($0) == Set(key) })
            {
                let found = relation.primaryKey.isEmpty ? "no primary key" : "primary key (\(relation.primaryKey.joined(separator: ", ")))"
                problems.append("\(model.name) → \(relation.name): expected primary key or unique (\(key.joined(separator: ", "))), found \(found)")
            }
            if model.operations.hasSubscriptions, relation.kind != .table, relation.kind != .foreignTable {
                // Subscriptions are fed by a row trigger on the table. A view has none; a partitioned table's
                // trigger would record each change under its partition's name, which no subscription follows.
                problems.append(
                    "\(model.name) → \(relation.name): expected a table for subscriptions (their changes are recorded by a trigger), found a \(relation.kind.label); "
                        + "turn them off with @model(subscriptions: null)")
            }
            if model.operations.create != .disabled {
                for column in relation.columns where column.notNull && !column.fillsItself && !mapped.contains(column.name) {
                    problems.append(
                        "\(model.name) → \(relation.name).\(column.name): expected a field for this NOT NULL column without a default, found none (creates would fail)")
                }
            }
        }
        return problems.isEmpty ? .success(bound) : .failure(Problems(lines: problems))
    }

    /// The mapped tables with the database's own foreign keys between them (by their real constraint names), so
    /// a violation is explained in the schema's words as for tables ModelGraph made. Columns and indexes are left
    /// empty: nothing is created from this.
    package static func storage(of schema: Schema, in catalog: DatabaseCatalog) -> StorageSchema {
        let tables = schema.models.compactMap { model -> StorageTable? in
            guard let relation = catalog.relation(named: model.tableName) else { return nil }
            let keys = relation.foreignKeys.filter { $0.referencedSchema == catalog.schemaName }.map {
                StorageForeignKey(name: $0.name, columns: $0.columns, referencedTable: $0.referencedTable, referencedColumns: $0.referencedColumns, onDelete: $0.onDelete)
            }
            return StorageTable(name: relation.name, columns: [], primaryKey: relation.primaryKey, indexes: [], foreignKeys: keys)
        }
        return StorageSchema(tables: tables)
    }

    /// The problems that stop `serve`, one line each.
    package struct Problems: Error, Equatable, Sendable {
        /// `Model.field → table.column: expected …, found …`.
        package var lines: [String]
    }
}
