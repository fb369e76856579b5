/// The properties every answer must have, whatever was asked.
public enum Property: String, Sendable, CaseIterable, Comparable {
    /// The connection got an HTTP answer: no reset, no close without one, no timeout.
    case answered = "answered"
    /// The process still answers `GET /healthz` with 200.
    case alive = "server-alive"
    /// The status is 200, 400, 401, 405, 413 or 503.
    case status = "status"
    /// The body is JSON.
    case json = "json-body"
    /// The body has the contract's shape: `{"data": …, "errors": [{"message": …}]}`, or an array of those for a batch.
    case shape = "response-shape"
    /// No error is an `InternalError`.
    case internalError = "no-internal-error"
    /// No message shows SQL, PostgreSQL internals, or Swift runtime text the request did not contain.
    case leak = "no-leak"
    /// A string written without an error comes back exactly as sent.
    case echo = "value-intact"
    /// The answer came within the time bound.
    case slow = "time-bound"

    /// In the order of declaration (how reports list them).
    public static func < (lhs: Property, rhs: Property) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One property an answer broke, with what was seen.
public struct Violation: Sendable, Equatable {
    /// The property.
    public var property: Property
    /// What was seen, briefly.
    public var detail: String
}
