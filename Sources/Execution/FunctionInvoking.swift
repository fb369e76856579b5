package import JSON

/// Calls the functions custom operations name (`@function(name:)`), wherever the operator runs them. The
/// executor hands it AppSync's resolver event and gets the function's answer; how and where it is sent (HTTP
/// to a Lambda container or any service, limits, connection reuse) is the invoker's.
package protocol FunctionInvoking: Sendable {
    /// Sends `event` to the function called `name` and waits for its answer; with `async` it does not wait:
    /// the outcome only says whether the event was handed over.
    func invoke(_ name: String, event: JSONValue, async: Bool) async -> FunctionOutcome
}

/// What a function call gave.
package enum FunctionOutcome: Equatable, Sendable {
    /// The function's answer (for an `async` call, `null` once the event was handed over).
    case answer(JSONValue)
    /// The function reported an error, as a Lambda function does (`errorType`, `errorMessage`).
    case functionError(type: String, message: String)
    /// The call failed: no endpoint for the name, unreachable, too slow, too large, not JSON. The message says
    /// which, for the client; nothing about the endpoint's address.
    case failed(String)
}
