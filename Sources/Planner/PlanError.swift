/// Why an operation could not be planned. Each case decides its `errorType` (docs/decisions.md §6).
package struct PlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable error categories.
    package enum Code: String, Sendable, Equatable {
        /// A request validation problem (docs/api-contract.md §13.2: no errorType key).
        case validation
        /// A bad scalar value (`ValidationError`).
        case badValue = "ValidationError"
        /// A garbled or foreign `nextToken`.
        case invalidNextToken = "InvalidNextToken"
        /// Misused arguments (`InvalidArgumentsError`).
        case invalidArguments = "InvalidArgumentsError"
        /// Not supported yet.
        case unsupported = "UnsupportedOperation"
        /// A caller without the right (`Unauthorized`).
        case unauthorized = "Unauthorized"
        /// A configured limit was exceeded.
        case limitExceeded = "LimitExceeded"
    }

    package var code: Code
    package var message: String
    /// The response path of the root field, when the error belongs to one.
    package var path: [String]?
    /// 1-based (line, column) positions in the request.
    package var locations: [(line: Int, column: Int)]

    /// Creates an error.
    package init(_ code: Code, _ message: String, path: [String]? = nil, locations: [(line: Int, column: Int)] = []) {
        self.code = code
        self.message = message
        self.path = path
        self.locations = locations
    }

    package var description: String { message }

    package static func == (lhs: PlanError, rhs: PlanError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.path == rhs.path
            && lhs.locations.map { [$0.line, $0.column] } == rhs.locations.map { [$0.line, $0.column] }
    }
}
