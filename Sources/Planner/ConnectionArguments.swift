import GraphQL

/// The paging arguments of a list, index query or hasMany field.
struct ConnectionArguments {
    var limit: Int
    var nextToken: String?
    var filter: InputValue?
    var descending: Bool
    /// Every argument but `limit`/`nextToken`, canonical, for the token's hash.
    var fingerprint: String

    init(field: GraphQL.Field, values: ValueResolver, defaultLimit: Int, maximumLimit: Int) throws(PlanError) {
        var limit = defaultLimit
        var fingerprintParts: [String] = [field.name.value]
        nextToken = nil
        filter = nil
        descending = false
        for argument in field.arguments {
            guard let value = values.resolve(argument.value) else { continue }
            switch argument.name.value {
            case "limit":
                if case .int(let requested) = value {
                    guard requested >= 0 else { throw PlanError(.invalidArguments, "Argument 'limit' must not be negative.") }
                    limit = min(requested, maximumLimit)
                } else if value != .null {
                    throw PlanError(.validation, "Argument 'limit' must be an Int.")
                }
            case "nextToken":
                if case .string(let token) = value { nextToken = token }
            case "filter":
                if value != .null { filter = value }
                fingerprintParts.append("filter=" + value.canonical)
            case "sortDirection":
                if case .enumValue(let direction) = value { descending = direction == "DESC" }
                fingerprintParts.append("sort=" + value.canonical)
            default:
                fingerprintParts.append(argument.name.value + "=" + value.canonical)
            }
        }
        self.limit = limit
        self.fingerprint = fingerprintParts.joined(separator: ";")
    }
}
