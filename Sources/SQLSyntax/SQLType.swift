/// The PostgreSQL column and cast types ModelGraph uses.
package indirect enum SQLType: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    case text
    case integer
    case bigint
    case doublePrecision
    case boolean
    case date
    case timestamptz
    case json
    case jsonb
    case bytea
    case array(SQLType)
    // Types an existing database may hold that ModelGraph's own storage mapping never chooses: parameters
    // written to such a column are cast to its type, since PostgreSQL has no assignment cast from text to them.
    case smallint
    case real
    case numeric
    case uuid
    case time
    case inet
    case cidr
    case money
    /// A native enum type, by schema and name (rendered quoted).
    case enumeration(schema: String, name: String)

    /// The SQL spelling.
    package var description: String {
        switch self {
        case .text: "text"
        case .integer: "integer"
        case .bigint: "bigint"
        case .doublePrecision: "double precision"
        case .boolean: "boolean"
        case .date: "date"
        case .timestamptz: "timestamptz"
        case .json: "json"
        case .jsonb: "jsonb"
        case .bytea: "bytea"
        case .array(let element): "\(element)[]"
        case .smallint: "smallint"
        case .real: "real"
        case .numeric: "numeric"
        case .uuid: "uuid"
        case .time: "time"
        case .inet: "inet"
        case .cidr: "cidr"
        case .money: "money"
        case .enumeration(let schema, let name): Quoting.identifier(schema) + "." + Quoting.identifier(name)
        }
    }
}
