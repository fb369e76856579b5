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
        }
    }
}
