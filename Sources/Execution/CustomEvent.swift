import JSON
import ModelIR
import Planner

/// The event a function receives for a custom operation: AppSync's direct Lambda resolver event (`arguments`,
/// `identity`, `source`, `request`, `info`, `prev`, `stash`), with the `typeName` and `fieldName` Amplify's
/// `@function` resolvers also send, so a handler written for either reads what it expects.
enum CustomEvent {
    /// The event for `plan`'s root field; `details` are the request's headers and address, `previous` the earlier
    /// function's answer in a pipeline (`{}` first).
    static func event(_ plan: CustomFieldPlan, origin: RequestOrigin, details: RequestDetails, previous: JSONValue) -> JSONValue {
        let operation = plan.operation
        return event(
            typeName: operation.kind.rawValue, fieldName: operation.name, arguments: plan.arguments, caller: plan.caller, source: .null, origin: origin, details: details,
            selectionSetList: plan.selectionSetList, selectionSetGraphQL: plan.selectionSetGraphQL, previous: previous)
    }

    /// The event for field `fieldName` of `typeName` (a root type, or a model for a field resolver, whose record
    /// is `source`).
    static func event(
        typeName: String, fieldName: String, arguments: JSONValue, caller: Caller, source: JSONValue, origin: RequestOrigin, details: RequestDetails,
        selectionSetList: [String], selectionSetGraphQL: String, previous: JSONValue
    ) -> JSONValue {
        .object([
            ("typeName", .string(typeName)),
            ("fieldName", .string(fieldName)),
            ("arguments", arguments),
            ("identity", identity(caller, sourceIP: details.sourceIP)),
            ("source", source),
            ("request", .object([("headers", .object(details.headers.map { ($0.0, .string($0.1)) })), ("domainName", .null)])),
            (
                "info",
                .object([
                    ("fieldName", .string(fieldName)), ("parentTypeName", .string(typeName)),
                    ("variables", .object(origin.variables.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })),
                    ("selectionSetList", .list(selectionSetList.map(JSONValue.string))),
                    ("selectionSetGraphQL", .string(selectionSetGraphQL)),
                ])
            ),
            ("prev", .object([("result", previous)])),
            ("stash", .object([])),
        ])
    }

    /// AppSync's `identity`: null for an API key; for a user pool token the subject, issuer, user name,
    /// claims, source address, default strategy and groups; for an OpenID Connect token the subject, issuer and
    /// claims.
    static func identity(_ caller: Caller, sourceIP: String?) -> JSONValue {
        let claim = { (name: String) -> JSONValue in caller.claim(name).map(JSONValue.string) ?? .null }
        switch caller.mode {
        case .apiKey: return .null
        case .oidc: return .object([("sub", claim("sub")), ("issuer", claim("iss")), ("claims", caller.claims)])
        case .userPools:
            let username = caller.claim("cognito:username") ?? caller.claim("username")
            let groups = caller.claimValues("cognito:groups")
            return .object([
                ("sub", claim("sub")), ("issuer", claim("iss")), ("username", username.map(JSONValue.string) ?? .null), ("claims", caller.claims),
                ("sourceIp", .list(sourceIP.map { [.string($0)] } ?? [])), ("defaultAuthStrategy", .string("ALLOW")),
                ("groups", groups.isEmpty ? .null : .list(groups.map(JSONValue.string))),
            ])
        }
    }

    /// A request value as JSON (enum values as their names).
    static func json(_ value: InputValue) -> JSONValue {
        switch value {
        case .null: .null
        case .string(let text), .enumValue(let text): .string(text)
        case .int(let number): .int(number)
        case .float(let number): .float(number)
        case .boolean(let flag): .boolean(flag)
        case .list(let items): .list(items.map(json))
        case .object(let members): .object(members.map { ($0.0, json($0.1)) })
        case .leaf(_, let inner): json(inner)
        }
    }
}
