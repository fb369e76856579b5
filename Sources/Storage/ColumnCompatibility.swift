package import ModelIR
package import SQLSyntax

/// Which column types of an existing database can hold each field type, and what values must be cast to on
/// the way in. A field reads and writes correctly when the column type is listed for its base type: values go
/// to PostgreSQL as text cast to the type below (the storage mapping's type when nil), and come back as the
/// column holds them.
package enum ColumnCompatibility {
    /// The outcome for one field and column type.
    package enum Verdict: Equatable, Sendable {
        /// The column can hold the field; values are cast to `cast` (nil: the storage mapping's type).
        case compatible(cast: SQLType?)
        /// It cannot; `expected` names the column types that could.
        case incompatible(expected: String)
    }

    private static let texts: Set<String> = ["text", "varchar", "bpchar"]

    /// Whether a column of `type` can hold values of field type `fieldType` (the enum's labels come from
    /// `catalog`, the GraphQL enum's values from `schema`).
    package static func verdict(_ fieldType: FieldType, column type: CatalogType, schema: Schema, catalog: DatabaseCatalog) -> Verdict {
        guard fieldType.isList == type.isArray else {
            return .incompatible(expected: fieldType.isList ? "an array column" : "a column that is not an array")
        }
        let element = elementVerdict(fieldType.base, type, schema: schema, catalog: catalog)
        guard case .compatible(let cast) = element, fieldType.isList else { return element }
        return .compatible(cast: cast.map { SQLType.array($0) })
    }

    private static func elementVerdict(_ base: BaseType, _ type: CatalogType, schema: Schema, catalog: DatabaseCatalog) -> Verdict {
        let name = type.schema == "pg_catalog" ? type.name : ""
        func accept(_ table: [String: SQLType?], expected: String) -> Verdict {
            if let cast = table[name] { return .compatible(cast: cast) }
            return .incompatible(expected: expected)
        }
        let textual: [String: SQLType?] = ["text": nil, "varchar": nil, "bpchar": nil]
        switch base {
        case .scalar(let scalar):
            switch scalar {
            case .id:
                return accept(textual.merging(["uuid": .uuid]) { $1 }, expected: "text, varchar, char or uuid")
            case .string, .awsEmail, .awsURL, .awsPhone:
                if type.isEnum { return .compatible(cast: .enumeration(schema: type.schema, name: type.name)) }
                return accept(textual.merging(["uuid": .uuid, "money": .money]) { $1 }, expected: "text, varchar, char, uuid or an enum")
            case .awsIPAddress:
                return accept(textual.merging(["inet": .inet, "cidr": .cidr]) { $1 }, expected: "text, varchar, inet or cidr")
            case .awsTime:
                return accept(textual.merging(["time": .time]) { $1 }, expected: "time or text")
            case .int:
                return accept(["int4": nil, "int2": .smallint, "int8": .bigint], expected: "integer, smallint or bigint")
            case .awsTimestamp:
                return accept(["int8": nil, "int4": .integer], expected: "bigint or integer")
            case .float:
                return accept(["float8": nil, "float4": .real, "numeric": .numeric], expected: "double precision, real or numeric")
            case .boolean:
                return accept(["bool": nil], expected: "boolean")
            case .awsDate:
                return accept(["date": nil], expected: "date")
            case .awsDateTime:
                // A `timestamp` column takes the UTC wall time: ModelGraph's sessions run in UTC, so a
                // `timestamptz` parameter is stored as UTC and read back with `Z`.
                return accept(["timestamptz": nil, "timestamp": nil], expected: "timestamptz or timestamp")
            case .awsJSON:
                return accept(["jsonb": nil, "json": .json], expected: "jsonb or json")
            }
        case .enumeration(let enumName):
            guard type.isEnum else { return accept(textual, expected: "text, varchar or an enum type holding \(enumName)'s values") }
            let labels = catalog.enumType(schema: type.schema, name: type.name)?.labels ?? []
            let missing = (schema.enumType(named: enumName)?.values ?? []).filter { !labels.contains($0) }
            guard missing.isEmpty else {
                return .incompatible(expected: "an enum type with every value of \(enumName) (\(type.name) lacks \(missing.joined(separator: ", ")))")
            }
            return .compatible(cast: .enumeration(schema: type.schema, name: type.name))
        case .object:
            return accept(["jsonb": nil, "json": .json], expected: "jsonb or json")
        case .model:
            return .incompatible(expected: "no column (a relationship field is not stored)")
        }
    }
}
