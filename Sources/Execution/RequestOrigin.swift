package import Planner

/// Where a GraphQL request came from, as the executor needs it: its id for errors and logs, the API key it
/// proved (the pool serves keys in turn; `KeyPermits`), when its time budget started (a batch's requests
/// share one), and whether its client is still there (the root fields and batch entries left when it has gone
/// are not run).
package struct RequestOrigin: Sendable {
    /// The id in `x-request-id` and on log lines.
    package var requestID: String
    /// What the request counts under, once its credentials were checked: the API key's public id, or
    /// `user:<iss>|<sub>` for a signed-in user (the pool and `KeyPermits` serve each in turn).
    package var keyID: String?
    /// Who the request proved itself to be: an API-key caller, or a signed-in user with verified claims.
    package var caller: Caller
    /// When the request's time budget started.
    package var startedAt: ContinuousClock.Instant
    /// False once the client has closed its connection (asked between statements, not before the first).
    package var isConnected: @Sendable () async -> Bool
    /// The request's headers (names in lower case) and the client's address, read only when a custom
    /// operation's handler is called (AppSync hands them to it as `request.headers` and `identity.sourceIp`).
    package var details: @Sendable () -> RequestDetails = { RequestDetails() }
    /// The request's variables (a handler receives them as `info.variables`).
    package var variables: [String: InputValue] = [:]

    /// Creates an origin.
    package init(
        requestID: String, keyID: String? = nil, caller: Caller = .apiKey, startedAt: ContinuousClock.Instant = .now, isConnected: @escaping @Sendable () async -> Bool = { true }
    ) {
        self.requestID = requestID
        self.keyID = keyID
        self.caller = caller
        self.startedAt = startedAt
        self.isConnected = isConnected
    }
}

/// What a handler is told about the request it answers.
package struct RequestDetails: Sendable {
    /// Header names in lower case, with their values (repeated names joined with `,`).
    package var headers: [(String, String)]
    /// The client's IP address, when known.
    package var sourceIP: String?

    /// Creates the details.
    package init(headers: [(String, String)] = [], sourceIP: String? = nil) {
        self.headers = headers
        self.sourceIP = sourceIP
    }
}
