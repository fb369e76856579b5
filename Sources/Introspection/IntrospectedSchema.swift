package import ModelIR
package import Storage

/// A schema for an existing database, made from its catalog by `modelgraph introspect`: one model per table
/// with a primary key, fields from columns, relationships from foreign keys, enums from native enum types and
/// CHECK `IN (...)` lists. The writers (`SDLWriter`, `TypeScriptWriter`) print it; `notes` says what was left out.
package struct IntrospectedSchema: Equatable, Sendable {
    /// One model: a table.
    package struct Model: Equatable, Sendable {
        /// The GraphQL type name.
        package var name: String
        /// The table's name.
        package var table: String
        /// Stored fields in column order.
        package var fields: [Field]
        /// Field names of the primary key, in key order.
        package var primaryKey: [String]
        /// Relationship fields from foreign keys.
        package var relationships: [RelationshipField]
    }

    /// One stored field: a column.
    package struct Field: Equatable, Sendable {
        /// The GraphQL field name.
        package var name: String
        /// The column's name.
        package var column: String
        /// The GraphQL type (enum types by their GraphQL name).
        package var type: FieldType
        /// True for an `Int` column a sequence or identity fills (a bare `@default`).
        package var isGeneratedByDatabase: Bool
    }

    /// A relationship field from a foreign key.
    package struct RelationshipField: Equatable, Sendable {
        /// `hasMany`, `hasOne` or `belongsTo`.
        package enum Kind: String, Equatable, Sendable {
            case hasMany, hasOne, belongsTo
        }

        /// The GraphQL field name.
        package var name: String
        /// Which relationship.
        package var kind: Kind
        /// The related model.
        package var target: String
        /// The child's reference fields, in the order of the parent's key.
        package var references: [String]
    }

    /// An enum type.
    package struct Enum: Equatable, Sendable {
        /// The GraphQL enum name.
        package var name: String
        /// Its values in order.
        package var values: [String]
    }

    /// The models, in table name order.
    package var models: [Model]
    /// The enums, in the order first met.
    package var enums: [Enum]
    /// What was skipped and why, one line each (views, tables without a primary key, unsupported columns).
    package var notes: [String]

    /// The schema of `catalog`.
    package static func make(from catalog: DatabaseCatalog) -> IntrospectedSchema {
        var builder = IntrospectionBuilder(catalog: catalog)
        return builder.build()
    }
}

/// Builds an `IntrospectedSchema`: names models and fields, maps column types, then adds relationships.
struct IntrospectionBuilder {
    let catalog: DatabaseCatalog
    var models: [IntrospectedSchema.Model] = []
    var enums: [IntrospectedSchema.Enum] = []
    var notes: [String] = []
    /// GraphQL enum name by database enum `schema.name`.
    var enumNames: [String: String] = [:]
    var typeNames: Set<String> = ["Query", "Mutation", "Subscription"]

    init(catalog: DatabaseCatalog) {
        self.catalog = catalog
    }

    mutating func build() -> IntrospectedSchema {
        for relation in catalog.relations {
            switch relation.kind {
            case .table, .partitionedTable:
                guard !relation.primaryKey.isEmpty else {
                    notes.append("table \(relation.name) skipped: it has no primary key")
                    continue
                }
                addModel(relation)
            default:
                notes.append("\(relation.kind.label) \(relation.name) skipped: ModelGraph serves tables with a primary key")
            }
        }
        addRelationships()
        return IntrospectedSchema(models: models, enums: enums, notes: notes)
    }

    mutating func addModel(_ relation: CatalogRelation) {
        let name = Naming.unique(Naming.modelName(table: relation.name), in: typeNames)
        typeNames.insert(name)
        var fields: [IntrospectedSchema.Field] = []
        var fieldNames: Set<String> = []
        for column in relation.columns {
            guard let base = baseType(column, table: relation.name) else {
                notes.append("column \(relation.name).\(column.name) skipped: ModelGraph has no GraphQL type for \(column.type.spelling)")
                continue
            }
            let fieldName = Naming.unique(Naming.fieldName(column: column.name), in: fieldNames)
            fieldNames.insert(fieldName)
            let isKey = relation.primaryKey.contains(column.name)
            let generated = base == .scalar(.int) && !column.type.isArray && (column.isIdentity || (column.defaultExpression?.hasPrefix("nextval(") ?? false))
            // A column the database fills is optional in the API (Amplify's rule), except a key or a generated Int.
            let required = column.notNull && (isKey || generated || !column.fillsItself)
            let type = FieldType(base, isList: column.type.isArray, isRequired: required, isElementRequired: false)
            fields.append(IntrospectedSchema.Field(name: fieldName, column: column.name, type: type, isGeneratedByDatabase: generated))
        }
        let key = relation.primaryKey.compactMap { column in fields.first { $0.column == column }?.name }
        guard key.count == relation.primaryKey.count else {
            notes.append("table \(relation.name) skipped: a primary key column has no GraphQL type")
            typeNames.remove(name)
            return
        }
        models.append(IntrospectedSchema.Model(name: name, table: relation.name, fields: fields, primaryKey: key, relationships: []))
    }

    /// The GraphQL base type of a column: the reverse of the storage mapping, widened as Amplify's generator maps
    /// PostgreSQL types. Nil for a type ModelGraph cannot serve.
    mutating func baseType(_ column: CatalogColumn, table: String) -> BaseType? {
        if column.type.isEnum {
            return .enumeration(enumName(schema: column.type.schema, name: column.type.name))
        }
        if !column.type.isArray, let values = CheckConstraints.allowedValues(of: column.name, in: catalog.relation(named: table)?.checks ?? []),
            values.allSatisfy(Naming.isGraphQLName)
        {
            let name = Naming.unique(Naming.typeName(Naming.modelName(table: table) + "_" + column.name), in: typeNames)
            typeNames.insert(name)
            enums.append(IntrospectedSchema.Enum(name: name, values: values))
            return .enumeration(name)
        }
        guard column.type.schema == "pg_catalog" else { return nil }
        switch column.type.name {
        case "text", "varchar", "bpchar", "money": return .scalar(.string)
        case "bool": return .scalar(.boolean)
        case "int2", "int4", "int8": return .scalar(.int)
        case "float4", "float8", "numeric": return .scalar(.float)
        case "uuid": return .scalar(.id)
        case "date": return .scalar(.awsDate)
        case "timestamp", "timestamptz": return .scalar(.awsDateTime)
        case "time": return .scalar(.awsTime)
        case "json", "jsonb": return .scalar(.awsJSON)
        case "inet", "cidr": return .scalar(.awsIPAddress)
        default: return nil
        }
    }

    /// The GraphQL enum of a native enum type, made on first use.
    mutating func enumName(schema: String, name: String) -> String {
        let key = schema + "." + name
        if let existing = enumNames[key] { return existing }
        let graphQLName = Naming.unique(Naming.typeName(name), in: typeNames)
        typeNames.insert(graphQLName)
        enumNames[key] = graphQLName
        enums.append(IntrospectedSchema.Enum(name: graphQLName, values: catalog.enumType(schema: schema, name: name)?.labels ?? []))
        return graphQLName
    }
}
