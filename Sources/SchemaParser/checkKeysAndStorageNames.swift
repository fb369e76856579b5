import ModelIR

extension SchemaLowering {
    /// Checks `@primaryKey` and `@index` fields once all fields (including generated ones) exist.
    mutating func checkKeys(in schema: ModelIR.Schema) {
        for model in schema.models {
            let keySource = primaryKeySources[model.name]
            for (position, name) in model.primaryKey.enumerated() {
                let role = position == 0 ? "primary key" : "sort key"
                guard let field = model.field(named: name) else {
                    error("The \(role) field '\(name)' does not exist on '\(model.name)'.", at: keySource?.sortKeyLocation(name) ?? model.location)
                    continue
                }
                if !field.type.isRequired || field.type.isList || !isKeyType(field.type.base) {
                    error("The \(role) field '\(model.name).\(name)' must be a non-null scalar or enum, not a list (it is \(field.type)).", at: field.location)
                }
                if position > 0, field.type.base == .scalar(.boolean) {
                    error("Sort key field '\(model.name).\(name)' cannot be a Boolean.", at: field.location)
                }
            }
            if Set(model.primaryKey).count != model.primaryKey.count {
                error("The primary key of '\(model.name)' names a field twice.", at: keySource?.location ?? model.location)
            }
            for index in model.indexes {
                for (position, name) in index.fields.enumerated() {
                    guard let field = model.field(named: name) else {
                        error("@index '\(index.name)' on '\(model.name)': sort key field '\(name)' does not exist.", at: index.location)
                        continue
                    }
                    if field.type.isList || !isKeyType(field.type.base) {
                        error("@index '\(index.name)' on '\(model.name)': field '\(name)' must be a scalar or enum, not a list or object.", at: index.location)
                    }
                    if position > 0, field.type.base == .scalar(.boolean) {
                        error("@index '\(index.name)' on '\(model.name)': sort key field '\(name)' cannot be a Boolean.", at: index.location)
                    }
                }
                if index.fields.first == model.primaryKey.first, model.primaryKey.count == 1 {
                    error(
                        "@index '\(index.name)' on '\(model.name)' uses the primary key field as its partition key, which needs the primary key to have a sort key.",
                        at: index.location)
                }
            }
        }
    }

    /// `@refersTo` collisions (docs/api-contract.md §12.2): two models on one table, a table named like another model,
    /// two fields on one column; and column names with the reserved `__` prefix.
    mutating func checkStorageNames(in schema: ModelIR.Schema) {
        var tables: [String: String] = [:]
        for model in schema.models {
            if let other = tables[model.tableName] {
                error("Models '\(other)' and '\(model.name)' are both stored in table '\(model.tableName)'.", at: model.location)
            }
            tables[model.tableName] = model.name
            if let problem = Self.identifierProblem(model.tableName) {
                error("Model '\(model.name)' is stored in table '\(model.tableName)', \(problem).", at: model.location)
            }
            if model.tableName != model.name, let clash = schema.model(named: model.tableName), clash.name != model.name {
                error("Model '\(model.name)' is mapped to '\(model.tableName)', which is the name of another model.", at: model.location)
            }
            var columns: [String: String] = [:]
            for field in model.storedFields {
                if field.columnName.hasPrefix("__") {
                    // GraphQL reserves the prefix for its own names; ModelGraph's statements use it for row aliases.
                    error("Field '\(model.name).\(field.name)' is stored in column '\(field.columnName)': names beginning with '__' are reserved.", at: field.location)
                }
                if let problem = Self.identifierProblem(field.columnName) {
                    error("Field '\(model.name).\(field.name)' is stored in column '\(field.columnName)', \(problem).", at: field.location)
                }
                if let other = columns[field.columnName] {
                    error("Fields '\(model.name).\(other)' and '\(model.name).\(field.name)' are both stored in column '\(field.columnName)'.", at: field.location)
                }
                columns[field.columnName] = field.name
            }
        }
    }

    /// Why PostgreSQL cannot use `name` as written (it would cut it at 63 bytes, or cannot hold U+0000), or nil.
    static func identifierProblem(_ name: String) -> String? {
        if name.utf8.contains(0) { return "which holds U+0000, which PostgreSQL names cannot hold" }
        if name.utf8.count > 63 { return "a name of \(name.utf8.count) bytes: PostgreSQL keeps only 63 (shorten it or choose a shorter one with @refersTo(name:))" }
        return nil
    }

    private func isKeyType(_ base: BaseType) -> Bool {
        switch base {
        case .scalar, .enumeration: true
        case .object, .model: false
        }
    }
}
