import GraphQL

/// The paging arguments of a list, index query or hasMany field. Values may hold variable leaves: `limit`
/// and `nextToken` become parameters, `sortDirection` and `sort` choose the SQL and are pinned.
struct ConnectionArguments {
    /// The `limit` argument (`.null` when absent or null).
    var limit: InputValue
    /// The page size when `limit` is absent.
    var defaultLimit: Int
    /// The largest page a client may ask for.
    var maximumLimit: Int
    /// The `nextToken` argument, if given and not null.
    var nextToken: InputValue?
    var filter: InputValue?
    var descending: Bool
    /// True when `sortDirection` was given (not null).
    var hasSortDirection: Bool
    /// The `sort` argument (pinned), if given and not null.
    var sort: InputValue?
    /// The field's name and every argument but `limit`/`nextToken`, for the token's hash.
    var fieldName: String
    var fingerprint: [(label: String, value: InputValue)]

    init(field: GraphQL.Field, values: ValueResolver, defaultLimit: Int, maximumLimit: Int) {
        self.defaultLimit = defaultLimit
        self.maximumLimit = maximumLimit
        limit = .null
        nextToken = nil
        filter = nil
        descending = false
        hasSortDirection = false
        sort = nil
        fieldName = field.name.value
        fingerprint = []
        for argument in field.arguments {
            guard let value = values.resolve(argument.value) else { continue }
            switch argument.name.value {
            case "limit":
                limit = value
            case "nextToken":
                if value != .null { nextToken = value }
            case "filter":
                if value != .null { filter = value }
                fingerprint.append(("filter", value))
            case "sortDirection":
                let direction = values.pinned(value)
                descending = direction.enumName == "DESC"
                hasSortDirection = !direction.isNull
                fingerprint.append(("sort", value))
            case "sort":
                let entries = values.pinned(value)
                if !entries.isNull { sort = entries }
                fingerprint.append(("sortBy", value))
            default:
                fingerprint.append((argument.name.value, value))
            }
        }
    }

    /// The page size a `limit` value asks for, capped at the maximum.
    static func pageSize(_ limit: InputValue, defaultLimit: Int, maximumLimit: Int) throws(PlanError) -> Int {
        if limit == .null { return defaultLimit }
        guard case .int(let requested) = limit else { throw PlanError(.validation, "Argument 'limit' must be an Int.") }
        guard Int32(exactly: requested) != nil else {
            throw PlanError(.badValue, "Argument 'limit' has an invalid value: Int cannot represent non 32-bit signed integer value: \(requested).")
        }
        guard requested >= 0 else { throw PlanError(.invalidArguments, "Argument 'limit' must not be negative.") }
        return min(requested, maximumLimit)
    }

    /// The hash a `nextToken` of a field's arguments carries, from their values.
    static func hash(fieldName: String, labels: [String], values: [InputValue]) -> String {
        NextToken.hash(([fieldName] + zip(labels, values).map { $0 + "=" + $1.canonical }).joined(separator: ";"))
    }
}
